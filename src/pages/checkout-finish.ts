import type { Context } from 'hono';
import { cartIdCookie } from '../http/cookies';
import { deliveryAddress } from './checkout-fields';
import type { Cart } from '../contracts/cart';
import { withShipping } from '../lib/checkout/order-total';
import type { OmnichannelResponse } from '../contracts/shipping';
import { DomainError } from '../commerce/domain-error';
import type { AppEnv } from '../env';
import { guestErrors as guestFieldErrors } from '../lib/customer/guest';
import { BAG_CHANGED_PROBLEM, type PaymentMethodId, type ReviewedFinishOrder } from '../contracts/checkout';
import { finishOrderBody, type OrderChoices } from '../lib/checkout/finish-order-body';
import { PAYMENT_METHOD_IDS } from '../lib/payments/payment-methods';
import { BAG_FINGERPRINT } from '../lib/checkout/reviewed-bag';
import { BASIC_FIELDS, optionValue, type BasicCheckoutProps, type BasicValues } from '../ui/checkout/basic-form';
import { dict, emptyDict } from '../lib/security/dict';

/** The no-JS checkout's finishing (`pages/checkout.tsx` renders the form and routes the post here). */

export interface CheckoutCustomer {
  id: number;
  name: string;
}

type Basic = Pick<BasicCheckoutProps, 'errors' | 'problem'>;

const BASIC_METHODS: Record<string, PaymentMethodId> = dict({
  pix: PAYMENT_METHOD_IDS.pix,
  'bank-slip': PAYMENT_METHOD_IDS['bank-slip'],
});

/** The no-JS order: every field checked (inline errors), then finish-order and a 303 to where the payment goes next. */
export async function finishBasic(
  c: Context<AppEnv>,
  cart: Cart,
  customer: CheckoutCustomer | null,
  v: BasicValues,
  options: OmnichannelResponse,
): Promise<Response | { errors: Basic['errors']; problem: Basic['problem'] }> {
  const errors: Basic['errors'] = emptyDict();
  if (!customer) {
    const guest = guestFieldErrors({ name: v.nome ?? '', email: v.email ?? '', cpf: v.cpf ?? '' });
    errors.nome = guest.name;
    errors.email = guest.email;
    errors.cpf = guest.cpf;
  }
  const chosen = Object.entries(options)
    .flatMap(([store, list]) => list.map((option) => ({ store, option })))
    .find((o) => optionValue(o.store, o.option) === v.entrega);
  if (!chosen) errors.entrega = 'Escolha uma forma de entrega.';
  const home = chosen && chosen.option.type !== 'pickup' ? deliveryAddress(v) : null;
  Object.assign(errors, home?.errors);
  const methodId = BASIC_METHODS[v.pagamento ?? ''];
  if (!methodId) errors.pagamento = 'Escolha Pix ou boleto.';
  for (const name of BASIC_FIELDS) if (!errors[name]) delete errors[name];
  if (Object.keys(errors).length || !chosen || !methodId) return { errors, problem: null };
  const { store, option } = chosen;
  const selectedOption = {
    type: option.type,
    carrier: option.carrier,
    carrierId: option.carrierId,
    price: option.price,
    deadline: option.deadline,
  };
  const key = formKey(v);
  // A page without the reviewed fields (rendered before they existed) is shown again, with the bag as it is now.
  const reviewed = basicReviewed(v, option, cart);
  if (!reviewed) return { errors, problem: { ...BAG_CHANGED_PROBLEM } };
  try {
    return await placeBasic(c, customer, v, key, {
      cartId: cart.cartId,
      shipping: option.price,
      payment: { paymentMethodId: methodId, installmentNumber: 1 },
      address: home?.address ?? null,
      packages: [{ store, selectedOption }],
      hasPreSale: cart.hasPreSale,
      reviewed,
    });
  } catch (error) {
    if (error instanceof DomainError) return { errors, problem: { title: error.title, message: error.message } };
    throw error;
  }
}

/**
 * What the form's page showed (hidden `revisado`, the goods, and `itens`, the lines) with the chosen option's
 * shipping added as finish-order prices it; null when the page had no reviewed total.
 */
export function basicReviewed(
  v: BasicValues,
  option: { type: string; price: number },
  cart: Pick<Cart, 'freeNormalShipping' | 'freeExpressShipping'>,
): ReviewedFinishOrder['reviewed'] | null {
  if (!/^\d{1,12}$/.test(v.revisado ?? '')) return null;
  return {
    total: withShipping(Number(v.revisado), [option], cart),
    lines: BAG_FINGERPRINT.test(v.itens ?? '') ? v.itens : undefined,
  };
}

/** The form's idempotency key (hidden `chave`), when it is one. */
const formKey = (v: BasicValues): string | null => (/^[A-Za-z0-9_-]{16,80}$/.test(v.chave ?? '') ? v.chave! : null);

/** finish-order for the form, from the cart this browser's `cart` cookie names; a 303 to where the payment goes next. */
async function placeBasic(
  c: Context<AppEnv>,
  customer: CheckoutCustomer | null,
  v: BasicValues,
  key: string | null,
  order: Omit<OrderChoices, 'customerId' | 'guest' | 'userAgent' | 'idempotencyKey'>,
): Promise<Response> {
  const result = await c.var.commerce.finishOrder(
    finishOrderBody({
      ...order,
      customerId: customer?.id ?? null,
      guest: customer ? null : { name: v.nome!, email: v.email!, cpf: v.cpf! },
      userAgent: c.req.header('user-agent')?.slice(0, 500),
      idempotencyKey: key ?? undefined,
    }),
    // The cart came from this browser's `cart` cookie: a replay of this key answers it.
    { idempotencyKey: key, cartCookie: order.cartId },
  );
  return c.redirect(result.next.kind === 'redirect' ? result.next.url : result.redirect, 303);
}

/**
 * The form sent again after its order closed the bag (a double click, a reload, the back button): the same
 * key asks finish-order once more, which answers a key that already ordered with those orders (a fresh
 * token, only for this browser's cart or the same customer) and writes or charges nothing. Only the key, the
 * cart and the buyer matter to a replay; the rest is the form's choice as typed, with an empty bag as the
 * one reviewed. Null when there is no such order (or no key, no cart cookie): the empty bag then.
 */
export async function replayBasic(
  c: Context<AppEnv>,
  customer: CheckoutCustomer | null,
  v: BasicValues,
): Promise<Response | null> {
  const key = formKey(v);
  const cartId = cartIdCookie(c);
  const choice = /^(.{1,40}):(normal|expressa|pickup):(.{1,80})$/.exec(v.entrega ?? '');
  const methodId = BASIC_METHODS[v.pagamento ?? ''];
  if (v.acao !== 'finalizar' || !key || !cartId || !choice || !methodId) return null;
  if (!customer && (!v.nome || !v.email || !v.cpf)) return null;
  const store = choice[1]!;
  const selectedOption = {
    type: choice[2] as 'normal' | 'expressa' | 'pickup',
    carrier: '',
    carrierId: choice[3]!,
    price: 0,
    deadline: 0,
  };
  try {
    return await placeBasic(c, customer, v, key, {
      cartId,
      shipping: 0,
      payment: { paymentMethodId: methodId, installmentNumber: 1 },
      address: null,
      packages: [{ store, selectedOption }],
      hasPreSale: false,
      // "Reviewed" as an empty bag: should the key have placed nothing, no bag matches it, so this can never order anew.
      reviewed: { total: 0, lines: '' },
    });
  } catch (error) {
    if (error instanceof DomainError) return null;
    throw error;
  }
}
