import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { cpfFrom } from './checkout-helpers';
import { expect, hydrated, test } from './fixtures';

interface ApiProduct {
  slug: string;
  name: string;
  gift: boolean;
  colors: { slug: string; photos: string[] }[];
  skus: {
    productItemId: number;
    color: string;
    size: string;
    sizeOrder: number;
    available: boolean;
    priceCents: number;
    lastUnits: boolean;
  }[];
}

interface Scenario {
  product: ApiProduct;
  color: string;
  sizes: [{ size: string; price: number }, { size: string; price: number }];
}

const CEP = '01310100';
const brl = (cents: number) =>
  new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(cents / 100);
/** Text as the page shows it (pt-BR puts a no-break space after R$). */
const money = (cents: number) =>
  new RegExp(
    brl(cents)
      .replace(/\s/g, '\\s')
      .replace(/[.$]/g, (m) => `\\${m}`),
  );

/** A product with a colour offering two sizes in good stock (not the last units), one call at a time. */
async function findScenario(request: APIRequestContext, skip = 0): Promise<Scenario> {
  const listing = (await (await request.get('/api/catalog/listing?slug=moda-praia/biquinis')).json()) as {
    products: { slug: string }[];
  };
  let seen = 0;
  for (const { slug } of listing.products) {
    const product = (await (await request.get(`/api/products/${slug}`)).json()) as ApiProduct;
    if (product.gift) continue;
    for (const color of product.colors) {
      const ok = product.skus
        .filter((s) => s.color === color.slug && s.available && !s.lastUnits)
        .sort((a, b) => a.sizeOrder - b.sizeOrder);
      if (ok.length >= 2 && seen++ >= skip) {
        return {
          product,
          color: color.slug,
          sizes: [
            { size: ok[0]!.size, price: ok[0]!.priceCents },
            { size: ok[1]!.size, price: ok[1]!.priceCents },
          ],
        };
      }
    }
  }
  throw new Error('no product in the seed fits the scenario');
}

/**
 * The expected cart after the flow: first size ×2, second ×1, coupon BEMVINDO10 (10% of the goods,
 * cents rounded down), seller code JOAO10 (10% of what the coupon leaves), 'normal' for the CEP.
 */
async function expectedTotals(request: APIRequestContext, s: Scenario, promotions: boolean) {
  const subtotal = s.sizes[0].price * 2 + s.sizes[1].price;
  const coupon = promotions ? Math.floor(subtotal / 10) : 0;
  const discount = coupon + (promotions ? Math.floor((subtotal - coupon) / 10) : 0);
  const quote = (await (
    await request.get(`/api/omnichannel?zip_code=${CEP}&total_sale=${subtotal - discount}`)
  ).json()) as Record<string, { type: string; price: number }[]>;
  const normal = quote.fabrica!.find((o) => o.type === 'normal')!;
  return { subtotal, discount, shipping: normal.price, total: subtotal - discount + normal.price };
}

