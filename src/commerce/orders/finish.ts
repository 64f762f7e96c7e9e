import type { Cart } from '../../contracts/cart';
import {
  PAYMENT_METHOD_IDS,
  type FinishOrder,
  type FinishOrderResult,
  type PaymentMethodId,
} from '../../contracts/checkout';
import { isValidCpf, normalizeCpf } from '../../lib/cpf';
import { findInstallment } from '../../lib/installments';
import type { CartDeps } from '../cart/service';
import { getCart } from '../cart/service';
import type { Identity } from '../customers/identity';
import type { AddressSnapshot } from '../../contracts/orders';
import { addressesRepo } from '../addresses/repo';
import { DomainError } from '../domain-error';
import { chargeProvider } from '../payments/live/bridge';
import { newReference } from '../payments/reference';
import type { ChargeResult, PaymentsConfig } from '../payments/providers/types';
import { quote, type ShippingConfig } from '../shipping/quote';
import { newAccessToken } from './access';
import { cashbackAccrualStatement, cashbackDebitStatement, couponUseStatements } from './effects';
import { allocate, homePlan, splitProportionally, type Allocation, type StoreStock } from './allocate';
import type { OrderInsert, OrderPlan, OrdersRepo, PaymentInsert, StoreRow } from './repo';
import { checkoutResult } from './read';

export interface OrdersDeps {
  db: D1Database;
  repo: OrdersRepo;
  carts: CartDeps;
  now: () => Date;
  payments: PaymentsConfig;
  shipping: ShippingConfig;
  identity: () => Promise<Identity | null>;
}

export const ORDER_MESSAGES = {
  cartNotFound: 'Sacola não encontrada.',
  emptyCart: 'Sua sacola está vazia.',
  session: 'Sua sessão expirou. Faça login novamente.',
  guest: 'Informe nome, e-mail e CPF para continuar.',
  cpf: 'CPF inválido.',
  store: 'Loja inválida para a entrega escolhida.',
  address: 'Informe o endereço de entrega.',
  addressNotFound: 'Endereço não encontrado.',
  shipping: 'A opção de frete escolhida não está mais disponível. Calcule o frete novamente.',
  stockTitle: 'Atenção!',
  stock: 'O estoque desse produto esgotou!',
  couponMethod: 'O pagamento com cupom só vale para pedidos sem valor a pagar.',
  zeroTotal: 'Este pedido não tem valor a pagar: finalize com o cupom.',
  installments: 'Número de parcelas inválido para este valor.',
  closed: 'Esta sacola já virou um pedido.',
  paypalAmount: 'O valor da sacola mudou. Refaça o pagamento com o PayPal.',
  paypalMissing: 'Pagamento PayPal não encontrado ou já utilizado.',
  couponTitle: 'Cupom inválido!',
  coupon: 'Cupom já utilizado ou inválido para esse pedido. Não é possível aplicá-lo',
  cashbackTitle: 'Cashback inválido!',
  cashback: 'Cashback já utilizado ou inválido para esse pedido. Não é possível aplicá-lo!',
} as const;

const CARD_METHODS: readonly number[] = [PAYMENT_METHOD_IDS['credit-card'], PAYMENT_METHOD_IDS['credit-card-paypal']];

interface Buyer {
  customerId: number | null;
  email: string;
  name: string;
  cpf: string;
  phone: string | null;
}

async function buyerOf(deps: OrdersDeps, input: FinishOrder): Promise<Buyer> {
  const me = await deps.identity();
  if (input.customerId && (!me || me.id !== input.customerId))
    throw new DomainError('UNAUTHENTICATED', ORDER_MESSAGES.session);
  if (me) return { customerId: me.id, email: me.email, name: me.name, cpf: me.cpf, phone: null };
  const guest = input.anonymousConsumer;
  if (!guest) throw new DomainError('VALIDATION', ORDER_MESSAGES.guest);
  if (!isValidCpf(guest.cpf)) throw new DomainError('VALIDATION', ORDER_MESSAGES.cpf);
  return {
    customerId: null,
    email: guest.email.trim(),
    name: guest.name,
    cpf: normalizeCpf(guest.cpf),
    phone: guest.phone ?? null,
  };
}

