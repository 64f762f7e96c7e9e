import type { ProductDetail, ProductSku } from '../../src/contracts/product';

/** A bikini in coral (sold out) and preto (P at 149,90 and M in stock, G sold out). */
export function sku(color: string, size: string, order: number, available: boolean, price = 15990): ProductSku {
  return {
    productItemId: order + (color === 'preto' ? 0 : 100),
    sku: `X-${color}-${size}`,
    color,
    size,
    sizeOrder: order,
    priceCents: price,
    listPriceCents: 19990,
    discountPct: 20,
    available,
    lastUnits: false,
  };
}

export const product: ProductDetail = {
  id: 1,
  slug: 'biquini-x',
  name: 'Biquíni X',
  description: '',
  details: '',
  department: { slug: 'moda-praia', name: 'Moda Praia' },
  category: { slug: 'moda-praia/biquinis', name: 'Biquínis' },
  breadcrumb: [],
  priceCents: 15990,
  listPriceCents: 19990,
  discountPct: 20,
  preSale: false,
  gift: false,
  colors: [
    { slug: 'coral', name: 'Coral', hex: '#ef6f5e', photos: ['a.webp'] },
    { slug: 'preto', name: 'Preto', hex: '#1d1d1d', photos: ['b.webp'] },
  ],
  skus: [
    sku('coral', 'M', 1, false),
    sku('coral', 'P', 0, false),
    sku('preto', 'G', 2, false),
    sku('preto', 'P', 0, true, 14990),
    sku('preto', 'M', 1, true),
  ],
};
