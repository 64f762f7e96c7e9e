import type { Favorite, FavoritesResponse } from '../../contracts/customers';
import { DomainError } from '../domain-error';
import type { FavoriteRow, FavoritesRepo } from './repo';
import { PRODUCT_MESSAGES } from '../../lib/messages/products';

export interface FavoritesDeps {
  repo: FavoritesRepo;
}

const toFavorite = (row: FavoriteRow): Favorite => ({
  id: row.id,
  product_item_id: row.product_item_id,
  slug: row.slug,
  name: row.name,
  // Saved without a size: no size, unless the colour comes in one size only (then that one is the choice).
  size: row.size_chosen === 1 || row.sizes === 1 ? row.size : null,
  color: row.color_name,
  colorSlug: row.color_slug,
  priceCents: row.sale_price_cents > 0 ? row.sale_price_cents : row.list_price_cents,
  listPriceCents: row.list_price_cents,
  image: row.photo,
  available: row.stock > 0,
});

/** `pdc` (spec: GET /api/favorites?pdc=) true → the full product cards; false → the item ids only. */
export async function listFavorites(
  deps: FavoritesDeps,
  customerId: number,
  full: boolean,
): Promise<FavoritesResponse> {
  if (!full) return { favorites: [], ids: await deps.repo.ids(customerId) };
  const favorites = (await deps.repo.list(customerId)).map(toFavorite);
  return { favorites, ids: favorites.map((f) => f.product_item_id) };
}

export async function addFavorite(
  deps: FavoritesDeps,
  customerId: number,
  { productItemId, sizeChosen }: { productItemId: number; sizeChosen: boolean },
): Promise<FavoritesResponse> {
  const result = await deps.repo.add(customerId, productItemId, sizeChosen);
  const ids = await deps.repo.ids(customerId);
  if (result.meta.changes === 0 && !ids.includes(productItemId))
    throw new DomainError('NOT_FOUND', PRODUCT_MESSAGES.notFound);
  return { favorites: [], ids };
}

export async function removeFavorite(
  deps: FavoritesDeps,
  customerId: number,
  productItemId: number,
): Promise<FavoritesResponse> {
  const result = await deps.repo.remove(customerId, productItemId);
  if (result.meta.changes === 0) throw new DomainError('NOT_FOUND', 'Favorito não encontrado.');
  return { favorites: [], ids: await deps.repo.ids(customerId) };
}
