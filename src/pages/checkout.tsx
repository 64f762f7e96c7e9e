import type { Context } from 'hono';
import { cartIdCookie } from '../http/cookies';
import { readFormBody } from '../http/form';
import { CONTROL_CHAR_MESSAGE } from '../contracts/text-input';
import { typedForm } from './checkout-fields';
import { finishBasic, replayBasic, type CheckoutCustomer } from './checkout-finish';
import type { Cart } from '../contracts/cart';
import type { OmnichannelResponse } from '../contracts/shipping';
import { DomainError } from '../commerce/domain-error';
import type { AppEnv } from '../env';
import { cepProblem } from '../lib/customer/address';
import { CART_TEXT } from '../lib/cart/cart-messages';
import { normalizeCep } from '../lib/customer/cep';
import { randomToken } from '../lib/security/token';
import { BasicCheckout, optionValue, type BasicCheckoutProps, type BasicValues } from '../ui/checkout/basic-form';
import { Checkout } from '../../client/islands/checkout';
import { LazyIsland } from './lazy-island';
import { PageScript } from './page-script';
import { beginCheckoutEvent } from '../lib/analytics/ga4-events';
import { isBackendFailure } from '../http/middleware/availability';
import { renderPage } from './render';

const META = {
  title: 'Finalizar compra',
  description: 'Finalize sua compra com segurança: entrega, pagamento e revisão do pedido.',
  canonicalPath: '/checkout',
};

/** The shopper's open cart (cookie `cart`), or null when there is none the backend knows. */
export async function checkoutCart(c: Context<AppEnv>): Promise<Cart | null> {
  const id = cartIdCookie(c);
  if (!id) return null;
  try {
    return await c.var.commerce.cart(id, {});
  } catch (error) {
    if (error instanceof DomainError && !isBackendFailure(error)) return null;
    throw error;
  }
}

type Basic = Omit<BasicCheckoutProps, 'cart' | 'imageHost'>;

export type { CheckoutCustomer };

/** The signed-in shopper (for the page's first render), or null for a visitor or a dead session. */
export async function checkoutCustomer(c: Context<AppEnv>): Promise<CheckoutCustomer | null> {
  if (!c.var.session.token) return null;
  try {
    const me = await c.var.commerce.me();
    return { id: me.id, name: me.name };
  } catch (error) {
    if (error instanceof DomainError && !isBackendFailure(error)) return null;
    throw error;
  }
}

/** Everything the page needs before rendering: the cart and who is buying. */
export async function checkoutData(
  c: Context<AppEnv>,
): Promise<{ cart: Cart | null; customer: CheckoutCustomer | null; methods: string[] | undefined }> {
  const [cart, customer, methods] = await Promise.all([checkoutCart(c), checkoutCustomer(c), offeredMethods(c)]);
  return { cart, customer, methods };
}

/**
 * The method names the store can charge now. An upstream without `/payment-methods` (404) leaves the
 * choice to it (undefined: every method; finish-order still refuses what it cannot charge); an upstream
 * that fails offers nothing rather than breaking the page.
 */
async function offeredMethods(c: Context<AppEnv>): Promise<string[] | undefined> {
  try {
    return (await c.var.commerce.paymentMethods()).methods.map((m) => m.name);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return error.code === 'NOT_FOUND' ? undefined : [];
  }
}

export const EMPTY_BASIC: Basic = {
  customerName: null,
  values: {},
  errors: {},
  options: null,
  problem: null,
  shipping: null,
};

/**
 * Renders /checkout: no site header (spec §2), a minimal secure-checkout bar, the steps island (server-rendered at its
 * first step, hydrated on the first interaction) and, for a browser without JavaScript, the one-page form in
 * `<noscript>` (POST /checkout below), the steps then hidden by CSS (`@media (scripting: none)`).
 */
