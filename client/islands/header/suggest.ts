import type { Suggestions } from '../../../src/contracts/catalog';
import { formatBRL } from '../../../src/lib/format/money';
import { productImage } from '../../../src/lib/site/images';

/** Spec: suggestions start at two characters, after the shopper pauses typing. */
export const SUGGEST_MIN_CHARS = 2;
export const SUGGEST_DEBOUNCE_MS = 150;
export const SUGGEST_LISTBOX_ID = 'search-suggestions';
const IMAGE_HOST = '/images';

export type SuggestOption =
  | { kind: 'category'; href: string; label: string }
  | { kind: 'product'; href: string; label: string; price: string; image: string | null }
  | { kind: 'all'; href: string; label: string };

export const optionId = (index: number) => `${SUGGEST_LISTBOX_ID}-${index}`;

/** Flat option list in display order: categories, products, then "see all". Empty when there is nothing to suggest. */
export function suggestOptions(s: Suggestions, term: string): SuggestOption[] {
  if (s.products.length === 0 && s.categories.length === 0) return [];
  return [
    ...s.categories.map((c): SuggestOption => ({ kind: 'category', href: c.href, label: c.name })),
    ...s.products.map((p): SuggestOption => ({
      kind: 'product',
      href: `/${p.slug}/p`,
      label: p.name,
      price: formatBRL(p.priceCents),
      image: p.image ? productImage(IMAGE_HOST, p.image, 'thumbnail') : null,
    })),
    { kind: 'all', href: '/search?q=' + encodeURIComponent(term), label: `Ver todos os resultados para “${term}”` },
  ];
}