/** Steps shared by the JavaScript drawer and the no-JS page: the same forms, the same texts. */
async function cartFlow(cart: () => Locator, s: Scenario, withPromotions: boolean, js: boolean) {
  const line = (size: string) =>
    cart()
      .getByTestId('cart-line')
      .filter({ hasText: `Tamanho: ${size}` });
  await expect(cart().getByTestId('cart-line')).toHaveCount(2);
  await expect(cart().getByTestId('cart-subtotal')).toHaveText(money(s.sizes[0].price + s.sizes[1].price));

  // Quantity of the first size: 1 → 2.
  await line(s.sizes[0].size).getByRole('button', { name: 'Aumentar quantidade' }).click();
  await expect(line(s.sizes[0].size).getByTestId('cart-qty')).toContainText('2');
  const subtotal = s.sizes[0].price * 2 + s.sizes[1].price;
  await expect(cart().getByTestId('cart-subtotal')).toHaveText(money(subtotal));

  // Coupon: empty, invalid, then a valid one.
  await cart().getByRole('button', { name: 'Aplicar cupom de desconto' }).click();
  await expect(cart().getByTestId('cart-notice')).toContainText('Cupom inválido!');
  await expect(cart().getByTestId('cart-notice')).toContainText('Esse cupom está vazio!');
  if (withPromotions) {
    await cart().getByRole('textbox', { name: 'Cupom de desconto' }).fill('NAOEXISTE');
    await cart().getByRole('button', { name: 'Aplicar cupom de desconto' }).click();
    await expect(cart().getByTestId('cart-notice')).toContainText('Cupom inválido!');
    await expect(cart().getByTestId('cart-notice')).toContainText(
      'Cupom já utilizado ou inválido para esse pedido. Não é possível aplicá-lo',
    );
    await cart().getByRole('textbox', { name: 'Cupom de desconto' }).fill('BEMVINDO10');
    await cart().getByRole('button', { name: 'Aplicar cupom de desconto' }).click();
    await expect(cart().getByTestId('cart-coupon-applied')).toHaveText('BEMVINDO10');

    // Seller code.
    await cart().getByRole('textbox', { name: 'Código do vendedor' }).fill('JOAO10');
    await cart().getByRole('button', { name: 'Aplicar código do vendedor' }).click();
    await expect(cart().getByTestId('cart-seller-applied')).toHaveText('JOAO10');
  }

  // CEP → options for the whole cart → pick the express one.
  await cart().getByRole('textbox', { name: 'CEP de entrega' }).fill(CEP);
  await cart().getByRole('button', { name: 'Calcular' }).click();
  const normal = cart().locator('.cart-ship__option[data-type="normal"]').first();
  await expect(normal).toBeVisible();
  await normal.getByRole('radio').check();
  // With JavaScript picking is enough (the button is hidden); without it the button posts the choice.
  const choose = cart().getByRole('button', { name: 'Escolher frete' });
  if (js) await expect(choose).toBeHidden();
  else await choose.click();
}

async function expectTotals(
  cart: Locator,
  totals: { subtotal: number; discount: number; shipping: number; total: number },
) {
  await expect(cart.getByTestId('cart-shipping')).toHaveText(totals.shipping ? money(totals.shipping) : 'Grátis');
  await expect(cart.getByTestId('cart-subtotal')).toHaveText(money(totals.subtotal));
  if (totals.discount)
    await expect(cart.getByTestId('cart-discount')).toHaveText(new RegExp(money(totals.discount).source));
  await expect(cart.getByTestId('cart-total')).toHaveText(money(totals.total));
}

/** How many data-layer events of this name the page sent. */
function events(page: Page, name: string): Promise<number> {
  return page.evaluate(
    (n) =>
      ((window as unknown as { dataLayer?: { event: string }[] }).dataLayer ?? []).filter((e) => e.event === n).length,
    name,
  );
}

/**
 * When an element matching `selector` came into the page and when none was left, timed inside the page (a
 * MutationObserver notes both on the page's clock, in ms): the test runner's own delays, which on a loaded machine
 * add up to seconds over a few assertions, are not counted. Start it before the action; the answer waits for the
 * element to be gone.
 */
async function onScreen(page: Page, selector: string): Promise<() => Promise<{ shown: number; gone: number }>> {
  await page.evaluate((sel) => {
    const spans = ((window as unknown as { __onScreen?: Record<string, number[]> }).__onScreen ??= {});
    const span: number[] = (spans[sel] = []);
    const observer = new MutationObserver(() => {
      const present = document.querySelector(sel) !== null;
      if (span.length === 0 && present) span.push(performance.now());
      else if (span.length === 1 && !present) {
        span.push(performance.now());
        observer.disconnect();
      }
    });
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  }, selector);
  const span = () =>
    page.evaluate((sel) => (window as unknown as { __onScreen: Record<string, number[]> }).__onScreen[sel]!, selector);
  return async () => {
    await expect.poll(async () => (await span()).length).toBe(2);
    const [shown, gone] = await span();
    return { shown: shown!, gone: gone! };
  };
}

const PROMOTIONS = process.env.CART_PROMOTIONS !== '0';

