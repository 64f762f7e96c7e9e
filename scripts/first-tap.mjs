// `npm run first-tap [-- --runs=5] [--skip-build] [--only=size,menu,add,quick-add,search]`: what a shopper feels on
// the first tap of a fresh page, not a navigation score. For each interaction, on a fresh load (new browser profile)
// at 375 px in Debian Chromium, throttled (CPU 4× slower, slow 4G: 150 ms RTT, 1.6 Mbit/s down, 750 kbit/s up) and
// unthrottled, the median of N runs of:
//   (a) Interaction to Next Paint, from the `web-vitals` library (its IIFE injected before the page's own scripts);
//   (b) the time from the tap (the pointerdown's or keydown's timestamp) to the frame that shows the visible answer:
//       the size shown as chosen, the drawer open, the quick-add chooser open, the typed letter, and for add-to-bag
//       the badge's new count (optimistic) and then the popover.
// INP alone does not see a tap that is held and replayed once the islands hydrated (client/main.ts): (b) does.
// The store runs as for Lighthouse (scripts/lighthouse.mjs): the deploy bundle on workerd behind HTTP/2 + TLS,
// reached under the production host name. Each run prints the 1-minute load average it started with.
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import puppeteer from 'puppeteer-core';
import chromiumFlags from './chromium-flags.json' with { type: 'json' };
import { log, root, run } from './commands.mjs';
import { ensureChromium } from './ensure-chromium.mjs';
import { startH2Proxy } from './h2-proxy.mjs';
import { buildWorker } from './runtime.mjs';
import { supervise } from './serve.mjs';

const HOST = 'www.vitrine.com.br';
const PORT = Number(process.env.FIRST_TAP_PORT ?? 8795);
const args = process.argv.slice(2);
const runs = Math.max(1, Number(args.find((a) => a.startsWith('--runs='))?.slice(7) ?? 5) || 5);
const only = args
  .find((a) => a.startsWith('--only='))
  ?.slice(7)
  .split(',');
const WEB_VITALS = readFileSync(`${root}node_modules/web-vitals/dist/web-vitals.iife.js`, 'utf8');

const PROFILES = {
  throttled: {
    cpu: 4,
    network: { offline: false, latency: 150, downloadThroughput: (1.6e6 / 8) | 0, uploadThroughput: (750e3 / 8) | 0 },
  },
  unthrottled: { cpu: 1, network: null },
};

/** In the page, before its scripts: INP through web-vitals, and the tap's timestamp. */
const PROBE = `${WEB_VITALS};
window.__tap = { inp: null, at: null };
webVitals.onINP((m) => { window.__tap.inp = m.value; }, { reportAllChanges: true });
for (const type of ['pointerdown', 'keydown']) addEventListener(type, (e) => { if (window.__tap.at === null) window.__tap.at = e.timeStamp; }, true);`;

/**
 * Resolves with the time (performance.now() at the frame after `test()` first holds) — run in the page. Polls on
 * every frame: what counts is what the shopper can see, whichever code made it so.
 */
function answerAt(page, test) {
  return page.evaluate(
    (source) =>
      new Promise((resolve) => {
        const check = new Function(`return (${source})();`);
        const frame = () =>
          check() ? requestAnimationFrame(() => resolve(performance.now())) : requestAnimationFrame(frame);
        frame();
      }),
    test.toString(),
  );
}

const visible = (el) => !!el && el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';

/** The interactions: where, what the tap is, and what the shopper sees as its answer. */
const INTERACTIONS = {
  size: {
    path: 'PRODUCT',
    act: async (page) => page.tap('.pdp-size:not([aria-disabled="true"])'),
    answers: { chosen: () => document.querySelector('.pdp-size[aria-pressed="true"]') !== null },
  },
  menu: {
    path: '/',
    act: async (page) => page.tap('.menu-mobile__burger'),
    answers: { open: `() => (${visible})(document.querySelector('#menu-drawer'))` },
  },
  add: {
    path: 'PRODUCT',
    act: async (page) => {
      await page.tap('.pdp-size:not([aria-disabled="true"])');
      await new Promise((r) => setTimeout(r, 300));
      const add = await page.$('button.pdp-buy__add');
      await page.evaluate(() => (window.__tap.at = null));
      await add.tap();
    },
    answers: {
      // The count shown: the badge's own, or the pending one a held add shows until it is replayed (client/first-answers.ts).
      badge: () => {
        const badge = document.querySelector('.site-header__badge');
        return (badge?.dataset.pending ?? badge?.textContent ?? '0').trim() !== '0';
      },
      popover: `() => (${visible})(document.querySelector('[data-testid="cart-popover"]'))`,
    },
  },
  'quick-add': {
    path: '/moda-praia',
    act: async (page) => page.tap('[data-quick-add]'),
    answers: {
      chooser: `() => [...document.querySelectorAll('dialog[open], [role="dialog"]')].some((el) => (${visible})(el))`,
    },
  },
  search: {
    path: '/',
    act: async (page) => {
      await page.tap('input.search-box__input');
      await page.evaluate(() => (window.__tap.at = null));
      await page.keyboard.type('b');
    },
    answers: { letter: () => document.querySelector('input.search-box__input')?.value === 'b' },
  },
};

