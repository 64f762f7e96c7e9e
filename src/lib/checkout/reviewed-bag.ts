/**
 * What the shopper reviewed before "Finalizar compra": the fingerprint of the bag's lines (SKU id ×
 * amount, sorted, so the order of the lines does not matter). The checkout sends it with the reviewed
 * total; finish-order recomputes it from the cart it builds the order from and refuses a difference.
 */
export function bagFingerprint(items: readonly { id_item_product: number; amount: number }[]): string {
  return items
    .map((i) => [i.id_item_product, i.amount] as const)
    .sort((a, b) => a[0] - b[0] || a[1] - b[1])
    .map(([sku, amount]) => `${sku}x${amount}`)
    .join(',');
}

/** The shape of a fingerprint: `sku x amount`, comma-separated (empty for an empty bag). */
export const BAG_FINGERPRINT = /^(\d{1,12}x\d{1,4}(,\d{1,12}x\d{1,4})*)?$/;