/** The delivery address snapshot: one of the customer's saved addresses (`addressId`) or the typed one. */
async function addressFor(deps: OrdersDeps, input: FinishOrder, buyer: Buyer): Promise<AddressSnapshot | null> {
  const id = input.shippingInfo.addressId;
  if (id) {
    const saved =
      buyer.customerId === null
        ? undefined
        : (await addressesRepo(deps.db).list(buyer.customerId)).find((a) => a.id === id);
    if (!saved) throw new DomainError('NOT_FOUND', ORDER_MESSAGES.addressNotFound);
    return {
      zipCode: saved.zip_code,
      street: saved.street,
      number: saved.number,
      ...(saved.complement ? { complement: saved.complement } : {}),
      neighborhood: saved.neighborhood,
      city: saved.city,
      state: saved.state,
      receiver: saved.receiver,
    };
  }
  return input.address
    ? { ...input.address, zipCode: input.address.zipCode.replace(/\D/g, ''), receiver: buyer.name }
    : null;
}

type Package = FinishOrder['packages'][number];
type Lines = Parameters<typeof allocate>[0];

/**
 * The orders' plan, the one the bag was quoted with (shipping/cart bagSources): a pickup is one
 * package at a store holding every line; home delivery is homePlan's packages, each with its chosen
 * option. Packages come back in the plan's order; a choice for other packages is refused.
 */
function planOf(
  input: FinishOrder,
  lines: Lines,
  stock: StoreStock[],
  stores: StoreRow[],
): { packages: Package[]; plan: Allocation } {
  const keys = input.packages.map((p) => p.store);
  if (new Set(keys).size !== keys.length || !keys.every((k) => stores.some((s) => s.key === k)))
    throw new DomainError('VALIDATION', ORDER_MESSAGES.store);
  const pickup = input.packages.some((p) => p.selectedOption.type === 'pickup');
  const pickupStore = stores.find((s) => s.key === keys[0]);
  if (pickup && (input.packages.length !== 1 || pickupStore?.allows_pickup !== 1))
    throw new DomainError('VALIDATION', ORDER_MESSAGES.store);
  const plan = pickup ? allocate(lines, stock, keys) : homePlan(lines, stock);
  if ('short' in plan) throw new DomainError('CONFLICT', ORDER_MESSAGES.stock, ORDER_MESSAGES.stockTitle);
  if (pickup) return { packages: input.packages, plan };
  const packages = plan.packages.map((key) => input.packages.find((p) => p.store === key));
  if (packages.length !== keys.length || !packages.every((p): p is Package => p !== undefined))
    throw new DomainError('CONFLICT', ORDER_MESSAGES.shipping);
  return { packages, plan };
}

/**
 * Server-side price of each package's option: pickup is free at a pickup store; a home delivery is the
 * bag's validated selection for that store when it has one, else re-quoted for the CEP from the
 * package's store (as the bag's quote prices it). Free-shipping flags of the coupon/seller code zero
 * normal/expressa prices (spec §4).
 */
