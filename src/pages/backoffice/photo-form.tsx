import type { ReactNode } from 'react';
import type { AdminProduct } from '../../contracts/catalog-admin';
import { MIN_PHOTO_SIDE } from '../../images/photo-file';
import { FormError } from '../../ui/account/field';
import { PRODUCTS } from './product-input';

/** A product photo's upload (ADR 0032): one file for one of the product's colours; no JS needed. */
export function PhotoForm({ product, error, list }: { product: AdminProduct; error: string | null; list: ReactNode }) {
  const colors = [...new Set(product.variants.map((v) => v.color))];
  // The list's removal forms sit outside the upload form (forms do not nest).
  return (
    <section aria-labelledby="photos-heading">
      <h2 id="photos-heading">Fotos</h2>
      <FormError text={error} />
      {list}
      <form
        className="account-form"
        method="post"
        action={`${PRODUCTS}/${product.id}/fotos`}
        encType="multipart/form-data"
        data-testid="photo-form"
      >
        <p>
          JPEG, PNG ou WebP de pelo menos {MIN_PHOTO_SIDE} × {MIN_PHOTO_SIDE} px (até 4 MB), de preferência na proporção
          2:3. A foto entra depois das que a cor já tem.
        </p>
        <div className="field">
          <label htmlFor="photo-color">Cor</label>
          <select id="photo-color" name="cor" required>
            {colors.map((color) => (
              <option key={color} value={color}>
                {color}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="photo-file">Foto</label>
          <input id="photo-file" type="file" name="foto" accept="image/jpeg,image/png,image/webp" required />
        </div>
        <button type="submit" className="button">
          Enviar foto
        </button>
      </form>
    </section>
  );
}
