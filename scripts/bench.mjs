// `npm run bench`: performance figures as ratios against baselines measured in the same run.
//  1. SSR CPU: the real home page tree, renderToReadableStream vs renderToString (in-process, Node 22).
//  2. HTTP on the local runtime (scripts/serve.mjs: the built worker on workerd + local D1): p50/p99 latency of pages and /api calls at a fixed
//     concurrency, each as a ratio to a bare worker route (/robots.txt) measured alongside.
//  3. Search and listing latency on 1,000, 10,000 and 100,000 seeded products (each database is seeded once and
//     reused; --sizes 1000,10000 to choose), with each path's p50 growth from the smallest to the largest catalog
//     and its p50 at the largest as a ratio to the bare route (targets: growth ≤ 2×, ratio ≤ 3×). Every one of these
//     calls runs the real code path: /api answers are never cached (no edge or HTTP cache); the page of products is
//     queried every time. Facet counts and totals (migration 0017) and the first pages' product ids in sort order
//     (migration 0020) are stored once per content version, so the figures are given twice: "stored" (every
//     request after the first since the catalog last changed) and "counted" (both are forgotten before each
//     request through POST /api/__bench/forget-summaries, so each one counts the facets and ranks or walks its
//     result set, then stores them, as the first request after a catalog change does).
//  5. Edge cache: an anonymous page from the cache vs a static asset (/favicon.svg, never reaches the
//     worker), and an uncached render (a new query string every request) vs the bare route.
//  4. Add-to-cart (POST /api/cart) p50/p99 at 20 concurrent connections, as a ratio to a bare D1 write
//     round trip (POST /api/__bench/d1-write, mounted only with BENCH_ROUTES=1) measured in the same run.
//  6. The Merchant Center feed (scripts/bench/feed.mjs) on the 10,000-product catalogue: first and last byte, chunks,
//     items, workerd's CPU time and memory, for a render and for an edge-cache hit.
//  7. The back office's catalog import: the dry run and the import of a generated 5,000-variant Vitrine
//     file on D1 in workerd (test/worker-bench, run by vitest with WORKER_BENCH=1), against 10 s and 60 s.
//  --import-only: only part 7;
//  --feed-only: only part 6 (on the 10,000-product database, or the --sizes given);
//  --search-only: only part 3 (search and listing calls, no SSR, page or add-to-cart figures);
//  --only-10k: only the 10,000-product database (--skip-10k: only a 320 one).
// Usage: npm run bench [-- --requests 400 --concurrency 10 --port 8795 --sizes 1000,10000,100000 --skip-10k | --only-10k --search-only --feed-only --import-only]
import { build } from 'esbuild';
import { performance } from 'node:perf_hooks';
import { feedBench } from './bench/feed.mjs';
import { log, root, run } from './commands.mjs';
import { buildWorker } from './runtime.mjs';
import { supervise } from './serve.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const REQUESTS = arg('requests', 400);
const CONCURRENCY = arg('concurrency', 10);
const PORT = arg('port', 8795);

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const fmt = (n) => n.toFixed(2);

async function ssrBench() {
  const out = await build({
    entryPoints: [`${root}scripts/bench/ssr-entry.tsx`],
    bundle: true,
    platform: 'node',
    format: 'esm',
    write: false,
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'warning',
    loader: { '.json': 'json' },
  });
  const mod = await import(`data:text/javascript;base64,${Buffer.from(out.outputFiles[0].text).toString('base64')}`);
  const time = async (fn, n) => {
    for (let i = 0; i < 50; i++) await fn(); // warm-up (JIT)
    const t0 = performance.now();
    for (let i = 0; i < n; i++) await fn();
    return (performance.now() - t0) / n;
  };
  const n = 400;
  const bytes = await mod.renderStream();
  const str = await time(() => mod.renderString(), n);
  const stream = await time(() => mod.renderStream(), n);
  console.log(
    `\nSSR of the home page (${(bytes / 1024).toFixed(1)} KB HTML), ${n} renders each, Node ${process.version}`,
  );
  console.log(`  renderToString        ${fmt(str)} ms/render`);
  console.log(`  renderToReadableStream ${fmt(stream)} ms/render   ratio stream/string = ${fmt(stream / str)}`);
}

const GET = () => ({ headers: { Host: 'www.vitrine.com.br', 'Accept-Encoding': 'gzip' } });

