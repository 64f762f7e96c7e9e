// `npm run lighthouse [-- --assert] [--runs=N] [--skip-build] [/path ...]`: Lighthouse (mobile, all
// four categories) on the key pages, served production-like by the local runtime (scripts/serve.mjs: the deploy
// bundle on workerd) behind HTTP/2 over TLS (scripts/h2-proxy.mjs, as the edge serves production) and reached under
// the production host name, so noindex and is-on-https behave as in production.
// Reports land in .lighthouse/ (JSON + HTML); the table and every audit below 1 go to stdout.
// --runs=N keeps Lighthouse's median run per page (3 for figures in a note: scores are CPU-bound).
// Figures are only reportable from a quiet machine: the script waits (up to 3 min) for the 1-minute load average to
// fall to LH_MAX_LOAD (default 1.0) before it starts, and refuses (exit 3) if it does not, or if any run started with
// the load above LH_MAX_LOAD + 1 (one for our own browser); --busy-ok runs anyway and marks the table NOT REPORTABLE.
// Each run prints Lighthouse's CPU benchmark index and the load average it started with.
import { mkdir, writeFile } from 'node:fs/promises';
import { request } from 'node:https';
import { connect } from 'node:net';
import { loadavg } from 'node:os';
import lighthouse from 'lighthouse';
import { computeMedianRun, filterToValidRuns } from 'lighthouse/core/lib/median-run.js';
import puppeteer from 'puppeteer-core';
import { ensureChromium } from './ensure-chromium.mjs';
import { startH2Proxy } from './h2-proxy.mjs';
import chromiumFlags from './chromium-flags.json' with { type: 'json' };
import { log, root, run } from './commands.mjs';
import { buildWorker } from './runtime.mjs';
import { supervise } from './serve.mjs';

const HOST = 'www.vitrine.com.br';
// Our ports: the HTTP/2 front (PORT) and the runtime behind it (PORT + 1); Chromium talks to us over a pipe, so it
// needs none. LH_PORT moves them when 8793 is taken.
const PORT = Number(process.env.LH_PORT ?? 8793);
const RUNTIME_PORT = PORT + 1;
const PERSIST = '.wrangler/lh';
const OUT = `${root}.lighthouse`;
// The five pages a shopper meets first: home, a listing, search, a product page (the listing's first product, found at start) and the cart.
const DEFAULT_PATHS = ['/', '/moda-praia', '/search?q=biquini', 'PRODUCT', '/sacola'];
const MAX_LOAD = Number(process.env.LH_MAX_LOAD ?? 1.0);
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

const args = process.argv.slice(2);
const assert = args.includes('--assert');
const busyOk = args.includes('--busy-ok');
const skipBuild = args.includes('--skip-build');
const runs = Math.max(1, Number(args.find((a) => a.startsWith('--runs='))?.slice(7) ?? 1) || 1);
const paths = args.filter((a) => a.startsWith('/'));
let targets = paths.length > 0 ? paths : DEFAULT_PATHS;

let server = null;
let proxy = null;
async function stopServer() {
  const current = server;
  server = null;
  await proxy?.close();
  proxy = null;
  await current?.stop();
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => stopServer().then(() => process.exit(130)));
}

/** GET over HTTPS to the local worker with the production Host header; the certificate is self-signed. */
function get(path, withBody = false) {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: PORT,
        path,
        headers: { host: `${HOST}:${PORT}` },
        rejectUnauthorized: false,
        timeout: 30_000,
      },
      (res) => {
        let body = '';
        if (withBody) res.on('data', (chunk) => (body += chunk));
        else res.resume();
        res.on('end', () => resolve(withBody ? body : res.statusCode));
      },
    );
    req.on('error', reject);
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.end();
  });
}

/** Refuse to start over another server: the readiness poll would otherwise measure the wrong one. */
function assertPortFree(port) {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      reject(new Error(`port ${port} is already in use; stop that server first`));
    });
    socket.once('error', () => resolve());
  });
}

async function startServer() {
  await assertPortFree(PORT);
  await assertPortFree(RUNTIME_PORT);
  log(`starting the runtime on 127.0.0.1:${RUNTIME_PORT} behind HTTP/2 on ${PORT}, seen as https://${HOST}:${PORT}`);
  // Production-like: no STREAM_IDENTITY, so HTML is compressed as a CDN would. The supervisor restarts a runtime
  // that exits or stops answering (and says so); a run during which that happened is run again (below).
  let ready;
  const up = new Promise((resolve) => (ready = resolve));
  server = supervise({
    args: ['--port', String(RUNTIME_PORT), '--persist', PERSIST, '--images-on-demand'],
    port: RUNTIME_PORT,
    onReady: () => ready(),
    logFile: `${root}.wrangler/lh-runtime.log`,
  });
  await up;
  // HTTP/2 over TLS in front, as the edge serves production (scripts/h2-proxy.mjs says why it matters here).
  proxy = await startH2Proxy({ port: PORT, target: RUNTIME_PORT, host: HOST, certDir: `${root}.wrangler/lh-tls` });
}

