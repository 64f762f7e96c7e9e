// Builds the browser bundle and stylesheet into public/build with content hashes and writes the
// manifest the worker imports (src/generated/assets.json). Prints sizes, including gzip. Then the seed's
// images (scripts/generate-images.mjs; incremental, so only a fresh checkout pays for rendering; `--no-images` skips them).
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { generateImages } from './generate-images.mjs';

const root = new URL('..', import.meta.url).pathname;
const out = `${root}public/build`;
// Old hashed files stay (gitignored): a running server may still reference them.
await mkdir(out, { recursive: true });

// JS per page type without interaction: the target is 75 KB gzip. The build fails above each page type's
// ceiling (src/pages/page-types.json, what the page measured when it was set), so nothing grows; a page that
// meets the target gets the target as its ceiling.
const JS_PAGE_TARGET_GZIP = 75 * 1024;
const FIRST_LOAD_MAX_FILES = 1;

const options = {
  entryPoints: [`${root}client/main.ts`, `${root}client/vendor.ts`],
  bundle: true,
  format: 'esm',
  splitting: true,
  minify: true,
  target: ['es2022', 'chrome111', 'safari16.4', 'firefox115'],
  outdir: out,
  entryNames: 'main-[hash]',
  chunkNames: 'chunk-[hash]',
  define: { 'process.env.NODE_ENV': '"production"' },
  jsx: 'automatic',
  // React 19 has useSyncExternalStore; the shim @preact/signals-react imports for React 17 is dead weight.
  alias: { 'use-sync-external-store/shim/index.js': `${root}client/use-sync-external-store.ts` },
  metafile: true,
  legalComments: 'none',
  logLevel: 'warning',
};
// esbuild puts each set of modules shared by a different set of entry points (main + the lazy chunks that
// also use them) in its own chunk: `/` used to load 14 small files. Every lazy chunk only ever runs after
// main, so it may as well import all of main: then everything main needs is shared by every entry point
// alike and lands in one chunk, and the lazy chunks hold only their own code. Likewise every island chunk
// runs only after the app (client/app.tsx: React, stores, islands; loaded on the first interaction), so it
// imports all of the app too: React and the stores land in the app's chunk, not in a chunk per island set.
// Page scripts (client/page-scripts/) run without interaction, before the app: they import main only. A first
// pass finds the dynamic-import targets; the second prepends the imports to each.
const mainPath = `${root}client/main.ts`;
const appPath = `${root}client/app.tsx`;
const scan = await build({ ...options, write: false, minify: false });
const lazyModules = new Set(
  Object.values(scan.metafile.inputs).flatMap((input) =>
    input.imports.filter((i) => i.kind === 'dynamic-import').map((i) => `${root}${i.path}`),
  ),
);
const beforeApp = (path) => path === appPath || path.startsWith(`${root}client/page-scripts/`);
const mainFirst = {
  name: 'lazy-chunks-import-main',
  setup(b) {
    b.onLoad({ filter: /\.tsx?$/ }, async (args) => {
      if (!lazyModules.has(args.path)) return undefined;
      const text = await readFile(args.path, 'utf8');
      const first = beforeApp(args.path) ? [mainPath] : [mainPath, appPath];
      const imports = first.map((p) => `import ${JSON.stringify(p)};\n`).join('');
      return { contents: `${imports}${text}`, loader: args.path.endsWith('x') ? 'tsx' : 'ts' };
    });
  },
};
const js = await build({ ...options, plugins: [mainFirst] });
// `METAFILE=path`: esbuild's metafile of the client bundle, for looking at what a chunk holds (esbuild's analyzer reads it).
if (process.env.METAFILE) await writeFile(process.env.METAFILE, JSON.stringify(js.metafile));
// main.ts's own output is now a one-line re-import of the chunk holding main.ts and all it needs: the
// page loads that chunk directly, one request.
const entry = Object.entries(js.metafile.outputs).find(
  ([path, o]) => path.endsWith('.js') && 'client/main.ts' in o.inputs,
)?.[0];
if (!entry) throw new Error('no output chunk holds client/main.ts');

