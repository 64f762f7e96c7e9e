import type { APIRequestContext, Page } from '@playwright/test';
import { expect, hydrated, test } from './fixtures';

interface ApiProduct {
  slug: string;
  name: string;
  skus: { productItemId: number; available: boolean; lastUnits: boolean; priceCents: number }[];
}

let cartsFilled = 0;

/**
 * Claims an in-stock product for this test. Each claim of a run gets a product of its own: worker w takes listing
 * positions w, w + workers, w + 2·workers, … (wrapping round the listing).
 * So a test that takes a product's last factory unit never changes the shipping plan of a cart another test is
 * checking out at the same moment (which would, rightly, invalidate that cart's quote).
 */
export async function claimProduct(
  request: APIRequestContext,
): Promise<{ slug: string; product: ApiProduct; sku: ApiProduct['skus'][number] }> {
  const listing = (await (await request.get('/api/catalog/listing?slug=moda-praia/biquinis')).json()) as {
    products: { slug: string }[];
  };
  const { parallelIndex, config } = test.info();
  const stride = Math.max(1, config.workers);
  const n = listing.products.length;
  const first = (parallelIndex + stride * cartsFilled++) % n;
  const candidates = Array.from(
    { length: Math.ceil(n / stride) },
    (_, j) => listing.products[(first + j * stride) % n]!,
  );
  for (const { slug } of candidates) {
    const product = (await (await request.get(`/api/products/${slug}`)).json()) as ApiProduct;
    // At least R$ 150, so a card takes 3 installments (no parcel under R$ 50): the tests that pick "3x" got a
    // discounted R$ 80 biquíni once, whose card offers only 1x.
    // A size with more than its last units first: another worker's test may be buying a last unit at this moment, and
    // this test's add or order would then be refused for stock.
    const fits = product.skus.filter((s) => s.available && s.priceCents >= 15_000);
    const sku = fits.find((s) => !s.lastUnits) ?? fits[0];
    if (sku) return { slug, product, sku };
  }
  throw new Error('no product in stock');
}

/** Puts one unit of a claimed product (see claimProduct) in this context's cart (the `cart` cookie lands in the context). */
export async function fillCart(
  request: APIRequestContext,
  baseURL: string,
): Promise<{ name: string; priceCents: number }> {
  const { product, sku } = await claimProduct(request);
  const res = await request.post('/api/cart', {
    headers: { origin: baseURL, 'content-type': 'application/json' },
    data: {
      productItemId: sku.productItemId,
      amount: 1,
      gift: false,
      cartId: null,
      giftCoupon: null,
      insertedLink: '/e2e',
    },
  });
  expect(res.status()).toBe(200);
  return { name: product.name, priceCents: sku.priceCents };
}

export const GUEST = { name: 'Ana Souza', email: 'ana.e2e@example.com', cpf: '529.982.247-25' };

export async function openCheckout(page: Page): Promise<void> {
  await page.goto('/checkout');
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Identificação' })).toBeVisible();
}

