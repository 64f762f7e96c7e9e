import { Hono, type Context } from 'hono';
import type { Operator } from '../../contracts/backoffice';
import type { AdminProduct } from '../../contracts/catalog-admin';
import type { AppEnv } from '../../env';
import { MAX_IMPORT_BYTES } from '../../http/body-limit';
import { mediaType } from '../../http/form';
import { MIN_PHOTO_SIDE, photoHeader, type PhotoHeader } from '../../images/photo-file';
import { photoFileName, photoKeys, resizerOf, storePhoto } from '../../images/photo-upload';
import { slugify } from '../../lib/format/slug';
import { FormError } from '../../ui/account/field';
import { failure, readForm } from '../account/forms';
import { notFound } from '../not-found';
import { asStaff, idParam, page, type Status } from './operator-frame';
import { PRODUCTS } from './product-input';
import { formPage } from './product-routes';
import { UpstreamOwns } from './stock-log';

export const PHOTO_MESSAGES = {
  unavailable:
    'O envio de fotos precisa do bucket de imagens (R2 IMAGES) e do gerador de variantes (Cloudflare Images) configurados nesta loja. Nada foi enviado.',
  multipart: 'Envie a foto pelo formulário.',
  missing: 'Escolha uma foto (JPEG, PNG ou WebP).',
  tooLarge: 'A foto passa de 4 MB: reduza-a e envie de novo.',
  type: 'A foto precisa ser JPEG, PNG ou WebP.',
  color: 'Escolha uma das cores do produto para a foto.',
  which: 'Escolha uma foto do produto para remover.',
  small: (w: number, h: number) =>
    `A foto precisa ter pelo menos ${MIN_PHOTO_SIDE} × ${MIN_PHOTO_SIDE} px; esta tem ${w} × ${h} px.`,
} as const;

/** The upload's checks, in order; answers the refusal (status, pt-BR message) or the photo to store. */
type Read = { status: Status; error: string } | { color: string; bytes: Uint8Array<ArrayBuffer>; header: PhotoHeader };

async function readPhoto(c: Context<AppEnv>, product: AdminProduct): Promise<Read> {
  if (mediaType(c.req.header('content-type') ?? '').type !== 'multipart/form-data')
    return { status: 400, error: PHOTO_MESSAGES.multipart };
  let form: FormData;
  try {
    form = await c.req.formData();
  } catch {
    return { status: 400, error: PHOTO_MESSAGES.multipart };
  }
  const color = form.get('cor');
  const file = form.get('foto');
  if (typeof color !== 'string' || !product.variants.some((v) => v.color === color))
    return { status: 422, error: PHOTO_MESSAGES.color };
  if (file === null || typeof file === 'string' || file.size === 0)
    return { status: 400, error: PHOTO_MESSAGES.missing };
  if (file.size > MAX_IMPORT_BYTES) return { status: 422, error: PHOTO_MESSAGES.tooLarge };
  const bytes = new Uint8Array(await file.arrayBuffer());
  const header = photoHeader(bytes);
  if (!header) return { status: 422, error: PHOTO_MESSAGES.type };
  if (header.width < MIN_PHOTO_SIDE || header.height < MIN_PHOTO_SIDE)
    return { status: 422, error: PHOTO_MESSAGES.small(header.width, header.height) };
  return { color, bytes, header };
}

/**
 * POST /painel/produtos/:id/fotos (`catalog:write`, ADR 0032): the original and every storefront variant into the
 * `IMAGES` bucket, then the photo's row and its audit row in one batch. Refusals re-render the product's page.
 */
export const photoRoutes = new Hono<AppEnv>()
  .post(
    `${PRODUCTS}/:id{[0-9]{1,9}}/fotos`,
    asStaff('catalog:write', async (c, operator: Operator) => {
      const id = idParam(c);
      if (c.var.config.upstream !== null)
        return page(c, operator, PRODUCTS, 'Produtos', <UpstreamOwns what="o catálogo" />, 409);
      const bucket = c.env.IMAGES;
      const resize = resizerOf(c.env);
      // Nothing on the form can fix this: a short page, before the product is read.
      if (!bucket || !resize)
        return page(c, operator, PRODUCTS, 'Fotos do produto', <FormError text={PHOTO_MESSAGES.unavailable} />, 409);
      let product: AdminProduct;
      try {
        product = await c.var.commerce.backofficeProduct(id);
      } catch (error) {
        if (failure(error).status === 404) return notFound(c);
        throw error;
      }
      const refuse = (status: Status, message: string) => formPage(c, operator, id, null, status, message);
      const photo = await readPhoto(c, product);
      if ('error' in photo) return refuse(photo.status, photo.error);
      const file = photoFileName(product.slug, slugify(photo.color) || 'cor', photo.header, new Date());
      await storePhoto(bucket, resize, photo.bytes, photo.header, file);
      try {
        await c.var.commerce.backofficeProductPhotoAdd({ id, color: photo.color, file });
      } catch (error) {
        const { status, message } = failure(error, c);
        return status === 404 ? notFound(c) : refuse(status, message);
      }
      return c.redirect(`${PRODUCTS}/${id}?foto=1`, 303);
    }),
  )
  .post(
    `${PRODUCTS}/:id{[0-9]{1,9}}/fotos/remover`,
    /**
     * A photo's removal (`catalog:write`): its row and the audit row in one batch under the form's product version
     * (stale → 409, nothing removed); then, the batch committed, its objects in the bucket, so no row ever points at
     * deleted files. Objects a failed delete leaves are unreferenced and never shown.
     */
    asStaff('catalog:write', async (c, operator: Operator) => {
      const id = idParam(c);
      if (c.var.config.upstream !== null)
        return page(c, operator, PRODUCTS, 'Produtos', <UpstreamOwns what="o catálogo" />, 409);
      const values = await readForm(c);
      const file = values.foto ?? '';
      const refuse = (status: Status, message: string) => formPage(c, operator, id, null, status, message);
      if (!/^\d{1,9}$/.test(values.version ?? '') || !/^[a-z0-9][a-z0-9._-]{0,254}$/i.test(file))
        return refuse(400, PHOTO_MESSAGES.which);
      let removed: { file: string };
      try {
        removed = await c.var.commerce.backofficeProductPhotoRemove({ id, version: Number(values.version), file });
      } catch (error) {
        const { status, message } = failure(error, c);
        return status === 404 ? notFound(c) : refuse(status, message);
      }
      try {
        await c.env.IMAGES?.delete(photoKeys(removed.file));
      } catch (error) {
        console.error(
          JSON.stringify({
            level: 'error',
            message: 'photo objects not deleted',
            file: removed.file,
            error: String(error),
          }),
        );
      }
      return c.redirect(`${PRODUCTS}/${id}?foto=removida`, 303);
    }),
  );