const CHROMIUM_ARGS = [
  '--headless=new',
  ...chromiumFlags,
  `--host-resolver-rules=MAP ${HOST} 127.0.0.1`,
  // The local runtime's HTTPS certificate is self-signed.
  '--ignore-certificate-errors',
];

async function audit(chromePath, path) {
  // A fresh browser (and profile) per page, like the Lighthouse CLI: no cache or storage carried over.
  const browser = await puppeteer.launch({
    executablePath: chromePath,
    headless: false, // the flag list above already says --headless=new
    pipe: true,
    args: CHROMIUM_ARGS,
    defaultViewport: null,
  });
  try {
    const page = await browser.newPage();
    const url = `https://${HOST}:${PORT}${path}`;
    const result = await lighthouse(
      url,
      { output: ['json', 'html'], logLevel: 'error', onlyCategories: CATEGORIES },
      undefined,
      page,
    );
    if (!result) throw new Error(`no Lighthouse result for ${url}`);
    // Let the page's idle-time prefetches finish rather than cut them off when the browser closes.
    await page.waitForNetworkIdle({ idleTime: 500, timeout: 10_000 }).catch(() => {});
    return result;
  } finally {
    await browser.close();
  }
}

function slug(path) {
  return path === '/'
    ? 'home'
    : path
        .replace(/^\//, '')
        .replace(/[^a-z0-9]+/gi, '-')
        .replace(/-+$/, '');
}

/** Audits scoring below 1, each with its weight in the category score (0 = diagnostic only). */
function failingAudits(lhr) {
  const weights = new Map();
  for (const c of CATEGORIES)
    for (const ref of lhr.categories[c]?.auditRefs ?? []) weights.set(ref.id, (weights.get(ref.id) ?? 0) + ref.weight);
  return Object.values(lhr.audits)
    .filter((a) => weights.has(a.id) && typeof a.score === 'number' && a.score < 1)
    .filter((a) => !['manual', 'notApplicable', 'informative'].includes(a.scoreDisplayMode))
    .map((a) => ({ ...a, weight: weights.get(a.id) }))
    .sort((a, b) => b.weight - a.weight || a.score - b.score);
}

/** Client JS the page transferred (same-origin scripts), from the network-requests audit. */
function clientJs(lhr) {
  const origin = new URL(lhr.finalDisplayedUrl).origin;
  const items = lhr.audits['network-requests']?.details?.items ?? [];
  const scripts = items.filter((r) => r.resourceType === 'Script' && r.url.startsWith(origin));
  const sum = (key) => scripts.reduce((n, r) => n + (r[key] ?? 0), 0);
  return { count: scripts.length, transfer: sum('transferSize'), resource: sum('resourceSize') };
}

const score = (lhr, c) => (lhr.categories[c]?.score == null ? '–' : String(Math.round(lhr.categories[c].score * 100)));
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

/** Waits for the 1-minute load average to reach MAX_LOAD (3 min at most); a busy machine gives figures nobody reproduces. */
async function waitQuiet() {
  const end = Date.now() + 180_000;
  while (loadavg()[0] > MAX_LOAD && Date.now() < end) {
    log(`waiting for a quiet machine: load ${loadavg()[0].toFixed(1)} > ${MAX_LOAD}`);
    await new Promise((resolve) => setTimeout(resolve, 15_000));
  }
  if (loadavg()[0] <= MAX_LOAD) return;
  const message = `machine busy: load ${loadavg()[0].toFixed(1)} > ${MAX_LOAD} (LH_MAX_LOAD); its figures would not reproduce`;
  if (!busyOk) {
    await stopServer();
    console.error(`${message}. Stop the other work, or pass --busy-ok to run anyway (the table is then marked).`);
    process.exit(3);
  }
  console.error(`${message}; running anyway (--busy-ok)`);
}

async function main() {
  const chromePath = ensureChromium();
  if (!skipBuild) {
    log('building client bundle');
    run('node', ['scripts/build-client.mjs']);
    log('building worker bundle');
    await buildWorker();
  }
  await mkdir(OUT, { recursive: true });
  await startServer();
  if (targets.includes('PRODUCT')) {
    const listing = JSON.parse(await get('/api/catalog/listing?slug=moda-praia', true));
    targets = targets.map((p) => (p === 'PRODUCT' ? `/${listing.products[0].slug}/p` : p));
  }
  // Warm the runtime (first requests open D1, render any missing picture) so the runs measure the page, not the boot.
  for (const path of targets) await get(path);

  await waitQuiet();
  const results = [];
  const busyRuns = [];
  for (const path of targets) {
    const all = [];
    for (let i = 1; i <= runs; i++) {
      log(`lighthouse ${path}${runs > 1 ? ` (run ${i}/${runs})` : ''}`);
      const restarts = server.restarts();
      const load = loadavg()[0];
      if (load > MAX_LOAD + 1) busyRuns.push(`${path} run ${i} (load ${load.toFixed(1)})`);
      let result = await audit(chromePath, path);
      result.load = load;
      if (server.restarts() !== restarts) {
        // The runtime was restarted during the run: its errors would be scored against the page. Run again.
        console.error('  the runtime restarted during this run; running it again');
        result = Object.assign(await audit(chromePath, path), { load });
      }
      all.push(result);
    }
    // A run that failed (e.g. no paint under heavy load) has no metrics; the median skips it.
    const valid = filterToValidRuns(all.map((r) => r.lhr));
    const median = valid.length > 0 ? computeMedianRun(valid) : all[0].lhr;
    const { lhr, report } = all.find((r) => r.lhr === median) ?? all[0];
    if (runs > 1) {
      const ms = (r, id) => Math.round(r.lhr.audits[id]?.numericValue ?? 0);
      for (const r of all) {
        const failed = r.lhr.runtimeError ? `  (no score: ${r.lhr.runtimeError.code})` : '';
        const mark = (r.lhr === lhr ? ' ← median' : '') + failed;
        console.log(
          `  perf ${score(r.lhr, 'performance')}  FCP ${ms(r, 'first-contentful-paint')}  LCP ${ms(r, 'largest-contentful-paint')}  TBT ${ms(r, 'total-blocking-time')}  CPU index ${Math.round(r.lhr.environment?.benchmarkIndex ?? 0)}  load ${r.load.toFixed(1)}${mark}`,
        );
      }
    }
    const [json, html] = report;
    await writeFile(`${OUT}/${slug(path)}.report.json`, json);
    await writeFile(`${OUT}/${slug(path)}.report.html`, html);
    if (lhr.runtimeError) console.error(`  runtime error: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    for (const warning of lhr.runWarnings ?? []) console.error(`  warning: ${warning}`);
    results.push({ path, lhr });
  }
  await stopServer();

  const width = Math.max(...targets.map((p) => p.length), 4);
  const line = (cells) =>
    cells[0].padEnd(width) +
    cells
      .slice(1)
      .map((c) => c.padStart(6))
      .join('');
  console.log('\n' + line(['URL', 'perf', 'a11y', 'bp', 'seo']));
  for (const { path, lhr } of results) console.log(line([path, ...CATEGORIES.map((c) => score(lhr, c))]));

  for (const { path, lhr } of results) {
    const failing = failingAudits(lhr);
    if (failing.length === 0) continue;
    console.log(`\n${path}: audits below 1 (score, weight in its category)`);
    for (const a of failing) {
      const value = a.displayValue ? ` — ${a.displayValue}` : '';
      console.log(`  ${a.score.toFixed(2)} w${String(a.weight).padEnd(3)} ${a.id}: ${a.title}${value}`);
    }
  }

  const home = results.find((r) => r.path === '/');
  if (home) {
    const js = clientJs(home.lhr);
    console.log(
      `\nclient JS on /: ${js.count} files, ${kb(js.transfer)} transferred (${kb(js.resource)} uncompressed)`,
    );
  }
  const bench = results.map((r) => Math.round(r.lhr.environment?.benchmarkIndex ?? 0)).join(', ');
  console.log(
    `CPU benchmark index per page: ${bench}; load average ${loadavg()[0].toFixed(1)} (busy machines lower the scores)`,
  );
  console.log(`\nreports: ${OUT}/`);
  if (busyRuns.length > 0) {
    console.error(
      `\nNOT REPORTABLE: runs started on a busy machine (load above ${MAX_LOAD + 1}): ${busyRuns.join(', ')}`,
    );
    if (!busyOk) process.exitCode = 3;
  }

  if (assert) {
    if (!home) throw new Error('--assert needs / among the audited paths');
    const problems = CATEGORIES.filter((c) => {
      const value = Math.round((home.lhr.categories[c]?.score ?? 0) * 100);
      return c === 'performance' ? value < 95 : value < 100;
    });
    if (problems.length > 0) {
      console.error(`assert failed on /: ${problems.map((c) => `${c} ${score(home.lhr, c)}`).join(', ')}`);
      process.exitCode = 1;
    } else {
      console.log('assert passed on /: performance >= 95, the other categories 100');
    }
  }
}

try {
  await main();
} catch (error) {
  stopServer();
  console.error(error instanceof Error ? error.stack : error);
  process.exitCode = 1;
}