function packagePrices(
  packages: Package[],
  cart: Cart,
  address: AddressSnapshot | null,
  stores: StoreRow[],
  now: Date,
  config: ShippingConfig,
): { prices: number[]; storeRows: StoreRow[] } {
  const storeRows = packages.map((p) => {
    const row = stores.find((s) => s.key === p.store);
    if (!row) throw new DomainError('VALIDATION', ORDER_MESSAGES.store);
    return row;
  });
  const homes = packages.filter((p) => p.selectedOption.type !== 'pickup');
  const requote = () =>
    address
      ? quote({
          cep: address.zipCode,
          valueCents: cart.subtotal - cart.discount,
          now,
          pickup: [],
          packages: homes.map((p) => ({ key: p.store, state: stores.find((s) => s.key === p.store)!.state })),
          config,
        })
      : null;
  let quoted: ReturnType<typeof requote> | undefined;
  const prices = packages.map((p, i) => {
    const option = p.selectedOption;
    if (option.type === 'pickup') {
      if (storeRows[i]!.allows_pickup !== 1) throw new DomainError('VALIDATION', ORDER_MESSAGES.store);
      return 0;
    }
    if (!address) throw new DomainError('VALIDATION', ORDER_MESSAGES.address);
    const same = (o: { type: string; carrierId: string | number }) =>
      o.type === option.type && String(o.carrierId) === String(option.carrierId);
    const selected = cart.shippingSelection.find((s) => s.store === p.store && same(s.selectedOption))?.selectedOption;
    const options = selected ? [selected] : ((quoted ??= requote())?.[p.store] ?? []);
    const found = options.find(same);
    if (!found) throw new DomainError('CONFLICT', ORDER_MESSAGES.shipping);
    const free =
      (found.type === 'normal' && cart.freeNormalShipping) || (found.type === 'expressa' && cart.freeExpressShipping);
    return free ? 0 : found.price;
  });
  return { prices, storeRows };
}

function checkMethod(methodId: PaymentMethodId, total: number, installmentNumber: number): number {
  if (methodId === PAYMENT_METHOD_IDS.coupon && total > 0)
    throw new DomainError('VALIDATION', ORDER_MESSAGES.couponMethod);
  if (methodId !== PAYMENT_METHOD_IDS.coupon && total === 0)
    throw new DomainError('VALIDATION', ORDER_MESSAGES.zeroTotal);
  if (!CARD_METHODS.includes(methodId)) {
    if (installmentNumber !== 1) throw new DomainError('VALIDATION', ORDER_MESSAGES.installments);
    return total;
  }
  const row = findInstallment(total, installmentNumber);
  if (!row) throw new DomainError('VALIDATION', ORDER_MESSAGES.installments);
  return row.total;
}

/**
 * POST /api/finish-order: one order per package, created with the payment, stock decrement, cart
 * close (and coupon/cashback effects) in ONE guarded batch. The idempotency key (body, header, or the
 * cart id) makes a retry return the same orders; a declined payment writes nothing.
 */
