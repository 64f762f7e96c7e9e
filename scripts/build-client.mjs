// Builds the browser bundle and stylesheet into public/build with content hashes and writes the
// manifest the worker imports (src/generated/assets.json). Prints sizes, including gzip. Then the seed's
// images (scripts/generate-images.mjs; incremental, so only a fresh checkout pays for rendering).
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { generateImages } from './generate-images.mjs';

const root = new URL('..', import.meta.url).pathname;
const out = `${root}public/build`;
// Old hashed files stay (gitignored): a running server may still reference them.
await mkdir(out, { recursive: true });

const js = await build({
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
});
// Lazy islands' dynamic imports are entry points in the metafile too: pick client/main.tsx itself.
const entry = Object.entries(js.metafile.outputs).find(([, o]) => o.entryPoint === 'client/main.tsx')?.[0];

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
  `client: js ${kb(jsRaw)} (${kb(jsGzip)} gzip; first load ${kb(firstGzip)} gzip), css ${kb(cssText.length)} (${kb(gzipSync(cssText).length)} gzip)`,
);
const images = await generateImages(`${root}public`);
console.log(
  `images: ${images.pictures} pictures in ${images.files} files, ${images.rendered} rendered` +
    `${images.rendered ? ` (${(images.bytes / 1048576).toFixed(1)} MB)` : ''}, ${images.removed} removed, ${images.seconds.toFixed(1)} s`,
);