test.describe('cart', () => {
  test('add two sizes from a PDP, popover, drawer: quantity, codes, CEP, shipping and totals to the cent', async ({
    page,
    request,
    consoleErrors,
  }) => {
    const s = await findScenario(request, 0);
    await page.goto(`/${s.product.slug}/p?cor=${s.color}`);
    await hydrated(page);
    const add = page.getByTestId('add-to-cart');
    const popover = page.getByTestId('cart-popover');

    await page.locator(`button[data-size="${s.sizes[0].size}"]`).click();
    await add.click();
    await expect(popover.locator('.cart-popover__title')).toHaveText('PRODUTO ADICIONADO À SACOLA');
    await expect(page.getByText('Produto adicionado à sacola', { exact: true })).toBeVisible();
    await page.locator(`button[data-size="${s.sizes[1].size}"]`).click();
    await add.click();
    await expect(popover.locator('.cart-popover__title')).toHaveText('PRODUTOS ADICIONADOS À SACOLA');
    await expect(popover.locator('li')).toHaveCount(2);
    await expect(popover).toContainText(`Tamanho: ${s.sizes[1].size}`);
    await expect(popover).toContainText('Quantidade: 1');
    await expect(popover).toContainText(money(s.sizes[1].price));
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sacola, 2 itens' })).toBeVisible();
    await expect.poll(() => events(page, 'add_to_cart')).toBe(2);

    await popover.getByRole('button', { name: 'VER SACOLA' }).click();
    const drawer = page.getByRole('dialog', { name: /Sacola/ });
    await expect(drawer).toBeVisible();
    await expect(popover).toHaveCount(0);
    await expect.poll(() => events(page, 'view_cart')).toBe(1);

    await cartFlow(() => drawer, s, PROMOTIONS, true);
    if (PROMOTIONS) {
      // The invalid coupon's 422 is logged by Chromium, and expected.
      const expected = consoleErrors.findIndex((e) => /status of 422/.test(e));
      expect(expected).toBeGreaterThanOrEqual(0);
      consoleErrors.splice(expected, 1);
    }
    const totals = await expectedTotals(request, s, PROMOTIONS);
    await expectTotals(drawer, totals);

    // Esc closes the drawer and focus goes back; the header link opens it again, same totals.
    await page.keyboard.press('Escape');
    await expect(drawer).toHaveCount(0);
    await page.getByRole('banner').getByRole('link', { name: 'Sacola, 3 itens' }).click();
    await expect(page.getByRole('dialog', { name: /Sacola/ })).toBeVisible();
    await expectTotals(page.getByRole('dialog', { name: /Sacola/ }), totals);

    // A reload keeps the cart and the chosen shipping (the server's and this browser's copy agree).
    await page.reload();
    await hydrated(page);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sacola, 3 itens' })).toBeVisible();
  });

  test('Escape dismisses the popover and the tooltip at once (they cover the sizes and the price for seconds)', async ({
    page,
    request,
  }) => {
    const s = await findScenario(request, 0);
    await page.clock.install();
    await page.goto(`/${s.product.slug}/p?cor=${s.color}`);
    await hydrated(page);
    await page.locator(`button[data-size="${s.sizes[0].size}"]`).click();
    await page.getByTestId('add-to-cart').click();
    const popover = page.getByTestId('cart-popover');
    const tooltip = page.getByText('Produto adicionado à sacola', { exact: true });
    await expect(popover).toBeVisible();
    await expect(tooltip).toBeVisible();
    // The page's clock stops a moment from now, so neither the 2 s nor the 4 s timer can hide them: only the key
    // does. (pauseAt refuses a time already past: on a busy machine the clock may have moved on; read it again.)
    for (let tries = 0; ; tries += 1) {
      const now = await page.evaluate(() => Date.now());
      const paused = await page.clock.pauseAt(now + 250).then(
        () => true,
        (error: Error) => (tries < 5 && /past/.test(error.message) ? false : Promise.reject(error)),
      );
      if (paused) break;
    }
    await expect(popover).toBeVisible();
    await expect(tooltip).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(popover).toHaveCount(0);
    await expect(tooltip).toBeHidden();
    await expect(page.getByTestId('add-to-cart')).toBeFocused();
  });

  test('popover hides 4 s after the add and the tooltip after 2 s; remove empties the cart', async ({
    page,
    request,
  }) => {
    const s = await findScenario(request, 1);
    await page.goto(`/${s.product.slug}/p?cor=${s.color}&tamanho=${encodeURIComponent(s.sizes[0].size)}`);
    await hydrated(page);
    const popover = page.getByTestId('cart-popover');
    const tooltip = page.getByText('Produto adicionado à sacola', { exact: true });
    const tooltipSpan = await onScreen(page, '.cart-tooltip--visible');
    const popoverSpan = await onScreen(page, '[data-testid="cart-popover"]');
    await page.getByTestId('add-to-cart').click();
    // Each timer counts from its own appearance, timed in the page: the popover shows once the add is answered, the
    // tooltip only after the cart's follow-up calls; timed by the test after the tooltip, the popover's start was
    // seconds late on a slow server.
    await expect(tooltip).toBeVisible();
    await expect(popover).toBeVisible();
    const shownTooltip = await tooltipSpan();
    await expect(tooltip).toBeHidden();
    const shownPopover = await popoverSpan();
    await expect(popover).toBeHidden();
    const tooltipMs = shownTooltip.gone - shownTooltip.shown;
    const popoverMs = shownPopover.gone - shownPopover.shown;
    expect(tooltipMs).toBeGreaterThan(1500);
    expect(tooltipMs).toBeLessThan(3000);
    expect(popoverMs).toBeGreaterThan(3500);
    expect(popoverMs).toBeLessThan(5500);

    // The header link is intercepted: the drawer opens (keyboard), remove empties it.
    await page.getByRole('banner').getByRole('link', { name: 'Sacola, 1 item' }).focus();
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: /Sacola/ });
    await expect(drawer).toBeVisible();
    await drawer.getByRole('button', { name: /^Remover / }).click();
    await expect(drawer.getByTestId('cart-empty')).toContainText('Sua sacola está vazia.');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sacola, 0 itens' })).toBeVisible();
    await expect.poll(() => events(page, 'remove_from_cart')).toBe(1);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('hash'))).toBeNull();
  });

  test('"Adicionar à sacola" by keyboard: focus stays on the button while adding and once the popover shows', async ({
    page,
    request,
  }) => {
    const s = await findScenario(request, 2);
    await page.goto(`/${s.product.slug}/p?cor=${s.color}&tamanho=${encodeURIComponent(s.sizes[0].size)}`);
    await hydrated(page);
    const add = page.getByTestId('add-to-cart');
    await add.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('cart-popover')).toBeVisible();
    await expect(add).toHaveText('Adicionar à sacola');
    await expect(add).toBeFocused();
    // The keyboard carries on from there: a second Enter adds again.
    await page.keyboard.press('Enter');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sacola, 2 itens' })).toBeVisible();
  });

  test('adds from a listing card by keyboard: the size chooser, the popover (held while focused), the 2 s tooltip and the badge', async ({
    page,
  }) => {
    await page.goto('/moda-praia/biquinis');
    await hydrated(page);
    const quick = page.locator('[data-quick-add]').first();
    await expect(quick).toHaveAttribute('href', /\/p$/);
    await quick.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Escolha o tamanho para adicionar à sacola:')).toBeVisible();
    // Focus starts on the first size in stock; Esc closes and gives focus back to the card.
    await expect(dialog.locator('.quick-add__size:focus')).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(quick).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('.quick-add__size:focus')).toHaveCount(1);
    const size = (await page.locator('.quick-add__size:focus').innerText()).trim();
    const tooltipSpan = await onScreen(page, '.cart-tooltip--visible');
    const popoverSpan = await onScreen(page, '[data-testid="cart-popover"]');
    await page.keyboard.press('Enter');
    // Like the product page's add: the tooltip (over the card) for 2 s, and the popover.
    const tooltip = page.getByText('Produto adicionado à sacola', { exact: true });
    await expect(tooltip).toBeVisible();
    await expect(page.getByTestId('cart-popover')).toContainText(`Tamanho: ${size}`);
    await expect(page.getByTestId('cart-popover').locator('.cart-popover__title')).toHaveText(
      'PRODUTO ADICIONADO À SACOLA',
    );
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sacola, 1 item' })).toBeVisible();
    const shownTooltip = await tooltipSpan();
    await expect(tooltip).toBeHidden();
    const tooltipMs = shownTooltip.gone - shownTooltip.shown;
    expect(tooltipMs).toBeGreaterThan(1500);
    expect(tooltipMs).toBeLessThan(3000);
    // Keyboard focus back on the card's "Adicionar", what added: the popover waits. One Tab reaches "VER SACOLA",
    // the next moves on, and the popover's 4 s count from there.
    await expect(quick).toBeFocused();
    await expect(page.getByTestId('cart-popover')).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(page.getByTestId('cart-popover').getByRole('button', { name: 'VER SACOLA' })).toBeFocused();
    await page.evaluate(() =>
      document.addEventListener(
        'focusout',
        () => ((window as unknown as { __left: number }).__left = performance.now()),
      ),
    );
    await page.keyboard.press('Tab');
    const shownPopover = await popoverSpan();
    const left = await page.evaluate(() => (window as unknown as { __left: number }).__left);
    expect(shownPopover.gone - left).toBeGreaterThan(3500);
    expect(shownPopover.gone - left).toBeLessThan(5500);
    await expect.poll(() => events(page, 'add_to_cart')).toBe(1);
    await expect(page).toHaveURL(/\/moda-praia\/biquinis$/);
  });

  test('adds from a listing card by tap on a phone: the size chooser opens in place (outside walk: the card link took the tap)', async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({
      baseURL,
      viewport: { width: 375, height: 812 },
      hasTouch: true,
      isMobile: true,
    });
    await context.addCookies([{ name: 'cookie_consent', value: 'denied', url: baseURL! }]);
    const page = await context.newPage();
    await page.goto('/moda-praia/biquinis');
    const quick = page.locator('[data-quick-add]').first();
    // What the shopper reads: the product name is for screen readers only, the two words around it keep their space.
    await expect(quick).toHaveText(/^Adicionar\s.+\sà sacola$/);
    const layout = await quick.evaluate((el) => {
      const rectsOf = (node: Node) => {
        const range = document.createRange();
        range.selectNodeContents(node);
        return Array.from(range.getClientRects());
      };
      const texts = Array.from(el.childNodes).filter((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim());
      const [first, last] = [rectsOf(texts[0]!), rectsOf(texts.at(-1)!)];
      return { lines: [first.length, last.length], a: first[0]!.toJSON() as DOMRect, b: last[0]!.toJSON() as DOMRect };
    });
    // Each of "Adicionar" and "à sacola" on one line (outside walk: "à" and "sacola" stacked at 375 px)…
    expect(layout.lines).toEqual([1, 1]);
    // …side by side with a space, or the second whole on the next line.
    if (Math.abs(layout.a.top - layout.b.top) < 2)
      expect(layout.b.left - layout.a.right, 'the gap on screen').toBeGreaterThan(2);
    else expect(layout.b.top).toBeGreaterThanOrEqual(layout.a.bottom - 1);
    // tap() refuses an element another one covers, as the card's stretched link did.
    await quick.tap();
    await expect(page.getByRole('dialog').getByText('Escolha o tamanho para adicionar à sacola:')).toBeVisible({
      timeout: 15_000,
    });
    await expect(page).toHaveURL(/\/moda-praia\/biquinis$/);
    await context.close();
  });

  test('a cart shipping from the factory and a store: one option per package, the total adds both', async ({
    page,
    baseURL,
  }) => {
    // Fill the cart through the API until its quote names two home-delivery packages.
    const origin = { origin: baseURL!, 'content-type': 'application/json' };
    const listing = (await (await page.request.get('/api/catalog/listing?slug=moda-praia/biquinis')).json()) as {
      products: { slug: string }[];
    };
    let hash: string | null = null;
    let homes: string[] = [];
    for (const { slug } of listing.products) {
      const product = (await (await page.request.get(`/api/products/${slug}`)).json()) as ApiProduct;
      const sku = product.gift ? undefined : product.skus.find((k) => k.available && !k.lastUnits);
      if (!sku) continue;
      const cart = (await (
        await page.request.post('/api/cart', {
          headers: origin,
          data: { productItemId: sku.productItemId, amount: 1, cartId: hash },
        })
      ).json()) as { hash: string };
      hash = cart.hash;
      const quote = (await (
        await page.request.get(`/api/omnichannel?zip_code=${CEP}&total_sale=1&shopping_cart_hash=${hash}`)
      ).json()) as Record<string, { type: string }[]>;
      homes = Object.keys(quote).filter((k) => quote[k]!.some((o) => o.type === 'normal'));
      if (homes.length >= 2) break;
    }
    expect(homes.length).toBeGreaterThanOrEqual(2);
    await page.goto('/sacola');
    await hydrated(page);
    const cartPage = page.locator('main');
    await cartPage.getByRole('textbox', { name: 'CEP de entrega' }).fill(CEP);
    await cartPage.getByRole('button', { name: 'Calcular' }).click();
    await expect(cartPage.getByText(`Pacote 1 de ${homes.length} — receber em casa`)).toBeVisible();
    const prices: number[] = [];
    for (const [i, store] of homes.entries()) {
      const option = cartPage
        .locator(`.cart-ship__package[data-store="${store}"] .cart-ship__option[data-type="normal"]`)
        .first();
      const price = (await option.locator('.cart-ship__price').innerText()).trim();
      prices.push(price === 'Grátis' ? 0 : Math.round(Number(price.replace(/[^\d,]/g, '').replace(',', '.')) * 100));
      await option.getByRole('radio').check();
      if (i < homes.length - 1) {
        // Until every package has its option the cart keeps no shipping and says why.
        await expect(cartPage.getByTestId('cart-notice')).toContainText(
          'Sua sacola sai em mais de um pacote: escolha a entrega de cada um.',
        );
        await expect(cartPage.getByTestId('cart-shipping')).toHaveText('A calcular');
      }
    }
    const shipping = prices.reduce((a, b) => a + b, 0);
    await expect(cartPage.getByTestId('cart-shipping')).toHaveText(shipping ? money(shipping) : 'Grátis');
    const subtotal = Number(
      ((await (await page.request.get(`/api/cart?cartId=${hash}`)).json()) as { subtotal: number }).subtotal,
    );
    await expect(cartPage.getByTestId('cart-total')).toHaveText(money(subtotal + shipping));
  });

  test('after a reload /sacola shows the quoted CEP and its options again before any interaction, so the totals match the screen', async ({
    page,
    baseURL,
  }) => {
    const s = await findScenario(page.request);
    const sku = s.product.skus.find((k) => k.color === s.color && k.size === s.sizes[0].size)!;
    const origin = { origin: baseURL!, 'content-type': 'application/json' };
    await page.request.post('/api/cart', {
      headers: origin,
      data: { productItemId: sku.productItemId, amount: 1, cartId: null },
    });
    await page.goto('/sacola');
    await hydrated(page);
    const cartPage = page.locator('main');
    await cartPage.getByRole('textbox', { name: 'CEP de entrega' }).fill(CEP);
    await cartPage.getByRole('button', { name: 'Calcular' }).click();
    const normal = cartPage.locator('.cart-ship__option[data-type="normal"]').first();
    await normal.getByRole('radio').check();
    await expect(cartPage.getByTestId('cart-shipping')).not.toHaveText('A calcular');
    const shipping = await cartPage.getByTestId('cart-shipping').innerText();

    await page.reload();
    // Before any interaction (nothing hydrated yet): the server rendered the cart's CEP, its options and the choice.
    await expect(page.locator('html[data-hydrated]')).toHaveCount(0);
    await expect(cartPage.getByRole('textbox', { name: 'CEP de entrega' })).toHaveValue('01310-100');
    await expect(normal.getByRole('radio')).toBeChecked();
    await expect(cartPage.getByTestId('cart-shipping')).toHaveText(shipping);
    await expect(page.locator('html[data-hydrated]')).toHaveCount(0);
    // The app keeps them once it loads.
    await hydrated(page);
    await expect(cartPage.getByRole('textbox', { name: 'CEP de entrega' })).toHaveValue('01310-100');
    await expect(normal.getByRole('radio')).toBeChecked();
    await expect(cartPage.getByTestId('cart-shipping')).toHaveText(shipping);
  });

  test('a login-only coupon typed logged out: after the login modal it is applied again, once', async ({
    page,
    request,
    baseURL,
    consoleErrors,
  }) => {
    // A customer registered elsewhere (this page stays logged out); a cart above CLIENTEVIP's R$ 300.
    const email = `vip${Date.now()}@example.com.br`;
    const cpf = cpfFrom(String(Date.now()).slice(-9));
    const headers = { origin: baseURL!, 'content-type': 'application/json' };
    const registered = await request.post('/api/register', {
      headers: { ...headers, 'cf-connecting-ip': `198.51.100.${Math.floor(Math.random() * 250) + 1}` },
      data: {
        name: 'Vera Cupom Lima',
        email,
        cpf,
        password: 'senhaForte123',
        phone: '11987654321',
        birthDate: '1990-05-06',
      },
    });
    expect(registered.status(), await registered.text()).toBe(201);
    const s = await findScenario(page.request);
    const sku = s.product.skus.find((k) => k.color === s.color && k.size === s.sizes[0].size)!;
    const amount = Math.max(1, Math.ceil(30_000 / sku.priceCents));
    await page.request.post('/api/cart', { headers, data: { productItemId: sku.productItemId, amount, cartId: null } });

    await page.goto('/sacola');
    await hydrated(page);
    const cartPage = page.locator('main');
    await cartPage.getByRole('textbox', { name: 'Cupom de desconto' }).fill('CLIENTEVIP');
    await cartPage.getByRole('button', { name: 'Aplicar cupom de desconto' }).click();
    const dialog = page.getByRole('dialog', { name: 'Entre na sua conta' });
    await dialog.getByLabel('E-mail ou CPF').fill(email);
    await dialog.getByLabel('Senha').fill('senhaForte123');
    await dialog.getByRole('button', { name: 'Entrar' }).click();
    await expect(cartPage.getByTestId('cart-coupon-applied')).toHaveText('CLIENTEVIP');
    await expect(cartPage.getByTestId('cart-discount')).toHaveText(new RegExp(money(5000).source));
    // Once: a reload does not apply it again (nor open the login).
    await page.reload();
    await hydrated(page);
    await expect(cartPage.getByTestId('cart-coupon-applied')).toHaveText('CLIENTEVIP');
    await expect(dialog).toBeHidden();
    // The 403 LOGIN_REQUIRED is the browser's own console line.
    const refused = consoleErrors.findIndex((e) => /status of 403/.test(e));
    expect(refused).toBeGreaterThanOrEqual(0);
    consoleErrors.splice(refused, 1);
  });

  test('without JavaScript: add two sizes, the cart page forms reach the same totals', async ({ browser, request }) => {
    const s = await findScenario(request, 2);
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    for (const { size } of s.sizes) {
      await page.goto(`/${s.product.slug}/p?cor=${s.color}&tamanho=${encodeURIComponent(size)}`);
      await page.getByTestId('add-to-cart').click();
      await expect(page).toHaveURL(/\/sacola$/);
      await expect(page.getByTestId('cart-notice')).toContainText('Produto adicionado à sacola');
    }
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sacola, 2 itens' })).toHaveAttribute(
      'href',
      '/sacola',
    );
    const main = () => page.locator('main');
    await cartFlow(main, s, PROMOTIONS, false);
    await expectTotals(main(), await expectedTotals(request, s, PROMOTIONS));
    await context.close();
  });
});