/** `requests` calls at a fixed concurrency; `init(i)` builds the i-th request (a page GET by default). */
async function load(url, requests, concurrency, init = GET) {
  // `url` may be a function of the request's index (a different URL every request).
  const urlOf = typeof url === 'function' ? url : () => url;
  const times = [];
  let errors = 0;
  const reasons = new Map();
  const note = (reason) => reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
  let next = 0;
  async function worker() {
    while (next < requests) {
      const i = next++;
      const t0 = performance.now();
      try {
        const res = await fetch(urlOf(i), init(i));
        const body = await res.arrayBuffer();
        if (!res.ok) {
          errors++;
          const text = new TextDecoder().decode(body);
          let message = text.slice(0, 80);
          try {
            message = JSON.parse(text).error ?? message;
          } catch {
            // not JSON: the start of the body says enough
          }
          note(`HTTP ${res.status}: ${message}`);
        }
      } catch (error) {
        errors++;
        note(`fetch failed: ${error?.cause?.code ?? error?.message ?? error}`);
      }
      times.push(performance.now() - t0);
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  times.sort((a, b) => a - b);
  return { p50: pct(times, 50), p99: pct(times, 99), errors, reasons };
}

/** Serves the built worker (scripts/serve.mjs) on a seeded local D1 (reused when it already holds `products` products). */
async function withServer(products, fn) {
  const persist = `.wrangler/bench-${products}`;
  process.env.SEED_PRODUCTS = String(products);
  log(`starting the runtime on ${PORT} (${products} products)`);
  let ready;
  const up = new Promise((resolve) => (ready = resolve));
  const server = supervise({
    args: ['--port', String(PORT), '--persist', persist, '--var', 'BENCH_ROUTES:1'],
    port: PORT,
    onReady: () => ready(),
    logFile: `${root}.wrangler/bench-runtime.log`,
  });
  try {
    await up;
    return await fn(`http://127.0.0.1:${PORT}`);
  } finally {
    await server.stop();
  }
}

function table(title, results) {
  const [, baseline] = results[0];
  console.log(`\n${title}`);
  console.log('  path                               p50 ms   p99 ms   p50 ratio  p99 ratio  errors');
  for (const [path, r] of results) {
    console.log(
      `  ${path.padEnd(34)} ${fmt(r.p50).padStart(6)}  ${fmt(r.p99).padStart(7)}  ${fmt(r.p50 / baseline.p50).padStart(9)}  ${fmt(r.p99 / baseline.p99).padStart(9)}  ${r.errors}`,
    );
    // Every failed request is explained, not just counted.
    for (const [reason, count] of r.reasons) console.log(`      ${count}× ${reason}`);
  }
}

async function measure(base, targets) {
  for (const path of targets) await load(base + path, 20, 2); // warm-up
  const results = [];
  for (const path of targets) results.push([path, await load(base + path, REQUESTS, CONCURRENCY)]);
  return results;
}

/** A same-origin JSON POST as the storefront sends it, body `body(i)`. */
const postJson = (url, body) => (i) => ({
  method: 'POST',
  headers: { origin: new URL(url).origin, 'content-type': 'application/json' },
  body: JSON.stringify(body(i)),
});

const CART_CONCURRENCY = 20;

/** Add-to-cart against a bare D1 write, both at 20 concurrent connections in the same run. */
async function cartBench(base) {
  const found = await (await fetch(`${base}/api/search?q=biquini`)).json();
  const ids = [];
  for (const product of found.products.slice(0, 8)) {
    const detail = await (await fetch(`${base}/api/products/${product.slug}`)).json();
    // Not the last units: a cart asking twice for a SKU with one unit left is rightly refused (409), not slow.
    ids.push(...detail.skus.filter((s) => s.available && !s.lastUnits).map((s) => s.productItemId));
  }
  if (ids.length < 10) throw new Error(`bench: too few SKUs in stock (${ids.length})`);
  // 20 carts to add to (one per connection's share); each (cart, SKU) pair stays under the item limit.
  const carts = [];
  for (let i = 0; i < CART_CONCURRENCY; i++) {
    const res = await fetch(`${base}/api/cart`, {
      method: 'POST',
      headers: { origin: base, 'content-type': 'application/json' },
      body: JSON.stringify({ productItemId: ids[i % ids.length], amount: 1 }),
    });
    carts.push((await res.json()).hash);
  }
  const write = () => ({});
  const newCart = (i) => ({ productItemId: ids[i % ids.length], amount: 1, cartId: null });
  const existing = (i) => ({
    productItemId: ids[(i * 7 + Math.floor(i / CART_CONCURRENCY)) % ids.length],
    amount: 1,
    cartId: carts[i % CART_CONCURRENCY],
  });
  const targets = [
    ['POST /api/__bench/d1-write', `${base}/api/__bench/d1-write`, write],
    ['POST /api/cart (new cart)', `${base}/api/cart`, newCart],
    ['POST /api/cart (existing cart)', `${base}/api/cart`, existing],
  ];
  for (const [, url, body] of targets) await load(url, 20, 2, postJson(url, body)); // warm-up
  const results = [];
  for (const [name, url, body] of targets)
    results.push([name, await load(url, REQUESTS, CART_CONCURRENCY, postJson(url, body))]);
  table(
    `Add-to-cart on the local runtime, ${REQUESTS} requests at concurrency ${CART_CONCURRENCY} (baseline: a bare D1 write round trip)`,
    results,
  );
}

const SEARCHES = [
  '/api/search?q=biquini',
  '/api/search?q=legging%20preto',
  '/api/search?q=leguing',
  '/api/search/suggest?q=vest',
  '/api/catalog/listing?slug=moda-praia',
  '/api/catalog/listing?slug=moda-praia&tamanho=M&ordem=price-asc',
];
const flag = (name) => process.argv.includes(`--${name}`);
const COLD_REQUESTS = 30;

/** Each search/listing call after forgetting the stored summaries (sequential: a concurrent call would store them again). */
async function countedSearches(base) {
  const results = [];
  // The baseline taken the same way (sequential), not the concurrent figure above.
  const bareTimes = [];
  for (let i = 0; i < COLD_REQUESTS; i++) {
    const t0 = performance.now();
    await (await fetch(`${base}/robots.txt`, GET())).arrayBuffer();
    bareTimes.push(performance.now() - t0);
  }
  bareTimes.sort((a, b) => a - b);
  results.push([
    '/robots.txt (sequential)',
    { p50: pct(bareTimes, 50), p99: pct(bareTimes, 99), errors: 0, reasons: new Map() },
  ]);
  const forget = () =>
    fetch(`${base}/api/__bench/forget-summaries`, postJson(`${base}/api/__bench/forget-summaries`, () => ({}))(0)).then(
      (r) => r.arrayBuffer(),
    );
  for (const path of SEARCHES) {
    const times = [];
    let errors = 0;
    const reasons = new Map();
    for (let i = 0; i < COLD_REQUESTS; i++) {
      await forget();
      const t0 = performance.now();
      const res = await fetch(base + path, GET());
      await res.arrayBuffer();
      times.push(performance.now() - t0);
      if (!res.ok) {
        errors++;
        reasons.set(`HTTP ${res.status}`, (reasons.get(`HTTP ${res.status}`) ?? 0) + 1);
      }
    }
    times.sort((a, b) => a - b);
    results.push([`${path} (counted)`, { p50: pct(times, 50), p99: pct(times, 99), errors, reasons }]);
  }
  return results;
}

const SEARCH_ONLY = flag('search-only');
const FEED_ONLY = flag('feed-only');

/** Anonymous pages from the edge cache vs a static asset; uncached renders vs the bare route (same run). */
async function edgeCacheBench(base) {
  const pages = ['/', '/moda-praia', '/search?q=biquini'];
  for (const path of pages) await load(base + path, 20, 2); // warm-up: the first request stores the page
  // A second static asset of a page's size (the stylesheet, 55 KB raw): what bytes alone cost, for context.
  const sheet = (await (await fetch(`${base}/`, GET())).text()).match(/\/build\/app-[\w-]+\.css/)[0];
  const results = [['/favicon.svg (static asset)', await load(`${base}/favicon.svg`, REQUESTS, CONCURRENCY)]];
  results.push([`${sheet.slice(0, 20)}… (static, 55 KB)`, await load(base + sheet, REQUESTS, CONCURRENCY)]);
  for (const path of pages) results.push([`${path} (edge cache)`, await load(base + path, REQUESTS, CONCURRENCY)]);
  table(
    `Edge cache, ${REQUESTS} requests at concurrency ${CONCURRENCY} (baseline: a static asset; goal: cached p50 ≤ 1.5×)`,
    results,
  );
  const bare = ['/robots.txt (bare route)', await load(`${base}/robots.txt`, REQUESTS, CONCURRENCY)];
  const uncached = [];
  for (const path of ['/', '/moda-praia']) {
    const miss = (i) => `${base}${path}?bench=${Date.now()}-${i}`;
    uncached.push([`${path}?bench=… (uncached render)`, await load(miss, REQUESTS, CONCURRENCY)]);
  }
  table(`Uncached pages, ${REQUESTS} requests at concurrency ${CONCURRENCY} (baseline: a bare worker route)`, [
    bare,
    ...uncached,
  ]);
}

async function httpBench() {
  const listed = process.argv.includes('--sizes')
    ? String(process.argv[process.argv.indexOf('--sizes') + 1])
        .split(',')
        .map(Number)
    : null;
  const sizes = flag('skip-10k')
    ? [320]
    : flag('only-10k') || (FEED_ONLY && !listed)
      ? [10000]
      : (listed ?? [1000, 10000, 100000]);
  const bySize = [];
  for (const [n, products] of sizes.entries()) {
    await withServer(products, async (base) => {
      if (FEED_ONLY) return void (await feedBench(base, PORT, products));
      const full = n === 0 && !SEARCH_ONLY;
      const targets = full
        ? ['/robots.txt', '/', '/moda-praia', '/api/live-menus', '/api/parameters', ...SEARCHES]
        : ['/robots.txt', ...SEARCHES];
      const results = await measure(base, targets);
      table(
        `HTTP on the local runtime (built worker on workerd) with ${products} products, ${REQUESTS} requests at concurrency ${CONCURRENCY} (baseline: /robots.txt, a bare worker route; search/listing: uncached calls, facet counts and totals stored)`,
        results,
      );
      const counted = await countedSearches(base);
      table(
        `Search and listing with ${products} products, facet counts and totals counted on every call (stored summaries forgotten before each; ${COLD_REQUESTS} sequential calls; baseline: /robots.txt, sequential too)`,
        counted,
      );
      bySize.push([products, new Map([...results, ...counted])]);
      if (products === 10000 && !SEARCH_ONLY) await feedBench(base, PORT, products);
      if (full) {
        await edgeCacheBench(base);
        await cartBench(base);
      }
    });
  }
  if (bySize.length < 2) return;
  const [[small, first], [large, last]] = [bySize[0], bySize[bySize.length - 1]];
  console.log(
    `\nSearch and listing at scale (uncached calls): p50 growth ${small} → ${large} products (goal: ≤ 2×) and p50 at ${large} / bare route (≤ 3×)`,
  );
  console.log(
    '  path                                                    stored: growth  ratio to bare   counted: growth  ratio to bare',
  );
  for (const path of SEARCHES) {
    const bare = (key) => last.get(key.endsWith('(counted)') ? '/robots.txt (sequential)' : '/robots.txt').p50;
    const [warm, cold] = [path, `${path} (counted)`].map((key) => [
      last.get(key).p50 / first.get(key).p50,
      last.get(key).p50 / bare(key),
    ]);
    console.log(
      `  ${path.padEnd(55)} ${fmt(warm[0]).padStart(14)}  ${fmt(warm[1]).padStart(13)}   ${fmt(cold[0]).padStart(15)}  ${fmt(cold[1]).padStart(13)}`,
    );
  }
}

/** Part 7: the timed import cases of test/worker-bench (their BENCH lines are the figures). */
function importBench() {
  log('catalog import of 5,000 variants (test/worker-bench)');
  const out = run('vitest', ['run', '--config', 'vitest.worker.config.ts'], {
    capture: true,
    env: { WORKER_BENCH: '1' },
  });
  for (const line of String(out.stdout ?? '').split('\n'))
    if (line.includes('BENCH ')) console.log(line.slice(line.indexOf('BENCH ') + 6));
}

const IMPORT_ONLY = flag('import-only');
if (IMPORT_ONLY) {
  importBench();
  process.exit(0);
}

if (!SEARCH_ONLY && !FEED_ONLY) {
  log('building client bundle');
  run('node', ['scripts/build-client.mjs']);
  await ssrBench();
}
log('building worker bundle (wrangler deploy --dry-run)');
await buildWorker();
await httpBench();
if (!SEARCH_ONLY && !FEED_ONLY) importBench();
