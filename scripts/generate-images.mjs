// Raster images for the seed, from procedural artwork (no downloads): every product photo the seed writes
// to D1 as a WebP original under public/images/product/ plus the spec's variants under product/<WxH>/, and
// the menu banner cards under public/images/menu/. Incremental: a manifest keeps one hash per picture
// (artwork + sizes + encoder settings), so a rebuild renders only what changed. The manifest lives in
// .wrangler/ so it is never served as an asset.
// IMAGE_HOST may point elsewhere (a CDN or bucket): upload public/images/ as it is, its layout is the URL
// layout (product/<file>, product/<WxH>/<file>, menu/<file>).
// Usage: node scripts/generate-images.mjs [--force]
import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { availableParallelism } from 'node:os';
import sharp from 'sharp';
import { importTs } from './commands.mjs';

const root = new URL('..', import.meta.url).pathname;
// Bump when the rendering below changes in a way the hash inputs do not capture.
const RENDERER = 1;
// Effort 2 encodes in about half the time of the default 4, for files ~8% larger (measured on this art).
const WEBP = { quality: 80, effort: 2 };

const loadSeed = () => importTs('src/db/seed/images.ts');

/** Output files of one job: the original, then (products only) one per spec variant. */
function outputsOf(job, variants) {
  const original = { path: `${job.dir}/${job.file}`, width: job.width, height: job.height };
  if (job.dir !== 'product') return [original];
  return [
    original,
    ...variants.map((v) => ({
      path: `product/${v}/${job.file}`,
      width: Number(v.split('x')[0]),
      height: Number(v.split('x')[1]),
    })),
  ];
}

const exists = (path) =>
  stat(path).then(
    () => true,
    () => false,
  );

