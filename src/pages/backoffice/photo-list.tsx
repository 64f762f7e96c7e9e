import type { AdminProduct } from '../../contracts/catalog-admin';
import { PRODUCTS } from './product-input';

/**
 * The product's photos per colour, each with its removal (a small form carrying the product's version: a stale page
 * gets a 409 and removes nothing). The thumbnails are the storefront's smallest variant.
 */
export function PhotoList({ product, imageHost }: { product: AdminProduct; imageHost: string }) {
  if (product.photos.length === 0) return <p data-testid="photo-list">Nenhuma foto ainda.</p>;
  return (
    <ul className="backoffice__photos" data-testid="photo-list">
      {product.photos.map((photo) => (
        <li key={photo.file} data-testid="photo-item">
          <img
            src={`${imageHost}/product/80x120/${photo.file}`}
            width={80}
            height={120}
            alt={`${photo.color}, foto ${photo.position}`}
            loading="lazy"
          />
          <span>
            {photo.color} · {photo.position}ª foto
          </span>
          <form method="post" action={`${PRODUCTS}/${product.id}/fotos/remover`}>
            <input type="hidden" name="version" value={String(product.version)} />
            <input type="hidden" name="foto" value={photo.file} />
            <button
              type="submit"
              className="button"
              aria-label={`Remover a ${photo.position}ª foto da cor ${photo.color}`}
            >
              Remover
            </button>
          </form>
        </li>
      ))}
    </ul>
  );
}
