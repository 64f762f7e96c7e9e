import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { BrowserContext, Page } from '@playwright/test';
import { PAYPAL_BASE, PAYPAL_CLIENT, PaypalFake } from '../worker/providers/fakes/paypal-fake';
import { expect, test } from './fixtures';
import { choose, deliverHome, GUEST, expectConfirmation, startAsGuest, toReview } from './checkout-helpers';

/**
 * Issue 27: the shopper's return from a slow PayPal ends on the paid confirmation, never on an error. This spec runs
 * its own store in live payments mode (scripts/serve.mjs, `PAYMENTS_MODE=live`) against the contract-checking PayPal
 * fake of the worker tests (test/worker/providers/fakes/paypal-fake.ts), served over HTTP on E2E_PORT + 2 with a
 * delay per call; the store listens on E2E_PORT + 3. PayPal's approval page (www.paypal.test) is played by a route
 * that approves the order at the fake and redirects to the order's return URL, as PayPal does.
 */
const BASE_PORT = Number(process.env.E2E_PORT ?? 8788);
const FAKE_PORT = BASE_PORT + 2;
const STORE_PORT = BASE_PORT + 3;
const STORE = `http://127.0.0.1:${STORE_PORT}`;
const PERSIST = `.wrangler/e2e-live-${STORE_PORT}`;

let fake: PaypalFake;
let server: Server;
let store: ChildProcess;

/** The fake as an HTTP server: each request is handed to its fetch as if sent to PayPal's API host. */
function serveFake(): Promise<Server> {
  const skip = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'keep-alive']);
  const http = createServer((req, res) => {
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const headers = Object.entries(req.headers).filter(([k, v]) => !skip.has(k) && typeof v === 'string') as [
        string,
        string,
      ][];
      const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
      const answer = await fake.fetch(
        new Request(PAYPAL_BASE + req.url, {
          method: req.method,
          headers,
          body: hasBody ? Buffer.concat(chunks) : undefined,
        }),
      );
      res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
      res.end(Buffer.from(await answer.arrayBuffer()));
    })().catch(() => res.writeHead(500).end());
  });
  return new Promise((resolve) => http.listen(FAKE_PORT, '127.0.0.1', () => resolve(http)));
}

/** The store answers with its seeded catalog (what the checkout helpers claim a product from). */
async function storeAnswers(until: number): Promise<void> {
  while (Date.now() < until) {
    const ok = await fetch(`${STORE}/api/catalog/listing?slug=moda-praia/biquinis`).then(
      async (r) => r.ok && ((await r.json()) as { products?: unknown[] }).products?.length,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`the live store on ${STORE} did not answer`);
}

test.describe.configure({ mode: 'serial', timeout: 120_000 });
test.use({ baseURL: STORE });

test.beforeAll(async () => {
  test.setTimeout(150_000);
  fake = new PaypalFake();
  server = await serveFake();
  rmSync(PERSIST, { recursive: true, force: true });
  const vars = {
    PAYMENTS_MODE: 'live',
    PAYPAL_API_URL: `http://127.0.0.1:${FAKE_PORT}`,
    PAYPAL_CLIENT_ID: PAYPAL_CLIENT.id,
    PAYPAL_CLIENT_SECRET: PAYPAL_CLIENT.secret,
    PAYPAL_WEBHOOK_ID: PAYPAL_CLIENT.webhookId,
    PAYMENT_PROVIDER_TIMEOUT_MS: '8000',
    PAGE_DATA_DEADLINE_MS: '8000',
    STREAM_IDENTITY: '1',
  };
  const args = ['scripts/serve.mjs', '--port', String(STORE_PORT), '--persist', PERSIST, '--images-on-demand'];
  for (const [name, value] of Object.entries(vars)) args.push('--var', `${name}:${value}`);
  store = spawn(process.execPath, args, { stdio: 'ignore' });
  await storeAnswers(Date.now() + 120_000);
});

test.afterAll(async () => {
  store?.kill('SIGINT');
  await new Promise((resolve) => (store?.exitCode !== null ? resolve(null) : store.once('exit', resolve)));
  server?.close();
});

/** PayPal's approval page: the shopper approves; PayPal sends the browser to the order's return URL. */
async function paypalApproves(context: BrowserContext): Promise<void> {
  await context.route('https://www.paypal.test/**', async (route) => {
    const id = new URL(route.request().url()).searchParams.get('token')!;
    fake.approve(id);
    const reference = fake.orders.get(id)!.purchase_units[0]!.reference_id;
    await route.fulfill({ status: 302, headers: { location: `${STORE}/checkout/retorno/${reference}` } });
  });
}

/** The guest's checkout with PayPal up to "Finalizar compra" (the browser then leaves for PayPal). */
async function guestFinishesWithPaypal(page: Page): Promise<void> {
  await startAsGuest(page, STORE);
  await deliverHome(page);
  await choose(page, 'PayPal');
  await toReview(page);
  await page.getByRole('button', { name: 'Finalizar compra' }).click();
}

async function expectPaid(page: Page): Promise<void> {
  await expectConfirmation(page, GUEST.email);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Compra confirmada!');
  await expect(page.getByText('Pagamento aprovado (PayPal')).toBeVisible();
}

test('PayPal answering in 1 s per call: the return ends on the confirmation with the order paid', async ({
  page,
  context,
}) => {
  fake.delayMs = 1000;
  await paypalApproves(context);
  await guestFinishesWithPaypal(page);
  await expectPaid(page);
  expect(fake.log.filter((l) => l.op === 'orders.capture')).toHaveLength(1);
});

test('PayPal slower than the return waits (2 s per call): "Confirmando seu pagamento…", then the paid confirmation', async ({
  page,
  context,
}) => {
  fake.delayMs = 0;
  let left = false;
  await paypalApproves(context);
  // Routes run last-registered first: PayPal turns slow as the shopper leaves for it, then approves.
  await context.route('https://www.paypal.test/**', async (route) => {
    fake.delayMs = 2000;
    left = true;
    await route.fallback();
  });
  await guestFinishesWithPaypal(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Confirmando seu pagamento…', { timeout: 20_000 });
  expect(left).toBe(true);
  await expectPaid(page);
});

test('without JavaScript the "Confirmando…" page refreshes itself until the paid confirmation', async ({
  page,
  context,
  browser,
}) => {
  fake.delayMs = 0;
  // The order is placed with JavaScript (PayPal's button needs it); the browser that comes back from PayPal has none.
  let approval: string | null = null;
  await context.route('https://www.paypal.test/**', async (route) => {
    approval = route.request().url();
    await route.fulfill({ status: 200, contentType: 'text/html', body: '<title>PayPal</title>' });
  });
  await guestFinishesWithPaypal(page);
  await expect.poll(() => approval).not.toBeNull();
  const noScript = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await context.storageState(),
    baseURL: STORE,
  });
  try {
    await paypalApproves(noScript);
    const back = await noScript.newPage();
    fake.delayMs = 2000;
    await back.goto(approval!);
    await expect(back.getByRole('heading', { level: 1 })).toHaveText('Confirmando seu pagamento…');
    await expect(back).toHaveURL(/\/checkout\/order\/\d+\?token=/, { timeout: 30_000 });
    await expect(back.getByText('Pagamento aprovado (PayPal')).toBeVisible();
  } finally {
    await noScript.close();
  }
});