export async function finishOrder(deps: OrdersDeps, input: FinishOrder, key: string): Promise<FinishOrderResult> {
  const now = deps.now();
  // Independent reads go out together (D1 round trips dominate a checkout's time).
  const [replay, buyer, meta, stores, stock] = await Promise.all([
    deps.repo.orderIdsByKey(key),
    buyerOf(deps, input),
    deps.repo.cartMeta(input.cartId),
    deps.repo.stores(),
    deps.repo.stockForCart(input.cartId),
  ]);
  if (replay.length) return replayed(deps, replay, input.cartId, now);
  if (!meta || (meta.customer_id !== null && meta.customer_id !== buyer.customerId))
    throw new DomainError('NOT_FOUND', ORDER_MESSAGES.cartNotFound);
  if (meta.status !== 'open') throw new DomainError('CONFLICT', ORDER_MESSAGES.closed);
  const [cart, address] = await Promise.all([getCart(deps.carts, input.cartId), addressFor(deps, input, buyer)]);
  if (cart.items.length === 0) throw new DomainError('UNPROCESSABLE', ORDER_MESSAGES.emptyCart);
  const lines = cart.items.map((i) => ({ productItemId: i.id_item_product, amount: i.amount, name: i.product.name }));
  const { packages, plan } = planOf(input, lines, stock, stores);
  const { prices, storeRows } = packagePrices(packages, cart, address, stores, now, deps.shipping);

  // Packages that received lines become orders; discount and cashback split by their subtotals.
  const used = packages.map((_, p) => p).filter((p) => plan.packageOf.includes(p));
  const subtotals = used.map((p) =>
    cart.items.reduce((sum, item, i) => sum + (plan.packageOf[i] === p ? item.price * item.amount : 0), 0),
  );
  const discounts = splitProportionally(cart.discount, subtotals);
  const cashbacks = splitProportionally(cart.cashback_value, subtotals);
  const totals = used.map((p, k) => subtotals[k]! - discounts[k]! - cashbacks[k]! + prices[p]!);
  const total = totals.reduce((a, b) => a + b, 0);
  const methodId = input.payment.paymentMethodId;
  const charged = checkMethod(methodId, total, input.payment.installmentNumber);

  const paypalRef = methodId === PAYMENT_METHOD_IDS.paypal ? input.payment.paypalPaymentId : undefined;
  let charge: ChargeResult;
  let payment: OrderPlan['payment'];
  if (paypalRef) {
    const existing = await deps.repo.paypalPayment(paypalRef);
    if (
      !existing ||
      !existing.idempotency_key.startsWith('paypal:') ||
      !['pending', 'authorized'].includes(existing.status)
    ) {
      throw new DomainError('CONFLICT', ORDER_MESSAGES.paypalMissing);
    }
    if (existing.charged_cents !== charged) throw new DomainError('CONFLICT', ORDER_MESSAGES.paypalAmount);
    charge =
      existing.status === 'authorized'
        ? { outcome: 'paid', provider: 'paypal', cardBrand: null, cardLast4: null }
        : {
            outcome: 'pending',
            provider: 'paypal',
            expiresAt: existing.expires_at ?? '',
            cardBrand: null,
            cardLast4: null,
          };
    payment = { paypalReference: paypalRef, charged };
  } else {
    const reference = newReference(methodId);
    charge = await chargeProvider(methodId, deps.payments.live).charge({
      methodId,
      amountCents: total,
      chargedCents: charged,
      installments: input.payment.installmentNumber,
      payment: input.payment,
      reference,
      now,
      config: deps.payments,
    });
    if (charge.outcome === 'declined')
      throw new DomainError('PAYMENT_DECLINED', charge.message, 'Pagamento não aprovado');
    payment = {
      insert: paymentInsert(charge, methodId, total, charged, input.payment.installmentNumber, reference, now),
    };
  }

  const paid = charge.outcome === 'paid';
  const at = now.toISOString();
  const expiresAt = charge.outcome === 'pending' ? charge.expiresAt : null;
  const token = await newAccessToken(now);
  const orders: OrderInsert[] = used.map((p, k) => ({
    store: packages[p]!.store,
    storeId: storeRows[p]!.id,
    status: paid ? 'paid' : 'pending',
    customerId: buyer.customerId,
    email: buyer.email,
    name: buyer.name,
    cpf: buyer.cpf,
    phone: buyer.phone,
    methodId,
    installments: input.payment.installmentNumber,
    subtotal: subtotals[k]!,
    discount: discounts[k]!,
    shipping: prices[p]!,
    cashback: cashbacks[k]!,
    total: totals[k]!,
    cashbackEarned:
      paid && buyer.customerId !== null ? Math.floor((subtotals[k]! - discounts[k]! - cashbacks[k]!) / 10) : 0,
    couponCode: cart.coupon?.code ?? null,
    sellerCode: cart.seller?.code ?? null,
    affiliateSiteId: meta.affiliate_site_id,
    hasPreSale: cart.items.some((item, i) => plan.packageOf[i] === p && item.preSale),
    address: packages[p]!.selectedOption.type === 'pickup' || !address ? null : JSON.stringify(address),
    addressId: packages[p]!.selectedOption.type === 'pickup' ? null : (input.shippingInfo.addressId ?? null),
    shippingOption: JSON.stringify(packages[p]!.selectedOption),
    pickup: packages[p]!.selectedOption.type === 'pickup',
    userAgent: input.userAgent?.slice(0, 300) ?? null,
    expiresAt,
    paidAt: paid ? at : null,
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
  }));
  const orderPlan: OrderPlan = {
    key,
    cartId: input.cartId,
    payment,
    orders,
    tokenHash: token.hash,
    tokenExpiresAt: token.expiresAt,
    now: at,
  };
  const effects: D1PreparedStatement[] = [];
  const couponId = cart.coupon ? await deps.repo.couponId(cart.coupon.code) : null;
  if (couponId !== null)
    effects.push(
      ...couponUseStatements(deps.db, { couponId, customerId: buyer.customerId, key, cartId: input.cartId }),
    );
  if (buyer.customerId !== null && cart.cashback_value > 0) {
    effects.push(
      cashbackDebitStatement(deps.db, { customerId: buyer.customerId, amount: cart.cashback_value, key, now: at }),
    );
  }
  if (paid) effects.push(cashbackAccrualStatement(deps.db, 'o.idempotency_key = ?', [key], at));
  try {
    await deps.repo.finish(orderPlan, effects);
  } catch (error) {
    // A guard aborted the batch: nothing was written. Say why, or answer the replay that beat us.
    const winner = await deps.repo.orderIdsByKey(key);
    if (winner.length) return replayed(deps, winner, input.cartId, now);
    const after = await deps.repo.cartMeta(input.cartId);
    if (after?.status !== 'open') throw new DomainError('CONFLICT', ORDER_MESSAGES.closed);
    planOf(input, lines, await deps.repo.stockForCart(input.cartId), stores);
    if (paypalRef) throw new DomainError('CONFLICT', ORDER_MESSAGES.paypalMissing);
    if (couponId !== null && !(await deps.repo.couponUsable(couponId, buyer.customerId)))
      throw new DomainError('CONFLICT', ORDER_MESSAGES.coupon, ORDER_MESSAGES.couponTitle);
    if (cart.cashback_value > 0)
      throw new DomainError('CONFLICT', ORDER_MESSAGES.cashback, ORDER_MESSAGES.cashbackTitle);
    throw error;
  }
  const created = await deps.repo.orderIdsByKey(key);
  return checkoutResult(
    deps.repo,
    created.map((o) => o.id),
    buyer.email,
    token.access,
  );
}