export async function identifyAsGuest(page: Page, guest = GUEST): Promise<void> {
  await page.getByLabel('Nome completo', { exact: true }).fill(guest.name);
  await page.getByLabel('E-mail', { exact: true }).fill(guest.email);
  await page.getByLabel('CPF', { exact: true }).fill(guest.cpf);
  await page.getByRole('button', { name: 'Continuar como convidado' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Entrega' })).toBeVisible();
}

export async function quoteCep(page: Page, cep = '01310-100'): Promise<void> {
  await page.getByLabel('CEP', { exact: true }).fill(cep);
  await page.getByRole('button', { name: 'Calcular frete' }).click();
  await expect(page.getByTestId('shipping-option').first()).toBeVisible();
}

/** Home delivery: the normal option of every package (the cart may ship from the factory and from stores). */
export async function deliverHome(page: Page): Promise<void> {
  const normal = '[data-testid="shipping-option"][data-type="normal"]';
  const stores = await page
    .locator(normal)
    .evaluateAll((els) => [...new Set(els.map((e) => e.getAttribute('data-store')))]);
  for (const store of stores) await page.locator(`${normal}[data-store="${store}"]`).first().click();
  await page.getByLabel('Rua', { exact: true }).fill('Avenida Paulista');
  await page.getByLabel('Número', { exact: true }).fill('1000');
  await page.getByLabel('Bairro', { exact: true }).fill('Bela Vista');
  await page.getByLabel('Cidade', { exact: true }).fill('São Paulo');
  await page.getByLabel('UF', { exact: true }).fill('SP');
  await page.getByRole('button', { name: 'Continuar para o pagamento' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Pagamento' })).toBeVisible();
}

export async function choose(page: Page, method: string): Promise<void> {
  await page.getByRole('radio', { name: new RegExp(`^${method}`) }).check();
}

export async function fillCard(page: Page, number: string, cvv = '123'): Promise<void> {
  await page.getByLabel('Número do cartão').fill(number);
  await page.getByLabel('Nome impresso no cartão').fill('ANA SOUZA');
  await page.getByLabel('Validade (MM/AA)').fill('12/30');
  await page.getByLabel('CVV', { exact: true }).fill(cvv);
}

export async function toReview(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Revisar o pedido' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Revisão' })).toBeVisible();
}

/** Events of one name in window.dataLayer. */
export async function events(page: Page, name: string): Promise<Record<string, unknown>[]> {
  return page.evaluate(
    (n) =>
      ((window as unknown as { dataLayer?: Record<string, unknown>[] }).dataLayer ?? []).filter((e) => e.event === n),
    name,
  );
}

/** A valid CPF (textbook check digits) from nine base digits. */
export function cpfFrom(base: string): string {
  const digit = (d: string) => {
    const r = [...d].reduce((acc, c, i) => acc + Number(c) * (d.length + 1 - i), 0) % 11;
    return r < 2 ? 0 : 11 - r;
  };
  const first = digit(base);
  return base + first + digit(base + first);
}

/** Registers a customer with a saved address; the session cookie lands in the page's context. */
export async function registerCustomer(page: Page, baseURL: string): Promise<{ email: string; name: string }> {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const email = `checkout${stamp}@example.com.br`;
  const name = 'Carla Checkout Silva';
  const res = await page.request.post('/api/register', {
    // Each simulated shopper from an address of its own: registration is limited per client address (ADR 0011).
    headers: {
      origin: baseURL,
      'content-type': 'application/json',
      'cf-connecting-ip': `198.51.100.${Math.floor(Math.random() * 250) + 1}`,
    },
    data: {
      name,
      email,
      cpf: cpfFrom(stamp.slice(-9)),
      password: 'senhaForte123',
      phone: '11987654321',
      birthDate: '1990-05-06',
      address: {
        receiver: name,
        zipCode: '01310-100',
        street: 'Avenida Paulista',
        number: '1500',
        neighborhood: 'Bela Vista',
        city: 'São Paulo',
        state: 'SP',
      },
    },
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return { email, name };
}

/**
 * `/checkout/order/{ids joined by -}?token={access token}` (spec §2): the token is opaque (ADR 0009, addendum
 * 2026-11-27), so the address says nothing about the buyer `email`, plain or decoded.
 */
export async function expectConfirmation(page: Page, email: string): Promise<{ ids: number[] }> {
  await expect(page).toHaveURL(/\/checkout\/order\/\d+(-\d+)*\?token=[A-Za-z0-9_-]{43}$/, { timeout: 15_000 });
  const url = new URL(page.url());
  const ids = url.pathname.split('/').pop()!.split('-').map(Number);
  const token = url.searchParams.get('token')!;
  const local = email.split('@')[0]!.toLowerCase();
  for (const text of [page.url(), decodeURIComponent(page.url()), Buffer.from(token, 'base64url').toString('latin1')])
    expect(text.toLowerCase()).not.toContain(local);
  return { ids };
}

/** A fresh cart, the checkout open, identified as the guest, options quoted for the CEP. */
export async function startAsGuest(page: Page, baseURL: string): Promise<void> {
  await fillCart(page.request, baseURL);
  await openCheckout(page);
  await identifyAsGuest(page);
  await quoteCep(page);
}

/** A cart above PayPal's sandbox limit (R$ 10.000,00): two units of many in-stock SKUs until the subtotal passes it. */
export async function fillBigCart(request: APIRequestContext, baseURL: string): Promise<void> {
  let subtotal = 0;
  let cartId: string | null = null;
  for (let page = 1; page <= 8 && subtotal <= 1_000_000; page += 1) {
    const listing = (await (await request.get(`/api/catalog/listing?slug=moda-praia&pagina=${page}`)).json()) as {
      products: { slug: string }[];
    };
    for (const { slug } of listing.products) {
      if (subtotal > 1_000_000) break;
      const product = (await (await request.get(`/api/products/${slug}`)).json()) as ApiProduct;
      const sku = product.skus.find((s) => s.available && s.priceCents >= 10_000);
      if (!sku) continue;
      const res = await request.post('/api/cart', {
        headers: { origin: baseURL, 'content-type': 'application/json' },
        data: {
          productItemId: sku.productItemId,
          amount: 2,
          gift: false,
          cartId,
          giftCoupon: null,
          insertedLink: '/e2e',
        },
      });
      if (res.status() !== 200) continue;
      const cart = (await res.json()) as { cartId: string; subtotal: number };
      cartId = cart.cartId;
      subtotal = cart.subtotal;
    }
  }
  if (subtotal <= 1_000_000) throw new Error(`cart reached only ${subtotal} cents`);
}

/** From the checkout's first step: the guest identifies, home delivery, `pay` (the payment step), review, finish; waits for the confirmation. */
export async function guestPays(page: Page, pay: (page: Page) => Promise<void>): Promise<void> {
  await identifyAsGuest(page);
  await quoteCep(page);
  await deliverHome(page);
  await pay(page);
  await toReview(page);
  await page.getByRole('button', { name: 'Finalizar compra' }).click();
  await expectConfirmation(page, GUEST.email);
}

/** `guestPays` with Pix. */
export const guestPaysWithPix = (page: Page): Promise<void> => guestPays(page, (p) => choose(p, 'Pix'));
