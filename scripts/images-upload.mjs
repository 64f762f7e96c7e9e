// Uploads the catalog's images (public/images, written by `npm run build`) to an R2 bucket under the same keys, for a
// store whose `IMAGES` binding serves /images/* (ADR 0022).
//   node scripts/images-upload.mjs --bucket vitrine-images [--local [--persist .wrangler/state]] [--jobs 4] [--limit N]
// Each file goes through `wrangler r2 object put` (the account wrangler is logged into, or the local simulator with
// --local). For a catalog of hundreds of thousands of files an S3-compatible client (rclone, aws s3 sync) with an R2
// API token is faster; the keys are the same.
import { readdir } from 'node:fs/promises';
import { spawn } from 'node:child_process';
import { relative } from 'node:path';
import { parseArgs } from 'node:util';
import { importTs, log, quietEnv, root } from './commands.mjs';

// The worker's own table: what it serves is what gets uploaded.
const { imageType } = await importTs('src/images/bucket.ts');

const { values } = parseArgs({
  options: {
    bucket: { type: 'string' },
    local: { type: 'boolean', default: false },
    persist: { type: 'string' },
    jobs: { type: 'string', default: '4' },
    limit: { type: 'string' },
  },
});
if (!values.bucket) {
  console.error(
    'usage: node scripts/images-upload.mjs --bucket <name> [--local [--persist <dir>]] [--jobs 4] [--limit N]',
  );
  process.exit(2);
}

const dir = `${root}public/images`;
const files = (await readdir(dir, { recursive: true, withFileTypes: true }))
  .filter((e) => e.isFile() && imageType(e.name))
  .map((e) => `${e.parentPath}/${e.name}`)
  .slice(0, values.limit ? Number(values.limit) : undefined);
if (files.length === 0) {
  console.error('no images under public/images: run `npm run build` first');
  process.exit(1);
}

function put(file) {
  const key = relative(dir, file).split('\\').join('/');
  const type = imageType(key);
  const where = values.local ? ['--local', ...(values.persist ? ['--persist-to', values.persist] : [])] : ['--remote'];
  return new Promise((resolve, reject) => {
    const child = spawn(
      'wrangler',
      ['r2', 'object', 'put', `${values.bucket}/${key}`, '--file', file, '--content-type', type, ...where],
      {
        cwd: root,
        env: quietEnv,
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    let err = '';
    child.stderr.on('data', (d) => (err += d));
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${key}: wrangler exited ${code}\n${err}`))));
  });
}

log(`uploading ${files.length} images to ${values.bucket} (${values.local ? 'local' : 'remote'})`);
const started = Date.now();
let next = 0;
let done = 0;
await Promise.all(
  Array.from({ length: Math.max(1, Number(values.jobs)) }, async () => {
    while (next < files.length) {
      await put(files[next++]);
      if (++done % 100 === 0) log(`${done}/${files.length}`);
    }
  }),
);
log(`${done} images in ${((Date.now() - started) / 1000).toFixed(1)} s`);