// Critical CSS (what the first paint shows, the header: 00-base, 10-header, 20-menu's closed states; what opens only
// after interaction, the page tokens, buttons and the footer are in 01, 05 and 21) is inlined in <head> and allowed by
// its hash in the CSP; the rest is one hashed, immutable stylesheet linked right before <main>
// (src/pages/shell.tsx), so the header paints without waiting for it and later pages take it from the cache.
const CRITICAL_CSS = /^(00|10|20)-/;
// The first round trip (TCP initial window) carries about 14 KB, headers included, and a listing's HTML with its 24
// cards takes about 10.5 KB gzip of it besides this inline part: the inline part stays under 3.5 KB.
const CRITICAL_BUDGET_GZIP = 3.5 * 1024;
const styleDir = `${root}client/styles`;
const files = (await readdir(styleDir)).filter((f) => f.endsWith('.css')).sort();
const minifyCss = async (names) => {
  const text = (await Promise.all(names.map((f) => readFile(`${styleDir}/${f}`, 'utf8')))).join('\n');
  const result = await build({
    stdin: { contents: text, loader: 'css' },
    minify: true,
    write: false,
    logLevel: 'warning',
  });
  return result.outputFiles[0].text;
};
const criticalCss = await minifyCss(files.filter((f) => CRITICAL_CSS.test(f)));
const cssText = await minifyCss(files.filter((f) => !CRITICAL_CSS.test(f)));
const cssName = `app-${createHash('sha256').update(cssText).digest('hex').slice(0, 10)}.css`;
await writeFile(`${out}/${cssName}`, cssText);

// First load: the entry and what it imports statically (lazy chunks load only when used).
const closure = (path, into = new Set()) => {
  if (into.has(path)) return into;
  into.add(path);
  for (const i of js.metafile.outputs[path].imports) if (i.kind === 'import-statement') closure(i.path, into);
  return into;
};
// The chunk holding React (shared by client/vendor.ts and the app): fetched on the shopper's first interaction, with
// the app (client/main.ts), never before it (checked below).
const vendor = Object.entries(js.metafile.outputs).find(
  ([path, o]) =>
    path.endsWith('.js') && !o.entryPoint && Object.keys(o.inputs).some((i) => i.startsWith('node_modules/react-dom/')),
)?.[0];
if (!vendor) throw new Error('no output chunk holds react-dom');
const url = (path) => '/' + path.slice(path.indexOf('build/'));
const manifest = { js: url(entry), css: `/build/${cssName}` };
await mkdir(`${root}src/generated`, { recursive: true });
await writeFile(`${root}src/generated/assets.json`, JSON.stringify(manifest, null, 2) + '\n');
// The inline <style> is allowed by this hash (no 'unsafe-inline', no nonce: a cached page stays valid).
const criticalHash = `sha256-${createHash('sha256').update(criticalCss).digest('base64')}`;
await writeFile(`${root}src/generated/styles.json`, JSON.stringify({ css: criticalCss, hash: criticalHash }) + '\n');

let jsGzip = 0;
let jsRaw = 0;
for (const [path] of Object.entries(js.metafile.outputs)) {
  if (!path.endsWith('.js')) continue;
  const body = await readFile(`${root}${path}`);
  jsRaw += body.length;
  jsGzip += gzipSync(body, { level: 9 }).length;
}
// Without interaction a page fetches the entry and its page scripts only: React comes with the first interaction.
const firstLoad = closure(entry);
const gzipOf = new Map();
const gz = async (path) => {
  if (!gzipOf.has(path)) gzipOf.set(path, gzipSync(await readFile(`${root}${path}`), { level: 9 }).length);
  return gzipOf.get(path);
};
let firstGzip = 0;
for (const path of firstLoad) firstGzip += await gz(path);
const kb = (n) => (n / 1024).toFixed(1) + ' KB';
const criticalGzip = gzipSync(criticalCss, { level: 9 }).length;
const cssGzip = gzipSync(cssText, { level: 9 }).length;
console.log(
  `client: js ${kb(jsRaw)} (${kb(jsGzip)} gzip; first load ${kb(firstGzip)} gzip in ${firstLoad.size} ${firstLoad.size === 1 ? 'file' : 'files'}), ` +
    `css inline ${kb(criticalCss.length)} (${kb(criticalGzip)} gzip) + ${manifest.css} ${kb(cssText.length)} (${kb(cssGzip)} gzip)`,
);

