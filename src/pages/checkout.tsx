import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import type { Cart } from '../contracts/cart';
import type { OmnichannelResponse } from '../contracts/shipping';
import { DomainError } from '../commerce/domain-error';
import type { AppEnv } from '../env';
import { normalizeCep } from '../lib/cep';
import { BASIC_FIELDS, optionValue, type BasicCheckoutProps, type BasicValues } from '../ui/checkout/basic-form';
import { Island } from './island';
import { renderPage } from './render';

const CART_ID = /^[A-Za-z0-9_-]{16,64}$/;
const META = {
  title: 'Finalizar compra',
  description: 'Finalize sua compra com segurança: entrega, pagamento e revisão do pedido.',
  canonicalPath: '/checkout',
};

/** The shopper's open bag (cookie `cart`), or null when there is none the backend knows. */
export async function checkoutCart(c: Context<AppEnv>): Promise<Cart | null> {
  const id = getCookie(c, 'cart');
  if (!id || !CART_ID.test(id)) return null;
  try {
    return await c.var.commerce.cart(id, {});
  } catch (error) {
    if (error instanceof DomainError) return null;
    throw error;
  }
}

type Basic = Omit<BasicCheckoutProps, 'cart' | 'imageHost'>;

export interface CheckoutCustomer {
  id: number;
  name: string;
}

/** The signed-in shopper (for the page's first render), or null for a visitor or a dead session. */
export async function checkoutCustomer(c: Context<AppEnv>): Promise<CheckoutCustomer | null> {
  if (!c.var.session.token) return null;
  try {
    const me = await c.var.commerce.me();
    return { id: me.id, name: me.name };
  } catch (error) {
    if (error instanceof DomainError) return null;
    throw error;
  }
}

/** Everything the page needs before rendering: the bag and who is buying. */
export async function checkoutData(
  c: Context<AppEnv>,
): Promise<{ cart: Cart | null; customer: CheckoutCustomer | null }> {
  const [cart, customer] = await Promise.all([checkoutCart(c), checkoutCustomer(c)]);
  return { cart, customer };
}

export const EMPTY_BASIC: Basic = {
  customerName: null,
  values: {},
  errors: {},
  options: null,
  problem: null,
  shipping: null,
};

/** Renders /checkout: no site header (spec §2), a minimal secure-checkout bar, the steps island. */
export function renderCheckout(
  c: Context<AppEnv>,
  data: { cart: Cart | null; customer: CheckoutCustomer | null },
  basic: Basic,
  status: 200 = 200,
) {
  const { cart, customer } = data;
  c.header('Cache-Control', 'no-store');
  return renderPage(
    c,
    <div className="co-page">
      <div className="co-bar">
        <a href="/" className="co-bar__logo" aria-label="Vitrine — página inicial">
          Vitrine
        </a>
        <span className="co-bar__secure">Compra 100% segura</span>
      </div>
      <Island
        name="Checkout"
        props={{
          cart,
          customer,
          imageHost: c.var.config.imageHost,
          basic: { ...basic, customerName: customer?.name ?? null },
        }}
      />
    </div>,
    { meta: META, bodyClass: 'checkout', hideHeader: true, status },
  );
}

/** Form values of the no-JS checkout; unknown fields are dropped, each value capped. */
export function basicValues(form: Record<string, unknown>): BasicValues {
  const values: BasicValues = {};
  for (const name of BASIC_FIELDS) {
    const value = form[name];
    if (typeof value === 'string') values[name] = value.slice(0, 200);
  }
  return values;
}

/** The quote for the form's CEP: the options, or the field error / problem to show. */
export async function quoteFor(
  c: Context<AppEnv>,
  cart: Cart,
  values: BasicValues,
): Promise<{ options: OmnichannelResponse | null; errors: Basic['errors']; problem: Basic['problem'] }> {
  const cep = normalizeCep(values.cep ?? '');
  if (cep.length !== 8)
    return { options: null, errors: { cep: 'Informe um CEP válido, com 8 dígitos.' }, problem: null };
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

/** Only this site's own pages post the checkout form (SameSite=Strict cookies already keep others out). */
function crossSite(c: Context<AppEnv>): boolean {
  const origin = c.req.header('origin');
  if (origin && origin !== 'null' && origin !== new URL(c.req.url).origin) return true;
  return c.req.header('sec-fetch-site') === 'cross-site';
}

/**
 * POST /checkout: the no-JS form. `acao=frete` quotes the CEP and shows the options; `acao=finalizar`
 * checks every field and places the order.
 */
export async function checkoutPost(c: Context<AppEnv>): Promise<Response> {
  if (crossSite(c)) return c.text('Origem não permitida.', 403);
  const data = await checkoutData(c);
  const cart = data.cart;
  if (!cart || cart.items.length === 0) return renderCheckout(c, data, EMPTY_BASIC);
  const values = basicValues(await c.req.parseBody());
  const quoted = await quoteFor(c, cart, values);
  return renderCheckout(c, data, {
    ...EMPTY_BASIC,
    values,
    ...quoted,
    shipping: chosenShipping(quoted.options, values.entrega),
  });
}
