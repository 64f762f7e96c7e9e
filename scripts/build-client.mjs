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

// First-load budget for `/` (issue #2: 90 KB as Lighthouse counts it, i.e. transferred, headers included):
// the build fails above these, leaving room for the response headers.
const FIRST_LOAD_BUDGET_GZIP = 88 * 1024;
const FIRST_LOAD_MAX_FILES = 1;

const options = {
  entryPoints: [`${root}client/main.tsx`],
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
  metafile: true,
  legalComments: 'none',
  logLevel: 'warning',
};
// esbuild puts each set of modules shared by a different set of entry points (main + the lazy chunks that
// also use them) in its own chunk: `/` used to load 14 small files. Every lazy chunk only ever runs after
// main, so it may as well import all of main: then everything main needs is shared by every entry point
// alike and lands in one chunk, and the lazy chunks hold only their own code. A first pass finds the
// dynamic-import targets; the second prepends `import "client/main.tsx"` to each.
const mainPath = `${root}client/main.tsx`;
const scan = await build({ ...options, write: false, minify: false });
const lazyModules = new Set(
  Object.values(scan.metafile.inputs).flatMap((input) =>
    input.imports.filter((i) => i.kind === 'dynamic-import').map((i) => `${root}${i.path}`),
  ),
);
const mainFirst = {
  name: 'lazy-chunks-import-main',
  setup(b) {
    b.onLoad({ filter: /\.tsx?$/ }, async (args) => {
      if (!lazyModules.has(args.path)) return undefined;
      const text = await readFile(args.path, 'utf8');
      return { contents: `import ${JSON.stringify(mainPath)};\n${text}`, loader: args.path.endsWith('x') ? 'tsx' : 'ts' };
    });
  },
};
const js = await build({ ...options, plugins: [mainFirst] });
// main.tsx's own output is now a one-line re-import of the chunk holding main.tsx and all it needs: the
// page loads that chunk directly, one request.
const entry = Object.entries(js.metafile.outputs).find(([path, o]) => path.endsWith('.js') && 'client/main.tsx' in o.inputs)?.[0];
if (!entry) throw new Error('no output chunk holds client/main.tsx');

const styleDir = `${root}client/styles`;
const files = (await readdir(styleDir)).filter((f) => f.endsWith('.css')).sort();
const css = (await Promise.all(files.map((f) => readFile(`${styleDir}/${f}`, 'utf8')))).join('\n');
const cssOut = await build({ stdin: { contents: css, loader: 'css' }, minify: true, write: false, logLevel: 'warning' });
const cssText = cssOut.outputFiles[0].text;
const cssName = `app-${createHash('sha256').update(cssText).digest('hex').slice(0, 10)}.css`;
await writeFile(`${out}/${cssName}`, cssText);

const manifest = { js: '/' + entry.slice(entry.indexOf('build/')), css: `/build/${cssName}` };
await mkdir(`${root}src/generated`, { recursive: true });
await writeFile(`${root}src/generated/assets.json`, JSON.stringify(manifest, null, 2) + '\n');
// Pages inline the (small) stylesheet so the first paint waits for no second request: document.tsx.
await writeFile(`${root}src/generated/styles.json`, JSON.stringify({ css: cssText }) + '\n');

let jsGzip = 0;
let jsRaw = 0;
for (const [path] of Object.entries(js.metafile.outputs)) {
  if (!path.endsWith('.js')) continue;
  const body = await readFile(`${root}${path}`);
  jsRaw += body.length;
  jsGzip += gzipSync(body, { level: 9 }).length;
}
// First load: the entry and what it imports statically (lazy chunks load only when used).
const firstLoad = new Set();
const walk = (path) => {
  if (firstLoad.has(path)) return;
  firstLoad.add(path);
  for (const i of js.metafile.outputs[path].imports) if (i.kind === 'import-statement') walk(i.path);
};
walk(entry);
let firstGzip = 0;
for (const path of firstLoad) firstGzip += gzipSync(await readFile(`${root}${path}`), { level: 9 }).length;
const kb = (n) => (n / 1024).toFixed(1) + ' KB';
console.log(
  `client: js ${kb(jsRaw)} (${kb(jsGzip)} gzip; first load ${kb(firstGzip)} gzip in ${firstLoad.size} ${firstLoad.size === 1 ? 'file' : 'files'}), css ${kb(cssText.length)} (${kb(gzipSync(cssText).length)} gzip)`,
);
if (firstGzip > FIRST_LOAD_BUDGET_GZIP || firstLoad.size > FIRST_LOAD_MAX_FILES) {
  console.error(
    `first-load JS over budget: ${kb(firstGzip)} gzip in ${firstLoad.size} files (budget ${kb(FIRST_LOAD_BUDGET_GZIP)} in ${FIRST_LOAD_MAX_FILES})`,
  );
  process.exit(1);
}
// `--no-images`: the local runtime renders each picture on its first request instead (npm start, the test command).
if (process.argv.includes('--no-images')) process.exit(0);
const images = await generateImages(`${root}public`);
console.log(
  `images: ${images.pictures} pictures in ${images.files} files, ${images.rendered} rendered` +
    `${images.rendered ? ` (${(images.bytes / 1048576).toFixed(1)} MB)` : ''}, ${images.removed} removed, ${images.seconds.toFixed(1)} s`,
);
