import { encode } from 'uqr';
import type { CardBrand, PaymentNextStep } from '../../contracts/checkout';
import type { AddressSnapshot, OrderDetail, OrderPayment, OrderStatus, OrderSummary } from '../../contracts/orders';
import { dueDateFrom } from '../payments/providers/boleto';
import type { PaymentRow } from '../payments/repo';
import type { EventRow, ItemRow, OrderRow } from './repo';

export function toSummary(row: OrderRow): OrderSummary {
  return {
    id: row.id,
    status: row.status,
    createdAt: row.created_at,
    store: row.store,
    paymentMethodId: row.payment_method_id,
    itemsCount: row.items_count,
    total: row.total_cents,
  };
}

export function toPayment(p: PaymentRow): OrderPayment {
  return {
    reference: p.provider_reference,
    methodId: p.method_id,
    provider: p.provider,
    status: p.status,
    installments: p.installments,
    charged: p.charged_cents,
    cardBrand: (p.card_brand as CardBrand | null) ?? null,
    cardLast4: p.card_last4,
    pix: p.pix_payload ? { payload: p.pix_payload, expiresAt: p.expires_at ?? '' } : null,
    boleto:
      p.boleto_line && p.boleto_barcode
        ? { digitableLine: p.boleto_line, barcode: p.boleto_barcode, dueDate: boletoDueDate(p) }
        : null,
    actionUrl: p.status === 'pending' ? p.action_url : null,
    expiresAt: p.expires_at,
    paidAt: p.paid_at,
  };
}

// A boleto expires the day after its due date (see providers/boleto.ts).
function boletoDueDate(p: PaymentRow): string {
  return p.expires_at ? dueDateFrom(new Date(Date.parse(p.expires_at) - 86_400_000), 0) : '';
}

export function toDetail(row: OrderRow, items: ItemRow[], events: EventRow[], payment: PaymentRow): OrderDetail {
  return {
    ...toSummary(row),
    storeName: row.store_name,
    customer: { name: row.name, email: row.email, cpf: row.cpf, guest: row.guest === 1 },
    subtotal: row.subtotal_cents,
    discount: row.discount_cents,
    shipping: row.shipping_cents,
    cashback: row.cashback_cents,
    cashbackEarned: row.cashback_earned_cents,
    installments: row.installments,
    couponCode: row.coupon_code,
    sellerCode: row.seller_code,
    pickup: row.pickup === 1,
    address: row.address_json ? (JSON.parse(row.address_json) as AddressSnapshot) : null,
    shippingOption: JSON.parse(row.shipping_option_json),
    trackingCode: row.tracking_code,
    expiresAt: row.expires_at,
    paidAt: row.paid_at,
    items: items
      .filter((i) => i.order_id === row.id)
      .map((i) => ({
        productItemId: i.product_item_id,
        name: i.name,
        slug: i.slug,
        size: i.size,
        color: i.color_name,
        photo: i.photo,
        amount: i.amount,
        unitPrice: i.unit_price_cents,
        listPrice: i.list_price_cents,
        total: i.total_cents,
        gift: i.gift === 1,
      })),
    events: events
      .filter((e) => e.order_id === row.id)
      .map((e) => ({ status: e.status, note: e.note, at: e.created_at })),
    payment: toPayment(payment),
  };
}

/** The status of a checkout's orders together: pending while any is, else the first's. */
export function overallStatus(statuses: OrderStatus[]): OrderStatus {
  return statuses.includes('pending') ? 'pending' : (statuses[0] ?? 'pending');
}

/** The Pix QR as a compact SVG: one unit per module, dark runs of a row merged into one path segment. */
export function pixQrSvg(payload: string): string {
  const { size, data } = encode(payload, { ecc: 'M', border: 4 });
  let path = '';
  data.forEach((row, y) => {
    for (let x = 0; x < size; x++) {
      if (!row[x]) continue;
      let end = x;
      while (end + 1 < size && row[end + 1]) end++;
      path += `M${x} ${y}h${end - x + 1}v1H${x}z`;
      x = end;
    }
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" shape-rendering="crispEdges" role="img" aria-label="QR Code Pix"><rect width="${size}" height="${size}" fill="#fff"/><path fill="#000" d="${path}"/></svg>`;
}

/** What the shopper must do next for this payment. */
export function nextStep(p: OrderPayment, boletoUrl: string, returnTo: string): PaymentNextStep {
  if (p.status !== 'pending') return { kind: 'none' };
  if (p.pix) return { kind: 'pix', payload: p.pix.payload, qrSvg: pixQrSvg(p.pix.payload), expiresAt: p.pix.expiresAt };
  if (p.boleto)
    return {
      kind: 'boleto',
      digitableLine: p.boleto.digitableLine,
      barcode: p.boleto.barcode,
      dueDate: p.boleto.dueDate,
      url: boletoUrl,
    };
  if (p.actionUrl) return { kind: 'redirect', url: `${p.actionUrl}?return=${encodeURIComponent(returnTo)}` };
  return { kind: 'none' };
}
