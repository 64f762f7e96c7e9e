// `npm run soak [-- --minutes 30 --concurrency 8 --abort 0.25 --skip-build]`: the local runtime (scripts/serve.mjs,
// supervised, the built worker on workerd) under mixed page and API traffic for a while, with a share of clients that
// hang up mid-response. Reports requests, status classes, 5xx, runtime restarts, p50/p99 of completed requests and
// workerd's memory (RSS) at the start, every few minutes and at the end. Exits 1 on any 5xx or restart.
// Traffic goes to 127.0.0.1 only, and stops by itself.
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { log, root, run } from './commands.mjs';
import { buildWorker } from './runtime.mjs';
import { supervise } from './serve.mjs';

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '30' },
    concurrency: { type: 'string', default: '8' },
    abort: { type: 'string', default: '0.25' },
    port: { type: 'string', default: '8870' },
    'skip-build': { type: 'boolean', default: false },
  },
});
const MINUTES = Number(values.minutes);
const CONCURRENCY = Number(values.concurrency);
const ABORT_SHARE = Number(values.abort);
const PORT = values.port;
const BASE = `http://127.0.0.1:${PORT}`;
const PERSIST = '.wrangler/soak';

/** workerd's resident memory (MiB): the process whose entry socket is our port. */
async function workerdRss() {
  for (const pid of await readdir('/proc').catch(() => [])) {
    if (!/^\d+$/.test(pid)) continue;
    const cmd = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
    if (!cmd.includes('workerd') || !cmd.includes(`entry=127.0.0.1:${PORT}`)) continue;
    const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return kb / 1024;
  }
  return null;
}

const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0;

if (!values['skip-build']) {
  run('node', ['scripts/build-client.mjs', '--no-images']);
  await buildWorker();
}
await rm(`${root}${PERSIST}`, { recursive: true, force: true });
let ready;
const readyOnce = new Promise((resolve) => (ready = resolve));
const server = supervise({
  args: ['--port', PORT, '--persist', PERSIST, '--images-on-demand'],
  port: PORT,
  onReady: () => ready(),
  logFile: `${root}.wrangler/soak-runtime.log`,
});
await readyOnce;

// What a shopper and the app touch: pages, catalog and cart APIs, a little bad input (4xx expected, never 5xx).
const json = (path) => fetch(`${BASE}${path}`).then((r) => r.json());
const listing = await json('/api/catalog/listing?slug=moda-praia');
const slugs = listing.products.map((p) => p.slug).slice(0, 24);
const skus = [];
for (const slug of slugs.slice(0, 8)) {
  const product = await json(`/api/products/${slug}`);
  for (const s of product.skus ?? []) if (s.available) skus.push(s.productItemId);
}
const pages = [
  '/',
  '/moda-praia',
  '/moda-praia/biquinis',
  '/busca?q=biquini',
  '/busca?q=short',
  '/sacola',
  '/perguntas-frequentes',
  '/login',
  ...slugs.map((s) => `/${s}/p`),
];
const apis = [
  '/api/live-menus',
  '/api/catalog/listing?slug=moda-praia',
  '/api/search/suggest?q=bi',
  '/api/search?q=biquini',
  '/api/parameters',
  '/api/cart',
  ...slugs.slice(0, 6).map((s) => `/api/products/${s}`),
];
const origin = { origin: BASE, 'content-type': 'application/json' };
const writes = [
  () => ({
    path: '/api/cart',
    init: {
      method: 'POST',
      headers: origin,
      body: JSON.stringify({
        productItemId: skus[Math.floor(Math.random() * skus.length)],
        amount: 1,
        gift: false,
        cartId: null,
        giftCoupon: null,
        insertedLink: '/soak',
      }),
    },
  }),
  () => ({
    path: '/api/login',
    init: {
      method: 'POST',
      headers: origin,
      body: JSON.stringify({ login: 'soak\u0000@example.com', password: 'x1234567' }),
    },
  }),
  () => ({
    path: '/api/cart',
    init: { method: 'POST', headers: origin, body: '{"productItemId":"İİİİ","amount":-1}' },
  }),
];
const pick = (list) => list[Math.floor(Math.random() * list.length)];
function nextRequest() {
  const r = Math.random();
  if (r < 0.55) return { path: pick(pages) };
  if (r < 0.9) return { path: pick(apis) };
  return pick(writes)();
}

const stats = { requests: 0, aborted: 0, byClass: {}, errors5xx: [], networkErrors: 0, latencies: [] };
const memory = [{ minute: 0, rssMiB: await workerdRss() }];
const end = Date.now() + MINUTES * 60_000;
log(`soak: ${MINUTES} min, ${CONCURRENCY} clients, ${Math.round(ABORT_SHARE * 100)}% hang up mid-response, on ${BASE}`);

async function client() {
  while (Date.now() < end) {
    const { path, init = {} } = nextRequest();
    const controller = new AbortController();
    const abort = Math.random() < ABORT_SHARE;
    const started = performance.now();
    stats.requests++;
    try {
      const res = await fetch(`${BASE}${path}`, { ...init, signal: controller.signal, redirect: 'manual' });
      const cls = `${Math.floor(res.status / 100)}xx`;
      stats.byClass[cls] = (stats.byClass[cls] ?? 0) + 1;
      if (res.status >= 500) stats.errors5xx.push(`${res.status} ${init.method ?? 'GET'} ${path}`);
      if (abort) {
        // Read a first chunk (or none), then hang up, as a closing tab or an aborted prefetch does.
        const reader = res.body?.getReader();
        if (Math.random() < 0.5) await reader?.read();
        controller.abort();
        stats.aborted++;
      } else {
        await res.arrayBuffer();
        stats.latencies.push(performance.now() - started);
      }
    } catch (error) {
      if (!abort) {
        stats.networkErrors++;
        if (stats.networkErrors <= 5)
          console.error(`  network error on ${path}: ${error.cause?.code ?? error.message}`);
      }
    }
  }
}

const sampler = setInterval(
  async () => {
    const minute = Math.round((MINUTES * 60_000 - (end - Date.now())) / 60_000);
    memory.push({ minute, rssMiB: await workerdRss() });
    log(
      `  ${minute} min: ${stats.requests} requests, ${stats.errors5xx.length} × 5xx, ${server.restarts()} restarts, workerd ${memory.at(-1).rssMiB?.toFixed(0)} MiB`,
    );
  },
  Math.min(5, Math.max(1, MINUTES / 6)) * 60_000,
);
await Promise.all(Array.from({ length: CONCURRENCY }, client));
clearInterval(sampler);
memory.push({ minute: MINUTES, rssMiB: await workerdRss() });
await server.stop();

const sorted = stats.latencies.sort((a, b) => a - b);
const report = {
  minutes: MINUTES,
  concurrency: CONCURRENCY,
  requests: stats.requests,
  aborted: stats.aborted,
  statusClasses: stats.byClass,
  errors5xx: stats.errors5xx.length,
  first5xx: stats.errors5xx.slice(0, 10),
  networkErrors: stats.networkErrors,
  restarts: server.restarts(),
  p50ms: Number(percentile(sorted, 50).toFixed(1)),
  p99ms: Number(percentile(sorted, 99).toFixed(1)),
  memory,
};
await writeFile(`${root}.wrangler/soak-report.json`, JSON.stringify(report, null, 2) + '\n');
console.log(JSON.stringify(report, null, 2));
const ok = report.errors5xx === 0 && report.restarts === 0 && report.networkErrors === 0;
console.log(ok ? 'soak: ok' : 'soak: FAILED (5xx, restarts or refused connections above)');
process.exit(ok ? 0 : 1);
