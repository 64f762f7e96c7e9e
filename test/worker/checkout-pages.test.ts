import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { paymentLifecycleDeps } from '../../src/commerce/payments/embedded';
import { expireDue } from '../../src/commerce/payments/payment-lifecycle';
import { boletoExpiresAt } from '../../src/commerce/payments/sandbox/boleto';
import { formatDigitableLine } from '../../src/lib/payments/boleto';
import { addBusinessDays, isBusinessDay } from '../../src/lib/format/business-days';
import { PRE_SALE_DELIVERY } from '../../src/lib/checkout/pre-sale';
import { islandProps, makeApp, ORIGIN, seed } from './app-harness';
import { CARD, cartWith, finished, orderBody, paymentRef, skuWithStock } from './checkout-helpers';

const app = makeApp();
const form = (body: Record<string, string>, origin = ORIGIN): RequestInit => ({
  method: 'POST',
  headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(body).toString(),
});

async function order(payment: Record<string, unknown>) {
  const sku = await skuWithStock(5);
  return finished(app, orderBody(await cartWith([{ sku: sku.id, amount: 1 }]), payment));
}

describe('order confirmation page', () => {
  beforeAll(() => seed());

  it('a pre-sale item is flagged, and the delivery line says its deadline counts from its arrival in stock', async () => {
    const pick = async (preSale: 0 | 1) => {
      const row = await env.DB.prepare(
        `SELECT i.id FROM product_items i JOIN products p ON p.id = i.product_id
          WHERE p.gift = 0 AND p.pre_sale = ? AND i.id NOT IN (SELECT product_item_id FROM cart_items) LIMIT 1`,
      )
        .bind(preSale)
        .first<{ id: number }>();
      await env.DB.prepare('UPDATE stock SET quantity = 5 WHERE product_item_id = ?').bind(row!.id).run();
      return row!.id;
    };
    const early = await finished(
      app,
      orderBody(await cartWith([{ sku: await pick(1), amount: 1 }]), { paymentMethodId: 47 }),
    );
    const html = await (await app.request(early.redirect)).text();
    expect(html).toContain(PRE_SALE_DELIVERY);
    expect(html).toMatch(/Quantidade 1 · Pré-venda/);
    const plain = await finished(
      app,
      orderBody(await cartWith([{ sku: await pick(0), amount: 1 }]), { paymentMethodId: 47 }),
    );
    const other = await (await app.request(plain.redirect)).text();
    expect(other).not.toContain(PRE_SALE_DELIVERY);
    expect(other).not.toContain('Pré-venda');
  });

  it('shows the Pix QR, the copy-and-paste code, masked data and totals; private headers; purchase props', async () => {
    const result = await order({ paymentMethodId: 47 });
    const res = await app.request(result.redirect);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    const html = await res.text();
    expect(html).toContain('Pedido recebido!');
    expect(html).toContain(`Pedido nº ${result.orderIds[0]}`);
    expect(html).toMatch(/<svg[^>]*aria-label="QR Code Pix"/);
    if (result.next.kind !== 'pix') throw new Error('pix expected');
    expect(html).toContain(result.next.payload);
    expect(html).toContain('Copiar código Pix');
    expect(html).toContain('Simular pagamento');
    // Masked personal data only.
    expect(html).toContain('Maria D. S.');
    expect(html).toContain('ma***@e***.com.br');
    expect(html).toContain('***.982.247-**');
    expect(html).not.toContain('529.982.247-25');
    expect(html).not.toContain('maria.silva@example.com.br');
    expect(html).toContain('Aguardando pagamento');
    const tracker = islandProps<{ statusUrl: string; purchases: { transaction_id: string; value: number }[] }>(
      html,
      'OrderTracker',
    )!;
    expect(tracker.statusUrl).toBe(
      `/api/order-status?orderIds=${result.orderIds[0]}&token=${encodeURIComponent(result.token)}`,
    );
    expect(tracker.purchases).toEqual([
      expect.objectContaining({
        transaction_id: String(result.orderIds[0]),
        value: result.total / 100,
        currency: 'BRL',
        payment_type: 'pix',
      }),
    ]);
  });

  it('is a 404 without the right token, for other ids and for malformed ids', async () => {
    const result = await order({ paymentMethodId: 47 });
    const other = await order({ paymentMethodId: 47 });
    for (const path of [
      `/checkout/order/${result.orderIds[0]}`,
      `/checkout/order/${result.orderIds[0]}?token=${encodeURIComponent(other.token)}`,
      `/checkout/order/${other.orderIds[0]}-${result.orderIds[0]}?token=${encodeURIComponent(result.token)}`,
      `/checkout/order/abc?token=${encodeURIComponent(result.token)}`,
    ]) {
      const res = await app.request(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    }
  });

  it('the sandbox "simulate payment" form pays the Pix and the page then says so (same-origin only)', async () => {
    const result = await order({ paymentMethodId: 47 });
    const action = `/checkout/order/${result.orderIds[0]}/simular-pagamento?token=${encodeURIComponent(result.token)}`;
    expect((await app.request(action, form({}, 'https://evil.example'))).status).toBe(403);
    // Under no-referrer a browser posts `Origin: null`; Sec-Fetch-Site must then say same-origin.
    const nullOrigin = (site: string): RequestInit => ({
      method: 'POST',
      headers: { origin: 'null', 'sec-fetch-site': site, 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
    });
    expect((await app.request(action, nullOrigin('cross-site'))).status).toBe(403);
    const res = await app.request(action, form({}));
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(result.redirect);
    const html = await (await app.request(result.redirect)).text();
    expect(html).toContain('Compra confirmada!');
    expect(html).toContain('Pagamento aprovado (Pix)');
    expect(islandProps<{ statusUrl: string | null }>(html, 'OrderTracker')!.statusUrl).toBeNull();
  });

  it('"Simular pagamento" exists only in sandbox mode: never on a production host (even with PAYMENTS_MODE=sandbox) nor in live mode', async () => {
    const SITE = 'https://www.vitrine.com.br';
    const STAGING = 'https://vitrine-staging.workers.dev';
    const result = await order({ paymentMethodId: 47 });
    const reference = await paymentRef(result.orderIds[0]!);
    const action = `/checkout/order/${result.orderIds[0]}/simular-pagamento?token=${encodeURIComponent(result.token)}`;
    const pay = (origin: string): RequestInit => ({
      method: 'POST',
      headers: { origin, 'content-type': 'application/json' },
      body: JSON.stringify({ reference, action: 'pay' }),
    });
    for (const siteApp of [makeApp({ PAYMENTS_MODE: 'sandbox' }), makeApp()]) {
      expect(await (await siteApp.request(SITE + result.redirect)).text()).not.toContain('Simular pagamento');
      expect((await siteApp.request(SITE + action, form({}, SITE))).status).toBe(404);
      const refused = await siteApp.request(`${SITE}/api/payments/sandbox`, pay(SITE));
      expect(refused.status).toBe(404);
      expect(((await refused.json()) as { error: string }).error).toBe(
        'Ambiente de testes de pagamento indisponível nesta loja.',
      );
      expect(await (await siteApp.request(SITE + result.redirect)).text()).toContain('Pedido recebido!'); // still unpaid
    }

    const live = makeApp({ PAYMENTS_MODE: 'live' });
    expect(await (await live.request(result.redirect)).text()).not.toContain('Simular pagamento');
    expect((await live.request(action, form({}))).status).toBe(404);
    expect((await live.request('/api/payments/sandbox', pay('http://localhost'))).status).toBe(404);

    const staging = makeApp();
    expect(await (await staging.request(STAGING + result.redirect)).text()).toContain('Simular pagamento');
    expect((await staging.request(`${STAGING}/api/payments/sandbox`, pay(STAGING))).status).toBe(200);
    expect(await (await staging.request(STAGING + result.redirect)).text()).toContain('Compra confirmada!');
  });

  it('a sandbox boleto or Pix is test money on every host: the production host shows it as a test, never as payable at a bank (walk 10)', async () => {
    const SITE = 'https://www.vitrine.com.br';
    const boleto = await order({ paymentMethodId: 6 });
    const pix = await order({ paymentMethodId: 47 });
    const printable = boleto.redirect.replace('?token=', '/boleto?token=');
    for (const siteApp of [makeApp({ PAYMENTS_MODE: 'sandbox' }), makeApp()]) {
      const page = await (await siteApp.request(SITE + boleto.redirect)).text();
      expect(page).toContain('Pagamento de teste: nenhum banco cobra ou compensa este pedido.');
      expect(page).not.toContain('Simular pagamento');
      const print = await (await siteApp.request(SITE + printable)).text();
      expect(print).toContain('Ambiente de testes: este boleto não é compensado por nenhum banco.');
      expect(print).not.toContain('pague pela linha digitável no app do seu banco');
      expect(await (await siteApp.request(SITE + pix.redirect)).text()).toContain(
        'Pagamento de teste: nenhum banco cobra ou compensa este pedido.',
      );
    }
    // On the test host the simulation form says it already, once.
    const local = await (await app.request(boleto.redirect)).text();
    expect(local).toContain('Simular pagamento');
    expect(local).not.toContain('Pagamento de teste:');
  });

  it('boleto: due in 3 business days; the page says so and the cron leaves it alone until the due date has passed', async () => {
    const placed = new Date();
    const result = await order({ paymentMethodId: 6 });
    if (result.next.kind !== 'boleto') throw new Error('boleto expected');
    const due = result.next.dueDate;
    expect(isBusinessDay(due)).toBe(true);
    expect(due).toBe(addBusinessDays(placed, 3));
    const html = await (await app.request(result.redirect)).text();
    const [y, m, d] = due.split('-');
    expect(html).toContain(`Vencimento: ${d}/${m}/${y}; a confirmação do pagamento leva até 3 dias úteis.`);
    // The expiry cron: not on the due date (its last minute in São Paulo), only once it has passed.
    const lifecycle = paymentLifecycleDeps(env.DB);
    const statusOf = async () =>
      (await env.DB.prepare('SELECT status FROM orders WHERE id = ?')
        .bind(result.orderIds[0])
        .first<{ status: string }>())!.status;
    await expireDue(lifecycle, new Date(`${due}T23:59:00-03:00`));
    expect(await statusOf()).toBe('pending');
    await expireDue(lifecycle, new Date(Date.parse(boletoExpiresAt(due)) + 1000));
    expect(await statusOf()).toBe('expired');
  });

  it('items with thumbnails in the checkout summary layout, totals one per row, deadlines in pt-BR plurals', async () => {
    const result = await order({ paymentMethodId: 6 });
    const html = await (await app.request(result.redirect)).text();
    // The deadline is the quote's at the time of the order (one more business day after 14h in São Paulo and on weekends).
    const [, days, unit] = /Correios PAC: entrega em até (\d+) (dias úteis|dia útil)/.exec(html) ?? [];
    expect(Number(days)).toBeGreaterThanOrEqual(1);
    expect(unit).toBe(days === '1' ? 'dia útil' : 'dias úteis');
    expect(html).not.toMatch(/dia\(s\)|útil\(eis\)/);
    expect(html).toMatch(/<li class="co-summary__item" data-testid="order-item"><img src="[^"]+"/);
    expect(html).toMatch(/<dl class="co-summary__totals" data-testid="order-totals"><div><dt>Subtotal<\/dt>/);
  });

  it('boleto: the line on the page and a printable boleto page', async () => {
    const result = await order({ paymentMethodId: 6 });
    if (result.next.kind !== 'boleto') throw new Error('boleto expected');
    const html = await (await app.request(result.redirect)).text();
    expect(html).toContain(formatDigitableLine(result.next.digitableLine));
    expect(html).toContain('Imprimir boleto');
    const print = await app.request(result.next.url);
    expect(print.status).toBe(200);
    expect(print.headers.get('referrer-policy')).toBe('no-referrer');
    const page = await print.text();
    expect(page).toContain(result.next.barcode);
    expect(page).toContain(formatDigitableLine(result.next.digitableLine));
    expect((await app.request(result.next.url.replace(/token=[^&]+/, 'token=bm9wZQ%3D%3D'))).status).toBe(404);
  });

  it('a paid card order shows the brand, last digits and installments', async () => {
    const sku = await skuWithStock(30);
    const amount = Math.min(10, Math.max(1, Math.ceil(10000 / sku.price)));
    const result = await finished(
      app,
      orderBody(await cartWith([{ sku: sku.id, amount }]), { paymentMethodId: 1, installmentNumber: 2, ...CARD }),
    );
    const html = await (await app.request(result.redirect)).text();
    expect(html).toContain('mastercard final 0007');
    expect(html).toContain('2x de');
    expect(html).not.toContain('5448280000000007');
  });
});

describe('payment step pages (sandbox)', () => {
  beforeAll(() => seed());

  it('PayPal approval page: approve captures and returns to the confirmation page', async () => {
    const result = await order({ paymentMethodId: 32 });
    if (result.next.kind !== 'redirect') throw new Error('redirect expected');
    const page = await app.request(result.next.url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Aprovar pagamento');
    const res = await app.request(result.next.url, form({ action: 'approve' }));
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(result.redirect);
    expect(
      (await env.DB.prepare('SELECT status FROM orders WHERE id = ?')
        .bind(result.orderIds[0])
        .first<{ status: string }>())!.status,
    ).toBe('paid');
  });

  it('3-D Secure page: a wrong code shows the refusal, the order is cancelled', async () => {
    const result = await order({ paymentMethodId: 31, ...CARD });
    if (result.next.kind !== 'redirect') throw new Error('redirect expected');
    expect(await (await app.request(result.next.url)).text()).toContain('Código enviado pelo banco');
    const res = await app.request(result.next.url, form({ action: 'challenge', code: '0000' }));
    expect(res.status).toBe(402);
    expect(await res.text()).toContain('Código de verificação incorreto');
    expect(
      (await env.DB.prepare('SELECT status FROM orders WHERE id = ?')
        .bind(result.orderIds[0])
        .first<{ status: string }>())!.status,
    ).toBe('cancelled');
  });

  it('open-finance consent page and unknown references', async () => {
    const result = await order({ paymentMethodId: 53 });
    if (result.next.kind !== 'redirect') throw new Error('redirect expected');
    const res = await app.request(result.next.url, form({ action: 'approve' }));
    expect(res.status).toBe(303);
    expect((await app.request('/checkout/open-finance/VTRAAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
    // A reference of another provider is not this page's.
    expect((await app.request(`/checkout/paypal/${await paymentRef(result.orderIds[0]!)}`)).status).toBe(404);
    // An open redirect is ignored.
    const evil = await order({ paymentMethodId: 53 });
    const ref = await paymentRef(evil.orderIds[0]!);
    const back = await app.request(
      `/checkout/open-finance/${ref}?return=${encodeURIComponent('https://evil.example/')}`,
      form({ action: 'approve' }),
    );
    expect(back.status).toBe(200);
  });
});