export function renderCheckout(
  c: Context<AppEnv>,
  data: { cart: Cart | null; customer: CheckoutCustomer | null; methods: string[] | undefined },
  basic: Basic,
  status: 200 | 400 = 200,
) {
  const { cart, customer } = data;
  const imageHost = c.var.config.imageHost;
  const filled = cart !== null && cart.items.length > 0;
  c.header('Cache-Control', 'no-store');
  const steps = (
    <LazyIsland
      name="Checkout"
      component={Checkout}
      props={{ cart, customer, imageHost, paymentMethods: data.methods }}
    />
  );
  return renderPage(
    c,
    <div className="co-page">
      <div className="co-bar">
        <a href="/" className="co-bar__logo" aria-label="Vitrine — página inicial">
          Vitrine
        </a>
        <span className="co-bar__secure">Compra 100% segura</span>
      </div>
      {filled ? <div className="co-steps">{steps}</div> : steps}
      {filled ? (
        <noscript>
          <BasicCheckout
            cart={cart}
            imageHost={imageHost}
            methods={data.methods}
            {...basic}
            customerName={customer?.name ?? null}
            // One idempotency key per form: a double submit or a retry places the order once.
            values={{ ...basic.values, chave: basic.values.chave ?? randomToken(18) }}
          />
        </noscript>
      ) : null}
      {filled ? <PageScript name="PageView" props={{ event: beginCheckoutEvent(cart) }} /> : null}
    </div>,
    { meta: META, bodyClass: 'checkout', hideHeader: true, status },
  );
}

/** The quote for the form's CEP: the options, or the field error / problem to show. */
export async function quoteFor(
  c: Context<AppEnv>,
  cart: Cart,
  values: BasicValues,
): Promise<{ options: OmnichannelResponse | null; errors: Basic['errors']; problem: Basic['problem'] }> {
  const cep = normalizeCep(values.cep ?? '');
  // Eight digits inside the Correios ranges (the address rule's CEP): `00000-000` is no CEP to quote.
  const problem = cepProblem(cep, CART_TEXT.cepIncomplete);
  if (problem) return { options: null, errors: { cep: problem }, problem: null };
  try {
    const options = await c.var.commerce.omnichannel({
      zip_code: cep,
      total_sale: cart.subtotal - cart.discount,
      shopping_cart_hash: cart.cartId,
    });
    return { options, errors: {}, problem: null };
  } catch (error) {
    if (error instanceof DomainError)
      return { options: null, errors: {}, problem: { title: error.title, message: error.message } };
    throw error;
  }
}

/** The chosen option's price, when the form's choice is among the quoted options. */
export function chosenShipping(options: OmnichannelResponse | null, choice: string | undefined): number | null {
  if (!options || !choice) return null;
  for (const [store, list] of Object.entries(options))
    for (const o of list) if (optionValue(store, o) === choice) return o.price;
  return null;
}

/**
 * POST /checkout: the no-JS form. `acao=frete` quotes the CEP and shows the options; `acao=finalizar`
 * checks every field and places the order.
 */
export async function checkoutPost(c: Context<AppEnv>): Promise<Response> {
  const data = await checkoutData(c);
  const cart = data.cart;
  const { values, unreadable } = typedForm(await readFormBody(c));
  if (!cart) return (await replayBasic(c, data.customer, values)) ?? renderCheckout(c, data, EMPTY_BASIC);
  if (cart.items.length === 0) return renderCheckout(c, data, EMPTY_BASIC);
  const quoted = await quoteFor(c, cart, values);
  if (!unreadable && values.acao === 'finalizar' && quoted.options) {
    const finished = await finishBasic(c, cart, data.customer, values, quoted.options);
    if (finished instanceof Response) return finished;
    return renderCheckout(c, data, {
      ...EMPTY_BASIC,
      values,
      options: quoted.options,
      ...finished,
      shipping: chosenShipping(quoted.options, values.entrega),
    });
  }
  // A control character in a field: the form again (400), the field pointed at, nothing else lost.
  const refused = unreadable && {
    errors: { ...quoted.errors, ...unreadable },
    problem: { message: CONTROL_CHAR_MESSAGE },
  };
  return renderCheckout(
    c,
    data,
    { ...EMPTY_BASIC, values, ...quoted, ...refused, shipping: chosenShipping(quoted.options, values.entrega) },
    refused ? 400 : 200,
  );
}
