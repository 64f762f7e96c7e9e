// What the scripts share: the repo root, an environment with the pinned toolchain first on PATH, running commands and wrangler.
import { spawn, spawnSync } from 'node:child_process';
import { build } from 'esbuild';

export const root = new URL('..', import.meta.url).pathname;

export const quietEnv = {
  ...process.env,
  WRANGLER_SEND_METRICS: 'false',
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
  // npm puts node_modules/.bin first on PATH; keep it so every tool runs on the Node 22 binary there.
  PATH: `${root}node_modules/.bin:${process.env.PATH}`,
};

export function log(message) {
  console.log(`\x1b[36m▸\x1b[0m ${message}`);
}

export function run(cmd, args, opts = {}) {
  const result = spawnSync(cmd, args, {
    cwd: root,
    env: { ...quietEnv, ...opts.env },
    stdio: opts.capture ? 'pipe' : 'inherit',
    encoding: 'utf8',
  });
  if (result.status !== 0 && !opts.allowFail) {
    if (opts.capture) process.stderr.write(result.stdout + result.stderr);
    throw new Error(`${cmd} ${args.join(' ')} exited with ${result.status}`);
  }
  return result;
}

export function start(cmd, args, opts = {}) {
  return spawn(cmd, args, {
    cwd: root,
    env: { ...quietEnv, ...opts.env },
    stdio: opts.stdio ?? 'inherit',
    detached: !!opts.detached,
  });
}

// wrangler dev bundles React's development build unless told otherwise; every server we start for
// people or measurements runs the production build, as `wrangler deploy` does.
export const PRODUCTION_DEFINE = ['--define', 'process.env.NODE_ENV:"production"'];

/** A TypeScript module of the project (e.g. `src/db/seed/index.ts`), bundled for Node and imported. */
export async function importTs(path) {
  const bundle = await build({
    entryPoints: [`${root}${path}`],
    bundle: true,
    platform: 'node',
    format: 'esm',
    write: false,
    logLevel: 'warning',
  });
  return import(`data:text/javascript;base64,${Buffer.from(bundle.outputFiles[0].text).toString('base64')}`);
}
