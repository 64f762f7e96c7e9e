/** Spec §7/§9 product image variants (width x height), served under `<IMAGE_HOST>/product/<variant>/<file>`. */
import { dict } from '../security/dict';
export const PRODUCT_VARIANTS = dict({
  thumbnail: '80x120',
  medium: '233x350',
  list: '500x750',
  detail: '750x1125',
  page: '1000x1500',
} as const);
export type ProductVariant = keyof typeof PRODUCT_VARIANTS;

// The thumbnail (80 px) is left out: a card or the gallery is never drawn that narrow, even at 1x.
const WIDTHS: [string, number][] = Object.values(PRODUCT_VARIANTS)
  .filter((v) => v !== PRODUCT_VARIANTS.thumbnail)
  .map((v) => [v, Number(v.split('x')[0])]);

/** URL of one variant; `original` is the unscaled file under `product/`. */
export function productImage(imageHost: string, file: string, variant: ProductVariant | 'original'): string {
  return variant === 'original'
    ? `${imageHost}/product/${file}`
    : `${imageHost}/product/${PRODUCT_VARIANTS[variant]}/${file}`;
}

/** `srcset` over the variants from `medium` up, for `<img sizes=…>` to pick from. */
export function productSrcSet(imageHost: string, file: string): string {
  return WIDTHS.map(([v, w]) => `${imageHost}/product/${v}/${file} ${w}w`).join(', ');
}

export function menuImage(imageHost: string, file: string): string {
  return `${imageHost}/menu/${file.replace(/^\/+/, '')}`;
}
