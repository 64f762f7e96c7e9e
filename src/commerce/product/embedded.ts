import type { CommercePort } from '../port';
import { productRepo } from './repo';
import { productDetail } from './service';

/** The embedded product page data. */
export function embeddedProduct(db: D1Database): Pick<CommercePort, 'product'> {
  const product = { repo: productRepo(db) };
  return { product: (slug) => productDetail(product, slug) };
}