// JS per page type: what the page fetches before the shopper interacts: main and the chunks of the page
// scripts it renders (client/page-scripts: page-view analytics). Islands hydrate on the first interaction (client/main.ts), so their chunks, the app's and the stores' are not in it. The page scripts
// per page type are in src/pages/page-types.json, which a worker test checks against the rendered pages, and an
// e2e test (test/e2e/page-weight.spec.ts) checks the ceilings against what Chromium fetches.
const scriptsSource = await readFile(`${root}client/page-scripts/index.ts`, 'utf8');
const scriptChunk = new Map();
for (const [, name, spec] of scriptsSource.matchAll(/(\w+): \(\) => import\('([^']+)'\)/g)) {
  const input = `client/page-scripts/${spec.replace(/^\.\//, '')}`;
  const out = Object.entries(js.metafile.outputs).find(
    ([, o]) => o.entryPoint && o.entryPoint.replace(/\.tsx?$/, '') === input,
  )?.[0];
  if (!out) throw new Error(`no chunk for page script ${name} (${input})`);
  scriptChunk.set(name, out);
}
const pageTypes = JSON.parse(await readFile(`${root}src/pages/page-types.json`, 'utf8'));
const rows = [];
for (const [type, { pageScripts, ceilingKb }] of Object.entries(pageTypes)) {
  if (type === '//') continue;
  const chunks = new Set(firstLoad);
  for (const name of pageScripts) {
    if (!scriptChunk.has(name)) throw new Error(`page type ${type}: unknown page script ${name}`);
    closure(scriptChunk.get(name), chunks);
  }
  let gzip = 0;
  for (const path of chunks) gzip += await gz(path);
  rows.push({ type, files: chunks.size, js: gzip, ceiling: ceilingKb * 1024, css: criticalGzip + cssGzip });
}
console.log('page type    JS gzip (files)   CSS gzip (inline + sheet)');
for (const r of rows) {
  const flag = r.js > JS_PAGE_TARGET_GZIP ? `  over the 75 KB target (ceiling ${kb(r.ceiling)})` : '';
  console.log(`${r.type.padEnd(12)} ${kb(r.js).padStart(8)} (${r.files})      ${kb(r.css).padStart(8)}${flag}`);
}
const failures = [];
if (firstLoad.has(vendor))
  failures.push("React (the vendor chunk) is in the entry's first load: it must wait for the first interaction");
// Route-level chunks: checkout code loads only on the checkout (its island's chunk), never with main.
const CHECKOUT_ONLY = /^client\/(?:checkout\/|islands\/checkout|stores\/checkout\.ts)/;
for (const path of firstLoad) {
  for (const input of Object.keys(js.metafile.outputs[path].inputs)) {
    if (CHECKOUT_ONLY.test(input)) failures.push(`checkout code in the first-load chunk: ${input}`);
  }
}
if (firstLoad.size > FIRST_LOAD_MAX_FILES)
  failures.push(`first load is ${firstLoad.size} files (at most ${FIRST_LOAD_MAX_FILES})`);
for (const r of rows)
  if (r.js > r.ceiling) failures.push(`${r.type}: JS ${kb(r.js)} gzip over its ceiling of ${kb(r.ceiling)}`);
if (criticalGzip > CRITICAL_BUDGET_GZIP)
  failures.push(`inline CSS ${kb(criticalGzip)} gzip over ${kb(CRITICAL_BUDGET_GZIP)}`);
if (failures.length) {
  for (const f of failures) console.error(`over budget: ${f}`);
  process.exit(1);
}
// `--no-images`: the local runtime renders each picture on its first request instead (npm start, the test command).
if (process.argv.includes('--no-images')) process.exit(0);
const images = await generateImages(`${root}public`);
console.log(
  `images: ${images.pictures} pictures in ${images.files} files, ${images.rendered} rendered` +
    `${images.rendered ? ` (${(images.bytes / 1048576).toFixed(1)} MB)` : ''}, ${images.removed} removed, ${images.seconds.toFixed(1)} s`,
);
