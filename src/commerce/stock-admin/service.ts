import {
  MAX_STOCK,
  STOCK_PAGE_SIZE,
  STOCK_REASONS,
  type StockAdjusted,
  type StockAdjustment,
  type StockLogEntry,
  type StockPage,
  type StockQuery,
  type StockReason,
  type StockSku,
} from '../../contracts/stock-admin';
import { DomainError } from '../domain-error';
import { isStaleVersion, type AdjustmentRow, type LocationRow, type SkuRow, type StockAdminRepo } from './repo';

export const STOCK_MESSAGES = {
  skuNotFound: 'SKU não encontrado.',
  storeNotFound: 'Loja não encontrada.',
  negative: (have: number) =>
    `O estoque não pode ficar negativo: há ${have} ${have === 1 ? 'unidade' : 'unidades'} neste local.`,
  tooMuch: `O estoque de um local pode ter no máximo ${MAX_STOCK.toLocaleString('pt-BR')} unidades.`,
  stale: (sku: string, store: string, now: number, was: number | null) =>
    `O estoque de ${sku} em ${store} mudou desde que você abriu a página (uma venda ou outro ajuste): ${was !== null && was !== now ? `era ${was}, ` : ''}agora ${now === 1 ? 'há 1 unidade' : `há ${now} unidades`}. Nada foi salvo: confira a quantidade e salve de novo.`,
} as const;

function toSku(row: SkuRow, locations: LocationRow[]): StockSku {
  return {
    sku: row.sku,
    productId: row.product_id,
    productName: row.product_name,
    colorName: row.color_name,
    size: row.size,
    locations: locations
      .filter((l) => l.product_item_id === row.id)
      .map((l) => ({ store: l.store_key, storeName: l.store_name, quantity: l.quantity, version: l.version })),
  };
}

const toEntry = (r: AdjustmentRow): StockLogEntry => ({
  id: r.id,
  sku: r.sku,
  store: r.store_key,
  reason: r.reason as StockReason,
  reasonLabel: STOCK_REASONS[r.reason as StockReason] ?? r.reason,
  note: r.note,
  before: r.quantity_before,
  after: r.quantity_after,
  staffId: r.staff_id,
  createdAt: r.created_at,
});

export async function stockPage(repo: StockAdminRepo, query: StockQuery): Promise<StockPage> {
  const { rows, total } = await repo.page(query);
  const locations = await repo.locations(rows.map((r) => r.id));
  return { items: rows.map((r) => toSku(r, locations)), total, page: query.page, pageSize: STOCK_PAGE_SIZE };
}

export async function stockOfSku(repo: StockAdminRepo, sku: string): Promise<{ sku: StockSku; log: StockLogEntry[] }> {
  const row = await repo.sku(sku);
  if (!row) throw new DomainError('NOT_FOUND', STOCK_MESSAGES.skuNotFound);
  const [locations, log] = await Promise.all([repo.locations([row.id]), repo.log(row.id)]);
  return { sku: toSku(row, locations), log: log.map(toEntry) };
}

/**
 * One adjustment of one SKU at one location, as ONE batch (the version guard, the log row, the new quantity, then
 * `extra`: the audit row joins here). A stale version (a sale or another adjustment since the form was read) is a
 * 409 that says what changed; a result below zero is a 422. Returns the changed field's before/after.
 */
export async function adjustStock(
  repo: StockAdminRepo,
  input: StockAdjustment,
  actor: { staffId: number | null; now: Date },
  /** Joins the batch; a function gets the quantity's before/after (the audit row). */
  extra:
    | D1PreparedStatement[]
    | ((change: { before: { quantity: number }; after: { quantity: number } }) => D1PreparedStatement[]) = [],
): Promise<StockAdjusted> {
  const [row, store] = await Promise.all([repo.sku(input.sku), repo.store(input.store)]);
  if (!row) throw new DomainError('NOT_FOUND', STOCK_MESSAGES.skuNotFound);
  if (!store) throw new DomainError('NOT_FOUND', STOCK_MESSAGES.storeNotFound);
  const current = async () => (await repo.locations([row.id])).find((l) => l.store_id === store.id)!;
  const was = await current();
  const stale = (now: LocationRow, before: number | null) =>
    new DomainError('CONFLICT', STOCK_MESSAGES.stale(row.sku, store.name, now.quantity, before), undefined, {
      current: { quantity: now.quantity, version: now.version },
    });
  // The early answer; the batch's own guard (the version in its statements) is what holds under a race.
  if (was.version !== input.version) throw stale(was, null);
  const after = input.quantity ?? was.quantity + input.delta!;
  if (after < 0) throw new DomainError('UNPROCESSABLE', STOCK_MESSAGES.negative(was.quantity));
  if (after > MAX_STOCK) throw new DomainError('UNPROCESSABLE', STOCK_MESSAGES.tooMuch);
  try {
    await repo.batch([
      ...repo.adjustStatements({
        productItemId: row.id,
        storeId: store.id,
        version: input.version,
        after,
        reason: input.reason,
        note: input.note ?? null,
        staffId: actor.staffId,
        at: actor.now.toISOString(),
      }),
      ...(typeof extra === 'function'
        ? extra({ before: { quantity: was.quantity }, after: { quantity: after } })
        : extra),
    ]);
  } catch (error) {
    if (isStaleVersion(error)) throw stale(await current(), was.quantity);
    throw error;
  }
  const { sku, log } = await stockOfSku(repo, row.sku);
  return { sku, entry: log[0]!, before: { quantity: was.quantity }, after: { quantity: after } };
}
