import { Hono, type Context } from 'hono';
import type { Cart } from '../contracts/cart';
import { DomainError } from '../commerce/domain-error';
import { refuseControlChars } from '../http/body';
import { readFormBody } from '../http/form';
import { cartIdCookie, setCartCookies, setFreeShippingCookies } from '../http/cookies';
import type { CommercePort } from '../commerce/port';
import type { AppEnv } from '../env';
import { CART_ACTIONS, CART_PAGES, pickChoices } from '../lib/cart/cart-forms';
import { CART_TEXT, cartFailure, restrictedProducts, type CartMessage } from '../lib/cart/cart-messages';
import { COMMON_MESSAGES } from '../lib/messages/common';
import { CART_MESSAGES } from '../lib/messages/cart';
import { PROMOTION_MESSAGES } from '../lib/messages/promotions';
import { normalizeCep } from '../lib/customer/cep';
import { cepProblem } from '../lib/customer/address';
import { problemOf, setFlash } from './cart';
import { dict } from '../lib/security/dict';

type Port = CommercePort;
type Form = Record<string, string>;

/** A product page, with the colour and size the shopper had chosen (`selectionHref`): where a no-JS add came from. */
const PRODUCT_PAGE = /^\/[a-z0-9-]{1,200}\/p(\?cor=[a-z0-9-]{1,80}(&tamanho=[\w%.+-]{1,40})?)?$/;

async function readForm(c: Context<AppEnv>): Promise<Form> {
  return refuseControlChars(await readFormBody(c));
}

function backOf(form: Form): string {
  const back = form.back ?? '';
  return (CART_PAGES as readonly string[]).includes(back) ? back : '/sacola';
}

const int = (value: string | undefined, min: number, max: number): number | null => {
  if (!value || !/^\d{1,9}$/.test(value)) return null;
  const n = Number(value);
  return n >= min && n <= max ? n : null;
};

/** What a no-JS cart form does with the shopper's cart; returns the message to show, if any. */
type Handler = (port: Port, cartId: string, form: Form, c: Context<AppEnv>) => Promise<CartMessage | null>;

const codeOf = (form: Form) => (form.code ?? '').trim().slice(0, 40);

/** A coupon/seller/cashback call; its cart answer sets the free-shipping cookies as the JSON API does. */
async function promotion(action: string, call: () => Promise<Cart>, c: Context<AppEnv>): Promise<CartMessage | null> {
  try {
    setFreeShippingCookies(c, await call());
    return null;
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return cartFailure(action, {
      code: error.code,
      title: error.title,
      message: error.message,
      products: restrictedProducts(error.extra),
    });
  }
}