function paymentInsert(
  charge: Exclude<ChargeResult, { outcome: 'declined' }>,
  methodId: number,
  amount: number,
  charged: number,
  installments: number,
  reference: string,
  now: Date,
): PaymentInsert {
  const pending = charge.outcome === 'pending' ? charge : null;
  return {
    methodId,
    provider: charge.provider,
    status: charge.outcome,
    amount,
    installments,
    charged,
    cardBrand: charge.cardBrand,
    cardLast4: charge.cardLast4,
    reference,
    pixPayload: pending?.pix?.payload ?? null,
    pixTxid: pending?.pix?.txid ?? null,
    boletoLine: pending?.boleto?.line ?? null,
    boletoBarcode: pending?.boleto?.barcode ?? null,
    actionUrl: pending?.actionPath ?? null,
    expiresAt: pending?.expiresAt ?? null,
    paidAt: charge.outcome === 'paid' ? now.toISOString() : null,
  };
}

/** The same orders again for a retried key, with a fresh access token (the first stays valid). */
async function replayed(
  deps: OrdersDeps,
  orders: { id: number; cart_id: string; email: string }[],
  cartId: string,
  now: Date,
): Promise<FinishOrderResult> {
  if (orders[0]!.cart_id !== cartId)
    throw new DomainError('CONFLICT', 'Chave de idempotência já usada em outro pedido.');
  const token = await newAccessToken(now);
  const ids = orders.map((o) => o.id);
  await deps.repo.addAccessToken(ids, token.hash, token.expiresAt);
  return checkoutResult(deps.repo, ids, orders[0]!.email, token.access);
}
