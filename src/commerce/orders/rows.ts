import type { Cart } from '../../contracts/cart';
import type { FinishOrder } from '../../contracts/checkout';
import type { AddressSnapshot } from '../../contracts/orders';
import type { PaymentMethod } from '../../lib/payments/payment-methods';
import { cashbackAccrualCents } from '../cashback/rules';
import type { Authorization } from '../payments/provider';
import type { Allocation } from '../inventory/allocate';
import type { Buyer } from './buyer';
import type { Package } from './plan';
import type { Pricing } from './pricing';
import type { StockRow, StoreRow } from '../inventory/repo';
import type { OrderInsert, PaymentInsert } from './finish-repo';

/** Finish-order step 5, the rows: the payment row and one order row (with its lines) per package. */

/** The payment row for a fresh authorization (`paid` only for the internal coupon method). */
export function paymentInsert(
  auth: Exclude<Authorization, { outcome: 'declined' }>,
  provider: string,
  method: PaymentMethod,
  amount: number,
  charged: number,
  installments: number,
  reference: string,
  now: Date,
): PaymentInsert {
  const pending = auth.outcome === 'pending' ? auth : null;
  return {
    methodId: method.id,
    provider,
    status: auth.outcome,
    amount,
    installments,
    charged,
    cardBrand: auth.card?.brand ?? null,
    cardLast4: auth.card?.last4 ?? null,
    reference,
    chargeId: auth.providerReference === reference ? null : auth.providerReference,
    pixPayload: pending?.pix?.payload ?? pending?.boleto?.pixPayload ?? null,
    pixTxid: pending?.pix?.txid ?? null,
    boletoLine: pending?.boleto?.line ?? null,
    boletoBarcode: pending?.boleto?.barcode ?? null,
    actionUrl: pending?.actionUrl ?? null,
    expiresAt: pending?.expiresAt ?? null,
    paidAt: auth.outcome === 'paid' ? now.toISOString() : null,
  };
}

export interface OrderRowsInput {
  input: FinishOrder;
  cart: Cart;
  buyer: Buyer;
  address: AddressSnapshot | null;
  packages: Package[];
  plan: Allocation;
  prices: number[];
  storeRows: StoreRow[];
  stock: StockRow[];
  pricing: Pricing;
  method: PaymentMethod;
  affiliateSiteId: string | null;
  /** Settled at once (nothing to charge): the orders are written paid and earn cashback. */
  paid: boolean;
  /** A pending charge's deadline: the orders expire unpaid then. */
  expiresAt: string | null;
  at: string;
}

export function orderRows(r: OrderRowsInput): OrderInsert[] {
  const { input, cart, buyer, address, packages, plan, prices, storeRows, stock, pricing: money, paid } = r;
  return money.used.map((p, k) => {
    const pkg = packages[p]!;
    const pickup = pkg.selectedOption.type === 'pickup';
    return {
      store: pkg.store,
      storeId: storeRows[p]!.id,
      status: paid ? 'paid' : 'pending',
      customerId: buyer.customerId,
      email: buyer.email,
      name: buyer.name,
      cpf: buyer.cpf,
      phone: buyer.phone,
      methodId: r.method.id,
      installments: input.payment.installmentNumber,
      subtotal: money.subtotals[k]!,
      discount: money.discounts[k]!,
      shipping: prices[p]!,
      cashback: money.cashbacks[k]!,
      total: money.totals[k]!,
      cashbackEarned:
        paid && buyer.customerId !== null
          ? cashbackAccrualCents(money.subtotals[k]! - money.discounts[k]! - money.cashbacks[k]!)
          : 0,
      couponCode: cart.coupon?.code ?? null,
      sellerCode: cart.seller?.code ?? null,
      affiliateSiteId: r.affiliateSiteId,
      hasPreSale: cart.items.some((item, i) => plan.packageOf[i] === p && item.preSale),
      address: pickup || !address ? null : JSON.stringify(address),
      addressId: pickup ? null : (input.shippingInfo.addressId ?? null),
      shippingOption: JSON.stringify(pkg.selectedOption),
      pickup,
      userAgent: input.userAgent?.slice(0, 300) ?? null,
      expiresAt: r.expiresAt,
      paidAt: paid ? r.at : null,
      items: cart.items
        .map((item, i) => ({ item, i }))
        .filter(({ i }) => plan.packageOf[i] === p)
        .map(({ item, i }) => {
          const sku = stock.find((s) => s.productItemId === item.id_item_product)!;
          return {
            productItemId: item.id_item_product,
            stockStoreId: plan.stockStoreOf[i]!,
            productId: sku.productId,
            sku: sku.sku,
            slug: item.product.slug,
            name: item.product.name,
            size: item.product.size,
            color: item.product.color,
            photo: item.product.items[0]?.photos[0]?.photo ?? null,
            amount: item.amount,
            listPrice: item.original_price,
            unitPrice: item.price,
            gift: item.product.gift,
            preSale: item.preSale,
          };
        }),
    };
  });
}