const median = (xs) => {
  const s = xs.filter((x) => x !== null).sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)] : null;
};

async function measure(chrome, url, interaction, profile) {
  const browser = await puppeteer.launch({
    executablePath: chrome,
    headless: false, // the flags below say --headless=new
    pipe: true,
    args: [
      '--headless=new',
      ...chromiumFlags,
      `--host-resolver-rules=MAP ${HOST} 127.0.0.1`,
      '--ignore-certificate-errors',
    ],
  });
  try {
    const page = await browser.newPage();
    await page.setViewport({ width: 375, height: 812, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
    const cdp = await page.createCDPSession();
    await cdp.send('Network.enable');
    if (profile.network) await cdp.send('Network.emulateNetworkConditions', profile.network);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpu });
    await page.evaluateOnNewDocument(PROBE);
    await page.evaluateOnNewDocument(() => (document.cookie = 'cookie_consent=denied; path=/'));
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    const watchers = Object.fromEntries(
      Object.entries(interaction.answers).map(([name, test]) => [name, answerAt(page, test).catch(() => null)]),
    );
    await interaction.act(page);
    const result = {};
    for (const [name, at] of Object.entries(watchers)) {
      const seen = await Promise.race([at, new Promise((r) => setTimeout(() => r(null), 20_000))]);
      const tap = await page.evaluate(() => window.__tap.at);
      result[name] = seen === null || tap === null ? null : seen - tap;
    }
    // INP is final once the interaction's next paint is reported; web-vitals reports every change here.
    await new Promise((r) => setTimeout(r, 1000));
    result.inp = await page.evaluate(() => window.__tap.inp);
    return result;
  } finally {
    await browser.close();
  }
}

async function main() {
  if (!args.includes('--skip-build')) {
    run('node', ['scripts/build-client.mjs', '--no-images']);
    await buildWorker();
  }
  const chrome = ensureChromium();
  let ready;
  const up = new Promise((resolve) => (ready = resolve));
  const server = supervise({
    args: ['--port', String(PORT + 1), '--persist', '.wrangler/first-tap', '--images-on-demand'],
    port: PORT + 1,
    onReady: () => ready(),
    logFile: `${root}.wrangler/first-tap-runtime.log`,
  });
  await up;
  const proxy = await startH2Proxy({ port: PORT, target: PORT + 1, host: HOST, certDir: `${root}.wrangler/lh-tls` });
  const base = `https://${HOST}:${PORT}`;
  try {
    const listing = await (await fetch(`http://127.0.0.1:${PORT + 1}/moda-praia`, { headers: { host: HOST } })).text();
    const product = listing.match(/href="(\/[^"?#]+\/p)"/)?.[1];
    if (!product) throw new Error('no product link on /moda-praia');
    const rows = [];
    for (const [name, interaction] of Object.entries(INTERACTIONS)) {
      if (only && !only.includes(name)) continue;
      for (const [profileName, profile] of Object.entries(PROFILES)) {
        const results = [];
        for (let i = 0; i < runs; i++) {
          const load = loadavg()[0];
          const r = await measure(
            chrome,
            base + (interaction.path === 'PRODUCT' ? product : interaction.path),
            interaction,
            profile,
          );
          log(
            `${name} ${profileName} run ${i + 1}: ${Object.entries(r)
              .map(([k, v]) => `${k} ${v === null ? '—' : Math.round(v) + ' ms'}`)
              .join(', ')} (load ${load.toFixed(2)})`,
          );
          results.push(r);
        }
        const keys = Object.keys(results[0]);
        rows.push({
          name,
          profileName,
          medians: Object.fromEntries(keys.map((k) => [k, median(results.map((r) => r[k]))])),
        });
      }
    }
    console.log(`\nfirst tap, median of ${runs} (ms; visible answer from the tap's timestamp; INP from web-vitals)`);
    console.log('interaction   profile       visible answer                     INP');
    for (const { name, profileName, medians } of rows) {
      const { inp, ...answers } = medians;
      const shown = Object.entries(answers)
        .map(([k, v]) => `${k} ${v === null ? '—' : Math.round(v)}`)
        .join(', ');
      console.log(
        `${name.padEnd(13)} ${profileName.padEnd(13)} ${shown.padEnd(34)} ${inp === null ? '—' : Math.round(inp)}`,
      );
    }
    console.log(
      `load average at the end: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
  } finally {
    await proxy.close();
    await server.stop();
  }
}

await main();
