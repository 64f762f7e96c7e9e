import type { CardBrand, PaymentNextStep } from '../../contracts/checkout';
import type { AddressSnapshot, OrderDetail, OrderPayment, OrderStatus, OrderSummary } from '../../contracts/orders';
import { dueDateOfBarcode } from '../../lib/payments/boleto';
import type { PaymentRow } from '../payments/repo';
import type { EventRow, ItemRow, OrderRow } from './repo';
import { actionHref } from '../../lib/payments/payment-action';
import { pixQrSvg } from '../../lib/payments/pix-qr';

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
    // A boleto's Pix copia-e-cola ("boleto com Pix") belongs to the boleto, not to a Pix payment.
    pix: p.pix_payload && !p.boleto_line ? { payload: p.pix_payload, expiresAt: p.expires_at ?? '' } : null,
    boleto:
      p.boleto_line && p.boleto_barcode
        ? {
            digitableLine: p.boleto_line,
            barcode: p.boleto_barcode,
            dueDate: boletoDueDate(p),
            ...(p.pix_payload ? { pixPayload: p.pix_payload } : {}),
          }
        : null,
    actionUrl: p.status === 'pending' ? p.action_url : null,
    expiresAt: p.expires_at,
    paidAt: p.paid_at,
    sandbox: p.sandbox === 1,
  };
}

/** A boleto's due date, as its barcode's factor says (the one nearest the payment's deadline). */
function boletoDueDate(p: PaymentRow): string {
  return (
    (p.boleto_barcode && dueDateOfBarcode(p.boleto_barcode, p.expires_at ? new Date(p.expires_at) : new Date())) ?? ''
  );
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
        preSale: i.pre_sale === 1,
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
      ...(p.boleto.pixPayload ? { pixPayload: p.boleto.pixPayload, qrSvg: pixQrSvg(p.boleto.pixPayload) } : {}),
    };
  if (p.actionUrl) return { kind: 'redirect', url: actionHref(p.actionUrl, returnTo) };
  return { kind: 'none' };
}