const HANDLERS: Record<string, Handler> = dict({
  [CART_ACTIONS.quantity]: async (port, cartId, form) => {
    const itemId = int(form.itemId, 1, 2 ** 31);
    const amount = int(form.amount, 0, 999);
    if (itemId === null || amount === null) return { tone: 'error', message: 'Quantidade inválida.' };
    await (amount === 0 ? port.removeCartItem({ cartId, itemId }) : port.updateCartItem({ cartId, itemId, amount }));
    return null;
  },
  [CART_ACTIONS.remove]: async (port, cartId, form) => {
    const itemId = int(form.itemId, 1, 2 ** 31);
    if (itemId === null) return { tone: 'error', message: CART_MESSAGES.itemNotFound };
    await port.removeCartItem({ cartId, itemId });
    return null;
  },
  [CART_ACTIONS.coupon]: (port, cartId, form, c) => {
    const coupon = codeOf(form);
    if (!coupon) return Promise.resolve({ ...CART_TEXT.couponEmpty });
    return promotion(
      CART_ACTIONS.coupon,
      () => port.applyCoupon({ cartId, coupon, agent: null, applicationId: null }),
      c,
    );
  },
  [CART_ACTIONS.seller]: (port, cartId, form, c) => {
    const coupon = codeOf(form);
    if (!coupon) return Promise.resolve({ ...CART_TEXT.sellerEmpty });
    return promotion(CART_ACTIONS.seller, () => port.applySellerCode({ cartId, coupon }), c);
  },
  [CART_ACTIONS.couponRemove]: (port, cartId, _form, c) =>
    promotion(CART_ACTIONS.couponRemove, () => port.removeCoupons({ cartId, which: 'discount' }), c),
  [CART_ACTIONS.sellerRemove]: (port, cartId, _form, c) =>
    promotion(CART_ACTIONS.sellerRemove, () => port.removeCoupons({ cartId, which: 'seller' }), c),
  [CART_ACTIONS.cashback]: (port, cartId, form, c) => {
    const cashback = int(form.cashback, 1, 100_000_000);
    if (cashback === null)
      return Promise.resolve(
        cartFailure(CART_ACTIONS.cashback, {
          message: PROMOTION_MESSAGES.cashbackInvalid,
        }),
      );
    return promotion(CART_ACTIONS.cashback, () => port.applyCashback({ cartId, cashback }), c);
  },
  [CART_ACTIONS.cashbackRemove]: (port, cartId, _form, c) =>
    promotion(CART_ACTIONS.cashbackRemove, () => port.removeCashback(cartId), c),
  [CART_ACTIONS.shipping]: async (port, cartId, form) => {
    const cep = normalizeCep(form.cep ?? '');
    const invalid = cepProblem(cep, CART_TEXT.cepIncomplete);
    if (invalid) return { tone: 'error', message: invalid };
    const cart = await port.cart(cartId, {});
    // The option named by the form, from a fresh quote: prices are the server's, never the form's.
    const quote = await port.omnichannel({
      zip_code: cep,
      total_sale: cart.subtotal - cart.discount,
      shopping_cart_hash: cartId,
    });
    const choice = pickChoices(quote, Object.entries(form));
    if (!choice || choice.list.length === 0)
      return { tone: 'error', title: COMMON_MESSAGES.attention, message: 'Escolha uma opção de frete.' };
    if (!choice.complete)
      return { tone: 'error', title: COMMON_MESSAGES.attention, message: CART_TEXT.shippingPackages };
    const valid = await port.validateShipping({
      cartId,
      selectedOption: choice.list[0]!.selectedOption,
      shippingInformation: choice.list,
      zip_code: cep,
    });
    return valid.success
      ? null
      : { tone: 'error', title: COMMON_MESSAGES.attention, message: CART_TEXT.shippingInvalid };
  },
});

/** The no-JS cart: form posts (url-encoded, same origin) that change the cart and 303 back to the page. */
export const cartPageRoutes = new Hono<AppEnv>();

cartPageRoutes.post('/sacola/*', async (c) => {
  const form = await readForm(c);
  const port = c.var.commerce as Port;
  const cartId = cartIdCookie(c);
  const action = c.req.path;
  if (action === CART_ACTIONS.add) {
    const productItemId = int(form.productItemId, 1, 2 ** 31);
    try {
      if (productItemId === null) throw new Error('Produto inválido.');
      const cart = await port.addToCart({
        productItemId,
        amount: 1,
        gift: false,
        cartId,
        giftCoupon: null,
        insertedLink: PRODUCT_PAGE.test(form.back ?? '') ? form.back! : null,
      });
      setCartCookies(c, cart.hash);
      setFlash(c, { tone: 'success', message: CART_TEXT.added });
      return c.redirect('/sacola', 303);
    } catch (error) {
      setFlash(c, problemOf(error));
      return c.redirect(PRODUCT_PAGE.test(form.back ?? '') ? form.back! : '/sacola', 303);
    }
  }
  const handler = HANDLERS[action];
  if (!handler) return c.notFound();
  const back = backOf(form);
  const cep = normalizeCep(form.cep ?? '');
  const target = cep.length === 8 ? `${back}?cep=${cep}` : back;
  if (!cartId) {
    setFlash(c, { tone: 'error', message: CART_MESSAGES.empty });
    return c.redirect(back, 303);
  }
  let message: CartMessage | null;
  try {
    message = await handler(port, cartId, form, c);
  } catch (error) {
    message = problemOf(error);
  }
  if (message) setFlash(c, message);
  return c.redirect(target, 303);
});