/** Renders the SVG once to pixels, then scales and encodes every output from them. */
async function render(job, outputs, dir) {
  const density = (72 * job.width) / Number(/width="(\d+)"/.exec(job.svg)[1]);
  const { data, info } = await sharp(Buffer.from(job.svg), { density })
    .resize(job.width, job.height, { fit: 'fill' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  const encoded = new Map();
  let bytes = 0;
  for (const out of outputs) {
    const size = `${out.width}x${out.height}`;
    if (!encoded.has(size)) {
      const image = sharp(data, raw);
      if (out.width !== info.width || out.height !== info.height)
        image.resize(out.width, out.height, { kernel: 'lanczos3' });
      encoded.set(size, await image.webp(WEBP).toBuffer());
    }
    const body = encoded.get(size);
    await writeFile(`${dir}/${out.path}`, body);
    bytes += body.length;
  }
  return bytes;
}

/** Every picture the seed needs, with its output files and content hash, and the manifest of what is on disk. */
async function plan(publicDir, { force = false, manifestPath = `${root}.wrangler/images-manifest.json` } = {}) {
  const dir = `${publicDir}/images`;
  const seed = await loadSeed();
  const counts = [...new Set([320, Number(process.env.SEED_PRODUCTS ?? 320)])];
  const variants = Object.values(seed.PRODUCT_VARIANTS);
  const previous = force
    ? {}
    : await readFile(manifestPath, 'utf8').then(
        (t) => JSON.parse(t).files ?? {},
        () => ({}),
      );
  for (const sub of ['product', 'menu', ...variants.map((v) => `product/${v}`)])
    await mkdir(`${dir}/${sub}`, { recursive: true });
  await mkdir(dirname(manifestPath), { recursive: true });
  const pictures = seed.imageJobs(counts).map((job) => {
    const outputs = outputsOf(job, variants);
    const hash = createHash('sha256')
      .update(JSON.stringify([RENDERER, WEBP, outputs, job.svg]))
      .digest('hex')
      .slice(0, 16);
    return { key: `${job.dir}/${job.file}`, job, outputs, hash };
  });
  const isFresh = async (p) =>
    previous[p.key] === p.hash && (await Promise.all(p.outputs.map((o) => exists(`${dir}/${o.path}`)))).every(Boolean);
  const writeManifest = (files) =>
    writeFile(manifestPath, JSON.stringify({ renderer: RENDERER, files }, null, 1) + '\n');
  return { dir, variants, previous, pictures, isFresh, writeManifest };
}

export async function generateImages(publicDir = `${root}public`, { force = false } = {}) {
  const started = performance.now();
  const { dir, variants, previous, pictures, isFresh, writeManifest } = await plan(publicDir, { force });
  const manifest = Object.fromEntries(pictures.map((p) => [p.key, p.hash]));
  const todo = [];
  for (const p of pictures) if (!(await isFresh(p))) todo.push(p);

  // Files an earlier seed needed and this one does not.
  const stale = Object.keys(previous).filter((key) => !(key in manifest));
  for (const key of stale) {
    const [sub, file] = key.split('/');
    const paths = sub === 'product' ? [key, ...variants.map((v) => `product/${v}/${file}`)] : [key];
    await Promise.all(paths.map((p) => rm(`${dir}/${p}`, { force: true })));
  }

  // libvips threads × parallel jobs ≈ cores: one thread per picture, one picture per core.
  sharp.concurrency(1);
  const workers = Math.max(1, availableParallelism());
  let next = 0;
  let bytes = 0;
  const done = new Set();
  try {
    await Promise.all(
      Array.from({ length: workers }, async () => {
        while (next < todo.length) {
          const { key, job, outputs } = todo[next++];
          const size = await render(job, outputs, dir);
          bytes += size; // not `bytes += await …`: that reads `bytes` before the await and loses updates
          done.add(key);
        }
      }),
    );
  } finally {
    // Only what was verified or rendered goes into the manifest, so an interrupted run resumes.
    const pending = new Set(todo.map((t) => t.key));
    await writeManifest(
      Object.fromEntries(Object.entries(manifest).filter(([key]) => done.has(key) || !pending.has(key))),
    );
  }
  const files = pictures.reduce((n, p) => n + p.outputs.length, 0);
  const seconds = (performance.now() - started) / 1000;
  return { pictures: pictures.length, files, rendered: todo.length, removed: stale.length, bytes, seconds };
}

/**
 * An uploaded photo's variant (ADR 0032), as Cloudflare's Images binding makes it in production: `POST /__resize?width=
 * &height=` with the image as the body answers it cropped to fill that box (`fit: cover`), in the same format. The
 * worker sends it here through DEV_IMAGES when no Images binding is bound (the local runtime, the worker tests).
 */
export async function resizeRequest(request) {
  const url = new URL(request.url);
  const width = Number(url.searchParams.get('width'));
  const height = Number(url.searchParams.get('height'));
  const format = { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/webp': 'webp' }[
    request.headers.get('content-type') ?? ''
  ];
  if (!format || !(width > 0 && width <= 4000 && height > 0 && height <= 4000))
    return new Response('Bad resize request', { status: 400 });
  const body = await sharp(Buffer.from(await request.arrayBuffer()))
    .resize(width, height, { fit: 'cover' })
    .toFormat(format)
    .toBuffer();
  return new Response(body, { headers: { 'content-type': `image/${format}` } });
}

/**
 * `npm start` without waiting for every picture: a handler for the local runtime's DEV_IMAGES service binding
 * (src/app.ts sends it the /images/* requests static assets did not answer). A picture is rendered, with all its
 * variants, the first time one of its files is asked for, and recorded in the same manifest as a full run, so
 * `npm run build` later renders only what is still missing. Never bound in production.
 */
export async function createImageServer(publicDir = `${root}public`, options = {}) {
  const { dir, previous, pictures, isFresh, writeManifest } = await plan(publicDir, options);
  const byPath = new Map(pictures.flatMap((p) => p.outputs.map((o) => [o.path, p])));
  const manifest = { ...previous };
  const rendering = new Map();
  let saving = Promise.resolve();
  sharp.concurrency(1);
  const ensure = (p) => {
    if (!rendering.has(p.key)) {
      const work = (async () => {
        if (await isFresh(p)) return;
        await render(p.job, p.outputs, dir);
        manifest[p.key] = p.hash;
        saving = saving.then(() => writeManifest(manifest));
        await saving;
      })();
      rendering.set(p.key, work);
      work.catch(() => rendering.delete(p.key));
    }
    return rendering.get(p.key);
  };
  const handler = async (request) => {
    if (request.method === 'POST' && new URL(request.url).pathname === '/__resize') return resizeRequest(request);
    const path = decodeURIComponent(new URL(request.url).pathname).replace(/^\/images\//, '');
    const picture = byPath.get(path);
    if (!picture) return new Response('Not found', { status: 404 });
    await ensure(picture);
    return new Response(await readFile(`${dir}/${path}`), {
      headers: { 'content-type': 'image/webp', 'cache-control': 'public, max-age=3600' },
    });
  };
  handler.paths = () => [...byPath.keys()];
  return handler;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await generateImages(undefined, { force: process.argv.includes('--force') });
  console.log(
    `images: ${r.pictures} pictures in ${r.files} files, ${r.rendered} rendered (${(r.bytes / 1048576).toFixed(1)} MB), ${r.removed} removed, ${r.seconds.toFixed(1)} s`,
  );
}
