import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { CART_ADD_ACTION } from '../../client/islands/cart/cart-add';
import type { Cart } from '../../src/contracts/cart';
import { CART_ACTIONS } from '../../src/lib/cart/cart-forms';
import { newCartWith, cartRow, cookiesOf, getCart, giveCashback, lineRows, skus, stockAt } from './cart-helpers';
import {
  createCustomerSession,
  islandProps,
  makeApp,
  makeProxyPair,
  ORIGIN,
  scriptTags,
  seed,
  type TestApp,
} from './app-harness';

const app = makeApp();
const CEP = '01310100';

/** A no-JS form post as the browser sends it from the cart page. */
function form(
  target: TestApp,
  path: string,
  fields: Record<string, string | number>,
  cookie: string,
  headers: Record<string, string> = {},
) {
  return target.request(path, {
    method: 'POST',
    headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded', cookie, ...headers },
    body: new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])).toString(),
    redirect: 'manual',
  });
}

/** Follows a 303 back to the page, carrying the flash cookie it set. */
async function follow(target: TestApp, res: Response, cookie: string): Promise<string> {
  expect(res.status).toBe(303);
  const flash = cookiesOf(res).cart_flash;
  const page = await target.request(res.headers.get('location')!, {
    headers: { cookie: flash ? `${cookie}; cart_flash=${flash}` : cookie },
  });
  expect(page.status).toBe(200);
  return page.text();
}

async function current(target: TestApp, cartId: string, cookie = ''): Promise<Cart> {
  return (await (await getCart(target, cartId, cookie)).json()) as Cart;
}

interface CartProps {
  back: string;
  initial: {
    notice: { title?: string; message: string } | null;
    cep: string;
    quote: Record<string, { type: string; price: number; carrierId: number }[]> | null;
  };
}

