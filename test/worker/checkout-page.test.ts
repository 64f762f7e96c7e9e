import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Cart } from '../../src/contracts/cart';
import { BAG_CHANGED_PROBLEM } from '../../src/contracts/checkout';
import { createCustomerSession, islandProps, makeApp, oneUnitCart as newCart, seed } from './app-harness';
import { basicForm } from './checkout-helpers';

const testApp = makeApp();
const { request } = testApp;

interface CheckoutIsland {
  cart: Cart | null;
  customer: { id: number; name: string } | null;
}

const oneUnitCart = () => newCart(testApp);

describe('/checkout page', () => {
  beforeAll(() => seed());

  it('renders the cart into the checkout island, not cacheable, without the site header', async () => {
    const { cart, cookie } = await oneUnitCart();
    const res = await request('/checkout', { headers: { cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('no-store');
    const html = await res.text();
    const props = islandProps<CheckoutIsland>(html, 'Checkout');
    expect(props?.cart?.cartId).toBe(cart.cartId);
    expect(props?.cart?.items).toHaveLength(1);
    expect(html).not.toContain('data-island="Header"');
    expect(html).toContain('Compra 100% segura');
    // The island's server HTML is its first step, as it hydrates (on the first interaction: nothing swaps then).
    expect(html).toMatch(/id="co-step-title"[^>]*>Identificação</);
    expect(html).toMatch(/<form class="co-guest"/);
    // For a browser without JavaScript, the one-page form: it posts to the page itself.
    const form = basicForm(html).form.match(/<form\b[^>]*>/)?.[0] ?? '';
    expect(form).toContain('method="post"');
    expect(form).toContain('action="/checkout"');
    expect(html).toContain(cart.items[0]!.product.name);
  });

  it('knows the signed-in customer before rendering; a dead session is a visitor', async () => {
    const { cookie } = await oneUnitCart();
    const session = await createCustomerSession({ name: 'Bruna Lima' });
    const html = await (await request('/checkout', { headers: { cookie: `${cookie}; ${session.cookie}` } })).text();
    expect(islandProps<CheckoutIsland>(html, 'Checkout')?.customer).toEqual({
      id: session.customerId,
      name: 'Bruna Lima',
    });
    expect(html).toContain('Você está comprando como <strong>Bruna Lima</strong>');
    expect(html).not.toContain('name="cpf"');
    const dead = await createCustomerSession({ expiresAt: new Date(Date.now() - 1000) });
    const visitor = await (await request('/checkout', { headers: { cookie: `${cookie}; ${dead.cookie}` } })).text();
    expect(islandProps<CheckoutIsland>(visitor, 'Checkout')?.customer).toBeNull();
    expect(visitor).toContain('name="cpf"');
  });

  it('shows the empty state without a cart, or with an unknown or malformed cart cookie', async () => {
    for (const cookie of [undefined, 'cart=ZZZZZZZZZZZZZZZZZZZZZZ', 'cart=../../etc']) {
      const res = await request('/checkout', cookie ? { headers: { cookie } } : undefined);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(islandProps<CheckoutIsland>(html, 'Checkout')?.cart).toBeNull();
      expect(html).toContain('Sua sacola está vazia');
    }
  });
});

describe('/checkout without JavaScript', () => {
  beforeAll(() => seed());

  const post = (cookie: string, fields: Record<string, string>, origin = 'http://localhost') =>
    request('/checkout', {
      method: 'POST',
      headers: { cookie, origin, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });

  it('quotes the CEP on "Calcular frete" and keeps what was typed', async () => {
    const { cookie } = await oneUnitCart();
    const res = await post(cookie, { acao: 'frete', nome: 'Ana Souza', cep: '01310-100' });
    expect(res.status).toBe(200);
    const basic = basicForm(await res.text());
    expect(basic.options.filter((o) => o.startsWith('fabrica:')).length).toBeGreaterThan(0);
    expect(basic.values).toMatchObject({ nome: 'Ana Souza', cep: '01310-100' });
    expect(basic.errors).toEqual({});
  });

  it('asks for a complete CEP', async () => {
    const { cookie } = await oneUnitCart();
    const basic = basicForm(await (await post(cookie, { acao: 'frete', cep: '0131' })).text());
    expect(basic.errors.cep).toBe('Informe um CEP válido, com 8 dígitos.');
    expect(basic.options).toEqual([]);
  });

  it('refuses a post from another site', async () => {
    const { cookie } = await oneUnitCart();
    expect((await post(cookie, { acao: 'frete', cep: '01310100' }, 'https://evil.example')).status).toBe(403);
  });
});

describe('/checkout without JavaScript: finishing', () => {
  beforeAll(() => seed());

  const post = (cookie: string, fields: Record<string, string>) =>
    request('/checkout', {
      method: 'POST',
      headers: { cookie, origin: 'http://localhost', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
      redirect: 'manual',
    });
  const guestPix = (option: string, chave: string) => ({
    acao: 'finalizar',
    chave,
    nome: 'Ana Souza',
    email: 'ana.nojs@example.com',
    cpf: '529.982.247-25',
    cep: '01310-100',
    rua: 'Avenida Paulista',
    numero: '1000',
    bairro: 'Bela Vista',
    cidade: 'São Paulo',
    uf: 'sp',
    entrega: option,
    pagamento: 'pix',
    ...shown,
  });

  /** What the page showed: the hidden `revisado` (goods total) and `itens` (the lines' fingerprint). */
  let shown: { revisado: string; itens: string } = { revisado: '', itens: '' };
  const hidden = (html: string, name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1] ?? '';
  async function normalOption(cookie: string): Promise<string> {
    const html = await (await post(cookie, { acao: 'frete', cep: '01310-100' })).text();
    shown = { revisado: hidden(html, 'revisado'), itens: hidden(html, 'itens') };
    const normal = basicForm(html).options.find((o) => o.startsWith('fabrica:normal:'));
    expect(normal).toBeDefined();
    return normal!;
  }

  it('places a guest Pix order and answers 303 to the confirmation; a double submit orders once', async () => {
    const { cart, cookie } = await oneUnitCart();
    const form = guestPix(await normalOption(cookie), 'nojs-key-aaaaaaaaaaaaaaaa');
    const answers = await Promise.all([post(cookie, form), post(cookie, form)]);
    const places = answers.filter((r) => r.status === 303).map((r) => r.headers.get('location')!);
    expect(places.length).toBeGreaterThan(0);
    for (const place of places) expect(place).toMatch(/^\/checkout\/order\/\d+(-\d+)*\?token=[^&]+$/);
    expect(new Set(places.map((p) => p.split('?')[0])).size).toBe(1);
    const orders = await env.DB.prepare('SELECT count(*) AS n FROM orders WHERE cart_id = ?')
      .bind(cart.cartId)
      .first<{ n: number }>();
    expect(orders!.n).toBe(1);
  });

  /** Every answer a 303 to that one order's confirmation, each with a token that opens it; one order, one payment. */
  async function landsOnOneOrder(cartId: string, key: string, answers: Response[]) {
    expect(answers.map((r) => r.status)).toEqual(answers.map(() => 303));
    const places = answers.map((r) => r.headers.get('location')!);
    for (const place of places) expect(place).toMatch(/^\/checkout\/order\/\d+(-\d+)*\?token=[^&]+$/);
    expect(new Set(places.map((p) => p.split('?')[0])).size).toBe(1);
    for (const place of new Set(places)) {
      const page = await request(place);
      expect(page.status).toBe(200);
      expect(await page.text()).not.toContain('Pedido não encontrado');
    }
    const n = async (sql: string, arg: string) =>
      (await env.DB.prepare(`SELECT count(*) AS n FROM ${sql}`).bind(arg).first<{ n: number }>())!.n;
    expect(await n('orders WHERE cart_id = ?', cartId)).toBe(1);
    expect(await n('payments WHERE idempotency_key = ?', key)).toBe(1);
  }

  it('the same form sent again after it ordered (the bag now closed) lands on that order again, never a second one', async () => {
    const { cart, cookie } = await oneUnitCart();
    const key = 'nojs-key-resend-aaaaaaaa';
    const form = guestPix(await normalOption(cookie), key);
    const answers = [await post(cookie, form), await post(cookie, form), await post(cookie, form)];
    await landsOnOneOrder(cart.cartId, key, answers);
    // Another browser (no `cart` cookie of that bag) sending the key gets no token: the empty bag.
    const stranger = await post('', form);
    expect(stranger.status).toBe(200);
    expect(await stranger.text()).toContain('Sua sacola está vazia');
  });

  it('20 identical forms at once: one order, every answer a 303 to its confirmation', async () => {
    const { cart, cookie } = await oneUnitCart();
    const key = 'nojs-key-parallel-aaaaaaa';
    const form = guestPix(await normalOption(cookie), key);
    // Overlapping, a few ms apart: some read the bag still open, some after the first committed.
    const staggered = Array.from({ length: 20 }, (_, i) =>
      new Promise((ok) => setTimeout(ok, i * 20)).then(() => post(cookie, form)),
    );
    await landsOnOneOrder(cart.cartId, key, await Promise.all(staggered));
  }, 60_000);

  it('a closed bag and a key that ordered nothing: the empty bag, nothing ordered or charged', async () => {
    const { cart, cookie } = await oneUnitCart();
    const form = guestPix(await normalOption(cookie), 'nojs-key-never-aaaaaaaa');
    await env.DB.prepare("UPDATE carts SET status = 'merged' WHERE id = ?").bind(cart.cartId).run();
    const res = await post(cookie, form);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('Sua sacola está vazia');
    expect(
      (await env.DB.prepare(
        "SELECT count(*) AS n FROM payments WHERE idempotency_key = 'nojs-key-never-aaaaaaaa'",
      ).first<{ n: number }>())!.n,
    ).toBe(0);
  });

  it('points at each missing field and orders nothing', async () => {
    const { cart, cookie } = await oneUnitCart();
    const option = await normalOption(cookie);
    const res = await post(cookie, {
      ...guestPix(option, 'nojs-key-bbbbbbbbbbbbbbbb'),
      cpf: '111.111.111-11',
      rua: '',
      entrega: '',
      pagamento: 'cartao',
    });
    expect(res.status).toBe(200);
    expect(basicForm(await res.text()).errors).toEqual({
      cpf: 'CPF inválido. Confira os 11 dígitos.',
      entrega: 'Escolha uma forma de entrega.',
      pagamento: 'Escolha Pix ou boleto.',
    });
    const withOption = basicForm(
      await (await post(cookie, { ...guestPix(option, 'nojs-key-cccccccccccccccc'), rua: '' })).text(),
    );
    expect(withOption.errors).toEqual({ rua: 'Informe a rua.' });
    const orders = await env.DB.prepare('SELECT count(*) AS n FROM orders WHERE cart_id = ?')
      .bind(cart.cartId)
      .first<{ n: number }>();
    expect(orders!.n).toBe(0);
  });

  it('a bag changed in another tab since the page was shown: the form again with the message and the new total, no order; then it orders', async () => {
    const { cart, cookie } = await oneUnitCart();
    const option = await normalOption(cookie);
    expect(shown.revisado).toBe(String(cart.subtotal));
    expect(shown.itens).toBe(`${cart.items[0]!.id_item_product}x1`);
    const form = guestPix(option, 'nojs-key-dddddddddddddddd');
    await env.DB.prepare('UPDATE cart_items SET amount = 3 WHERE cart_id = ?').bind(cart.cartId).run();
    const res = await post(cookie, form);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(basicForm(html).problem).toBe(BAG_CHANGED_PROBLEM.message);
    expect(islandProps<CheckoutIsland>(html, 'Checkout')!.cart!.items[0]!.amount).toBe(3);
    expect(hidden(html, 'revisado')).toBe(String(3 * cart.subtotal));
    const count = async () =>
      (await env.DB.prepare('SELECT count(*) AS n FROM orders WHERE cart_id = ?')
        .bind(cart.cartId)
        .first<{ n: number }>())!.n;
    expect(await count()).toBe(0);
    // A post without the hidden fields (a page from before them) is shown again too, never ordered blind.
    const { revisado: _r, itens: _i, ...bare } = form;
    const again = await post(cookie, bare);
    expect(again.status).toBe(200);
    expect(basicForm(await again.text()).problem).toBe(BAG_CHANGED_PROBLEM.message);
    expect(await count()).toBe(0);
    // The page as now shown orders the 3 units.
    const ok = await post(cookie, { ...form, revisado: hidden(html, 'revisado'), itens: hidden(html, 'itens') });
    expect(ok.status).toBe(303);
    expect(await count()).toBe(1);
  });
});