describe('cart page (no-JS cart)', () => {
  beforeAll(() => seed());

  it("renders the cookie's cart server-side, with the bootstrap the badge and the cart start from", async () => {
    const [a, b] = await skus(2);
    const cart = await newCartWith(app, [a!, b!], 2);
    const res = await app.request('/sacola', { headers: { cookie: `cart=${cart.hash}` } });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('Sacola, 4 itens');
    expect(html).toContain('data-testid="cart-total"');
    expect(html).toContain(a!.name);
    const boot = JSON.parse(scriptTags(html).find((t) => t.attrs.id === 'bootstrap')!.body) as {
      cart: { count: number; cart: Cart };
    };
    expect(boot.cart.count).toBe(4);
    expect(boot.cart.cart.total).toBe(cart.total);
    expect(boot.cart.cart.items[0]!.product.description).toBe('');
    expect(islandProps<CartProps>(html, 'CartPage')!.back).toBe('/sacola');
    // The app screen is the same cart.
    const appScreen = await (
      await app.request('/cart/ecommerce-app', { headers: { cookie: `cart=${cart.hash}` } })
    ).text();
    expect(islandProps<CartProps>(appScreen, 'CartPage')!.back).toBe('/cart/ecommerce-app');
    expect(appScreen).toContain(a!.name);
  });

  it('shows the empty state without a cart, and for an unknown or malformed cookie', async () => {
    for (const cookie of ['', 'cart=AAAAAAAAAAAAAAAAAAAAAA', 'cart=<script>']) {
      const html = await (await app.request('/sacola', { headers: { cookie } })).text();
      expect(html).toContain('Sua sacola está vazia.');
      expect(html).toContain('Sacola, 0 itens');
    }
  });

  it('adds from the product page form and sets the cart cookie; quantity and remove post and redirect back', async () => {
    expect(CART_ADD_ACTION).toBe(CART_ACTIONS.add);
    const [a, b] = await skus(2, { minPrice: 1000 });
    const first = await form(app, CART_ACTIONS.add, { productItemId: a!.id, back: '/biquini-x/p' }, '');
    expect(first.status).toBe(303);
    expect(first.headers.get('location')).toBe('/sacola');
    const hash = cookiesOf(first).cart!;
    expect(hash).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    const cookie = `cart=${hash}`;
    const html = await follow(app, first, cookie);
    expect(html).toContain('Produto adicionado à sacola');
    await form(app, CART_ACTIONS.add, { productItemId: b!.id, back: '/biquini-x/p' }, cookie);

    let cart = await current(app, hash);
    const lineA = cart.items.find((i) => i.id_item_product === a!.id)!;
    await follow(
      app,
      await form(app, CART_ACTIONS.quantity, { itemId: lineA.id_item_cart, amount: 3, back: '/sacola' }, cookie),
      cookie,
    );
    cart = await current(app, hash);
    expect(cart.items.find((i) => i.id_item_product === a!.id)!.amount).toBe(3);
    expect(cart.subtotal).toBe(a!.price * 3 + b!.price);

    await follow(
      app,
      await form(app, CART_ACTIONS.remove, { itemId: lineA.id_item_cart, back: '/sacola' }, cookie),
      cookie,
    );
    expect((await current(app, hash)).items.map((i) => i.id_item_product)).toEqual([b!.id]);
  });

  it('a no-JS add that fails goes back to the product page with the colour and size chosen, never elsewhere', async () => {
    const back = (to: string) => form(app, CART_ACTIONS.add, { productItemId: '0', back: to }, '');
    for (const [to, location] of [
      ['/biquini-x/p?cor=azul-marinho&tamanho=GG', '/biquini-x/p?cor=azul-marinho&tamanho=GG'],
      ['/biquini-x/p?cor=coral', '/biquini-x/p?cor=coral'],
      ['/biquini-x/p?cor=coral&next=//evil.example', '/sacola'],
      ['/biquini-x/p?redirect=https://evil.example', '/sacola'],
    ]) {
      const res = await back(to!);
      expect(res.status, to).toBe(303);
      expect(res.headers.get('location'), to).toBe(location);
    }
  });

  it('refuses cross-site and non-form posts, and bad fields, leaving the cart unchanged', async () => {
    const [a] = await skus(1);
    const cart = await newCartWith(app, [a!]);
    const cookie = `cart=${cart.hash}`;
    const item = cart.items[0]!.id_item_cart;
    const evil = await form(app, CART_ACTIONS.quantity, { itemId: item, amount: 5 }, cookie, {
      origin: 'https://evil.example',
    });
    expect(evil.status).toBe(403);
    const noOrigin = await app.request(CART_ACTIONS.quantity, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie, 'sec-fetch-site': 'cross-site' },
      body: `itemId=${item}&amount=5`,
    });
    expect(noOrigin.status).toBe(403);
    const json = await app.request(CART_ACTIONS.quantity, {
      method: 'POST',
      headers: { origin: ORIGIN, 'content-type': 'application/json', cookie },
      body: '{}',
    });
    expect(json.status).toBe(415);
    for (const amount of ['-1', '1e9', 'x', '1000']) {
      const html = await follow(
        app,
        await form(app, CART_ACTIONS.quantity, { itemId: item, amount, back: '/sacola' }, cookie),
        cookie,
      );
      expect(html).toMatch(
        /Quantidade inválida\.|Limite de itens deste produto foi atingido!|O estoque desse produto esgotou!/,
      );
    }
    expect(await lineRows(cart.hash)).toEqual([{ product_item_id: a!.id, amount: 1, gift: 0 }]);
    // An unknown back page never becomes an open redirect.
    const res = await form(
      app,
      CART_ACTIONS.quantity,
      { itemId: item, amount: 1, back: 'https://evil.example/' },
      cookie,
    );
    expect(res.headers.get('location')).toBe('/sacola');
  });

  it("coupon and seller code: empty, invalid and valid, with the spec's titles and messages", async () => {
    const [a] = await skus(1, { minPrice: 5000 });
    const cart = await newCartWith(app, [a!], 2);
    const cookie = `cart=${cart.hash}`;
    const post = (action: string, code: string) => form(app, action, { code, back: '/sacola' }, cookie);

    let html = await follow(app, await post(CART_ACTIONS.coupon, ''), cookie);
    expect(html).toContain('Cupom inválido!');
    expect(html).toContain('Esse cupom está vazio!');
    html = await follow(app, await post(CART_ACTIONS.coupon, 'NAOEXISTE'), cookie);
    expect(html).toContain('Cupom já utilizado ou inválido para esse pedido. Não é possível aplicá-lo');
    html = await follow(app, await post(CART_ACTIONS.coupon, 'CLIENTEVIP'), cookie);
    expect(html).toContain('Faça login no site para poder utilizar este cupom!');
    html = await follow(app, await post(CART_ACTIONS.seller, ''), cookie);
    expect(html).toContain('Código do vendedor inválido!');
    expect(html).toContain('Esse cupom está vazio');
    html = await follow(app, await post(CART_ACTIONS.seller, 'NINGUEM'), cookie);
    expect(html).toContain('Código do vendedor já utilizado ou inválido para esse pedido. Não é possível aplicá-lo!');
    expect(await cartRow(cart.hash)).toMatchObject({ coupon_code: null, seller_code: null });

    await follow(app, await post(CART_ACTIONS.coupon, 'BEMVINDO10'), cookie);
    await follow(app, await post(CART_ACTIONS.seller, 'JOAO10'), cookie);
    const priced = await current(app, cart.hash);
    const coupon = Math.floor(priced.subtotal / 10);
    expect(priced.discount).toBe(coupon + Math.floor((priced.subtotal - coupon) / 10));
    html = await (await app.request('/sacola', { headers: { cookie } })).text();
    expect(html).toContain('data-testid="cart-coupon-applied">BEMVINDO10');
    expect(html).toContain('data-testid="cart-seller-applied">JOAO10');

    await follow(app, await form(app, CART_ACTIONS.couponRemove, { back: '/sacola' }, cookie), cookie);
    await follow(app, await form(app, CART_ACTIONS.sellerRemove, { back: '/sacola' }, cookie), cookie);
    expect(await cartRow(cart.hash)).toMatchObject({ coupon_code: null, seller_code: null });
  });

  it('a restricted coupon names the products that block it', async () => {
    const [outside] = await skus(1, { notUnder: 'moda-praia' });
    const cart = await newCartWith(app, [outside!]);
    const cookie = `cart=${cart.hash}`;
    const html = await follow(
      app,
      await form(app, CART_ACTIONS.coupon, { code: 'PRAIA15', back: '/sacola' }, cookie),
      cookie,
    );
    expect(html).toContain('Cupom Restrito!');
    expect(html).toContain(outside!.name);
  });

  it("CEP quotes the whole cart; the chosen option is validated with the server's price and the totals follow", async () => {
    const [a] = await skus(1, { maxPrice: 20000 });
    const cart = await newCartWith(app, [a!]);
    const cookie = `cart=${cart.hash}`;
    const html = await (await app.request(`/sacola?cep=${CEP}`, { headers: { cookie } })).text();
    const props = islandProps<CartProps>(html, 'CartPage')!;
    const normal = props.initial.quote!.fabrica!.find((o) => o.type === 'normal')!;
    expect(html).toContain(`value="fabrica|normal|${normal.carrierId}"`);

    // A forged option is refused and the cart keeps no selection.
    let res = await form(
      app,
      CART_ACTIONS.shipping,
      { cep: CEP, option: 'fabrica|normal|99999', back: '/sacola' },
      cookie,
    );
    expect(res.headers.get('location')).toBe(`/sacola?cep=${CEP}`);
    expect(await follow(app, res, cookie)).toContain('Escolha uma opção de frete.');
    expect((await cartRow(cart.hash))!.shipping_selection).toBeNull();

    res = await form(
      app,
      CART_ACTIONS.shipping,
      { cep: CEP, option: `fabrica|normal|${normal.carrierId}`, back: '/sacola' },
      cookie,
    );
    const after = await follow(app, res, cookie);
    const priced = await current(app, cart.hash);
    expect(priced.shipping).toBe(normal.price);
    expect(priced.total).toBe(priced.subtotal - priced.discount + normal.price);
    expect(after).toContain('checked=""');

    // No shipping to Fernando de Noronha: the spec's message.
    const none = await (await app.request('/sacola?cep=53990000', { headers: { cookie } })).text();
    expect(islandProps<CartProps>(none, 'CartPage')!.initial.quote).toBeNull();
    expect(none).toContain('Não encontramos um frete para o endereço informado.');
    // No CEP at all: said so, not "no shipping" (walk 11).
    const unknown = await (await app.request('/sacola?cep=00000000', { headers: { cookie } })).text();
    expect(unknown).toContain('CEP inexistente. Confira os números digitados.');
  });

  it('after a reload the page shows the CEP the cart was quoted for, its options and the chosen one, without JavaScript', async () => {
    for (const target of [app, makeProxyPair().proxy]) {
      const [a] = await skus(1, { maxPrice: 20000 });
      const cart = await newCartWith(target, [a!]);
      const cookie = `cart=${cart.hash}`;
      // The script's CEP form quotes through the API, which remembers the CEP on the cart.
      const quoted = await target.request(
        `/api/omnichannel?zip_code=${CEP}&total_sale=1&shopping_cart_hash=${cart.hash}`,
        { headers: { cookie } },
      );
      expect(quoted.status).toBe(200);
      expect((await current(target, cart.hash)).shippingZip).toBe(CEP);
      const html = await (await target.request('/sacola', { headers: { cookie } })).text();
      const props = islandProps<CartProps>(html, 'CartPage')!;
      expect(props.initial.cep).toBe(CEP);
      const normal = props.initial.quote!.fabrica!.find((o) => o.type === 'normal')!;
      expect(html).toMatch(/<input id="cart-page-cep"[^>]*value="01310-100"/);
      expect(html).toContain(`value="fabrica|normal|${normal.carrierId}"`);
      // The chosen option comes back checked.
      const chosen = await form(
        target,
        CART_ACTIONS.shipping,
        { cep: CEP, option: `fabrica|normal|${normal.carrierId}`, back: '/sacola' },
        cookie,
      );
      await follow(target, chosen, cookie);
      const again = await (await target.request('/sacola', { headers: { cookie } })).text();
      expect(again).toMatch(
        new RegExp(
          `value="fabrica\\|normal\\|${normal.carrierId}"[^>]*checked=""|checked=""[^>]*value="fabrica\\|normal\\|${normal.carrierId}"`,
        ),
      );
      // A `?cep=` still wins over the remembered one.
      expect(
        islandProps<CartProps>(
          await (await target.request('/sacola?cep=20040002', { headers: { cookie } })).text(),
          'CartPage',
        )!.initial.cep,
      ).toBe('20040002');
    }
  });

  it('a remembered CEP that no longer quotes shows the pt-BR reason on the first render', async () => {
    const [a] = await skus(1, { maxPrice: 20000 });
    const cart = await newCartWith(app, [a!]);
    await env.DB.prepare("UPDATE carts SET shipping_zip = '53990000' WHERE id = ?").bind(cart.hash).run();
    const html = await (await app.request('/sacola', { headers: { cookie: `cart=${cart.hash}` } })).text();
    const props = islandProps<CartProps>(html, 'CartPage')!;
    expect(props.initial.cep).toBe('53990000');
    expect(props.initial.quote).toBeNull();
    expect(html).toContain('Não encontramos um frete para o endereço informado.');
  });

  it('a cart shipping in two packages takes one option per package; one alone is asked to complete', async () => {
    const [a, b] = await skus(2, { maxPrice: 20000 });
    await stockAt(a!.id, { fabrica: 10 });
    await stockAt(b!.id, { 'bh-savassi': 3 });
    const cart = await newCartWith(app, [a!, b!]);
    const cookie = `cart=${cart.hash}`;
    const html = await (await app.request(`/sacola?cep=${CEP}`, { headers: { cookie } })).text();
    expect(html).toContain('Pacote 1 de 2 — receber em casa');
    expect(html).toContain('name="option-bh-savassi"');
    const quote = islandProps<CartProps>(html, 'CartPage')!.initial.quote!;
    const fromFactory = quote.fabrica!.find((o) => o.type === 'normal')!;
    const fromStore = quote['bh-savassi']!.find((o) => o.type === 'normal')!;
    let res = await form(
      app,
      CART_ACTIONS.shipping,
      { cep: CEP, 'option-fabrica': `fabrica|normal|${fromFactory.carrierId}`, back: '/sacola' },
      cookie,
    );
    expect(await follow(app, res, cookie)).toContain(
      'Sua sacola sai em mais de um pacote: escolha a entrega de cada um.',
    );
    expect((await cartRow(cart.hash))!.shipping_selection).toBeNull();
    res = await form(
      app,
      CART_ACTIONS.shipping,
      {
        cep: CEP,
        'option-fabrica': `fabrica|normal|${fromFactory.carrierId}`,
        'option-bh-savassi': `bh-savassi|normal|${fromStore.carrierId}`,
        back: '/sacola',
      },
      cookie,
    );
    await follow(app, res, cookie);
    const priced = await current(app, cart.hash);
    expect(priced.shippingSelection.map((s) => s.store)).toEqual(['fabrica', 'bh-savassi']);
    expect(priced.shipping).toBe(fromFactory.price + fromStore.price);
    expect(priced.total).toBe(priced.subtotal + fromFactory.price + fromStore.price);
  });

  it('coupon and seller forms set the four free-shipping cookies as the JSON API does', async () => {
    const [a] = await skus(1, { maxPrice: 20000 });
    const cart = await newCartWith(app, [a!]);
    const cookie = `cart=${cart.hash}`;
    const flags = (res: Response) => {
      const set = cookiesOf(res);
      return [
        'free_normal_shipping_coupon',
        'free_express_shipping_coupon',
        'free_normal_shipping_seller',
        'free_express_shipping_seller',
      ].map((n) => set[n]);
    };
    expect(flags(await form(app, CART_ACTIONS.coupon, { code: 'FRETEEXPRESSA', back: '/sacola' }, cookie))).toEqual([
      'false',
      'true',
      'false',
      'false',
    ]);
    expect(flags(await form(app, CART_ACTIONS.seller, { code: 'MARIANA10', back: '/sacola' }, cookie))).toEqual([
      'false',
      'true',
      'true',
      'false',
    ]);
    const json = await app.request('/api/coupon/reprocess', {
      method: 'POST',
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
      body: JSON.stringify({ shoppingCart: cart.hash }),
    });
    expect(flags(json)).toEqual(['false', 'true', 'true', 'false']);
    expect(flags(await form(app, CART_ACTIONS.couponRemove, { back: '/sacola' }, cookie))).toEqual([
      'false',
      'false',
      'true',
      'false',
    ]);
    expect(flags(await form(app, CART_ACTIONS.sellerRemove, { back: '/sacola' }, cookie))).toEqual([
      'false',
      'false',
      'false',
      'false',
    ]);
    // A refused code sets nothing (the flags stay as they were).
    const refused = await form(app, CART_ACTIONS.coupon, { code: 'NAOEXISTE', back: '/sacola' }, cookie);
    expect(refused.status).toBe(303);
    expect(flags(refused)).toEqual([undefined, undefined, undefined, undefined]);
  });

  it('cashback shows for a signed-in customer with a balance and applies through the form', async () => {
    const customer = await createCustomerSession();
    await giveCashback(customer.customerId, 1500);
    const [a] = await skus(1, { minPrice: 5000 });
    const cart = await newCartWith(app, [a!], 1, customer.cookie);
    const cookie = `${customer.cookie}; cart=${cart.hash}`;
    let html = await (await app.request('/sacola', { headers: { cookie } })).text();
    expect(html).toContain('Seu saldo de cashback');
    html = await follow(
      app,
      await form(app, CART_ACTIONS.cashback, { cashback: 1500, back: '/sacola' }, cookie),
      cookie,
    );
    expect(html).toContain('Cashback aplicado');
    expect((await current(app, cart.hash, customer.cookie)).cashback_value).toBe(1500);
    await follow(app, await form(app, CART_ACTIONS.cashbackRemove, { back: '/sacola' }, cookie), cookie);
    expect((await current(app, cart.hash, customer.cookie)).cashback_value).toBe(0);
    // A visitor sees no cashback form.
    expect(
      await (
        await app.request('/sacola', { headers: { cookie: `cart=${(await newCartWith(app, [a!])).hash}` } })
      ).text(),
    ).not.toContain('data-testid="cart-cashback"');
  });

  it('works the same through the upstream adapter', async () => {
    const { proxy } = makeProxyPair();
    const [a] = await skus(1);
    const cart = await newCartWith(proxy, [a!]);
    const cookie = `cart=${cart.hash}`;
    await follow(
      proxy,
      await form(
        proxy,
        CART_ACTIONS.quantity,
        { itemId: cart.items[0]!.id_item_cart, amount: 2, back: '/sacola' },
        cookie,
      ),
      cookie,
    );
    await follow(
      proxy,
      await form(proxy, CART_ACTIONS.coupon, { code: 'BEMVINDO10', back: '/sacola' }, cookie),
      cookie,
    );
    const html = await (await proxy.request('/sacola', { headers: { cookie } })).text();
    expect(html).toContain('data-testid="cart-coupon-applied">BEMVINDO10');
    expect(html).toContain('Sacola, 2 itens');
  });
});
