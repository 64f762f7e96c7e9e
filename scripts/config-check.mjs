// `checkCommerceApiUrl()`: before serving, warn about a COMMERCE_API_URL the worker would refuse or
// that points at the wrong place (the worker's rules: src/env.ts, ADR 0007). `node scripts/config-check.mjs [dir]`
// runs it alone. Reads what `wrangler dev` reads: .dev.vars (or .env), then wrangler.toml [vars].
// `configProblems()`: every var the worker or a live payment provider would refuse (src/config-check.ts, bundled
// here with esbuild); `npm start` and `npm run check:deploy` stop on one, `node scripts/config-check.mjs --deploy`
// (run by `npm run deploy` before `wrangler deploy`) exits 1 on one of wrangler.toml's.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

const root = new URL('..', import.meta.url).pathname;

/** The value of COMMERCE_API_URL and the file it came from, or null when it is not set. */
function findSetting(dir) {
  for (const file of ['.dev.vars', '.env']) {
    const path = join(dir, file);
    if (!existsSync(path)) continue;
    const m = /^\s*COMMERCE_API_URL\s*=\s*(.*?)\s*$/m.exec(readFileSync(path, 'utf8'));
    if (m) return { value: m[1].replace(/^(["'])(.*)\1$/, '$2'), source: file };
    break; // wrangler reads .env only without .dev.vars
  }
  const toml = join(dir, 'wrangler.toml');
  const vars = existsSync(toml) ? /^\[vars\]\s*$([\s\S]*?)(?=^\[|(?![\s\S]))/m.exec(readFileSync(toml, 'utf8')) : null;
  const m = vars && /^\s*COMMERCE_API_URL\s*=\s*"([^"]*)"/m.exec(vars[1]);
  return m ? { value: m[1], source: 'wrangler.toml [vars]' } : null;
}

/** Prints and answers the problem with COMMERCE_API_URL in `dir`, or null when it is unset or fine. */
export function checkCommerceApiUrl(dir = root) {
  const setting = findSetting(dir);
  const value = setting?.value.trim();
  if (!value) return null;
  const where = `COMMERCE_API_URL (${setting.source}) = ${JSON.stringify(value)}`;
  let problem = null;
  if (!URL.canParse(value) || !/^https?:$/.test(new URL(value).protocol)) {
    problem = `${where} is not an http(s) URL: every request will fail with a configuration error.`;
  } else {
    const url = new URL(value);
    if (url.search || url.hash || url.username || url.password) {
      problem = `${where} must have no query, fragment or credentials (use COMMERCE_API_USER/COMMERCE_API_PASSWORD): every request will fail.`;
    } else if (!/\/api$/.test(url.pathname.replace(/\/+$/, ''))) {
      problem = `${where} does not end in /api: pages will ask ${value.replace(/\/+$/, '')}/live-menus and the like, which an upstream Vitrine does not answer (every page then answers 503). Expected e.g. https://loja.example.com/api`;
    }
  }
  if (problem) console.warn(`\x1b[33m⚠ ${problem}\x1b[0m`);
  return problem;
}

/** `KEY = "value"` lines of wrangler.toml's [vars] table (and, unless `deployOnly`, .dev.vars / .env on top). */
export function readVars(dir = root, { deployOnly = false } = {}) {
  const vars = {};
  const toml = join(dir, 'wrangler.toml');
  const table = existsSync(toml) ? /^\[vars\]\s*$([\s\S]*?)(?=^\[|(?![\s\S]))/m.exec(readFileSync(toml, 'utf8')) : null;
  for (const m of table?.[1].matchAll(/^\s*([A-Z0-9_]+)\s*=\s*"((?:[^"\\]|\\.)*)"/gm) ?? [])
    vars[m[1]] = JSON.parse(`"${m[2]}"`);
  if (deployOnly) return vars;
  for (const file of ['.dev.vars', '.env']) {
    const path = join(dir, file);
    if (!existsSync(path)) continue;
    for (const m of readFileSync(path, 'utf8').matchAll(/^\s*([A-Z0-9_]+)\s*=\s*(.*?)\s*$/gm))
      vars[m[1]] = m[2].replace(/^(["'])(.*)\1$/, '$2');
    break; // wrangler reads .env only without .dev.vars
  }
  return vars;
}

/** The problems src/config-check.ts finds in `vars` (bundled on the fly: the scripts run plain Node). */
export async function configProblems(vars, options = {}) {
  const out = await build({
    entryPoints: [`${root}src/config-check.ts`],
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    write: false,
    logLevel: 'silent',
    mainFields: ['module', 'main'],
  });
  const mod = await import(`data:text/javascript;base64,${Buffer.from(out.outputFiles[0].text).toString('base64')}`);
  return mod.configProblems(vars, options);
}

/** Prints the problems of `dir`'s vars; answers them (empty: fine). */
export async function checkConfig(dir = root, options = {}) {
  const problems = await configProblems(readVars(dir, options), { secretsElsewhere: !!options.deployOnly });
  for (const problem of problems) console.error(`\x1b[31m✖ ${problem}\x1b[0m`);
  return problems;
}

if (process.argv[1] && new URL(import.meta.url).pathname === process.argv[1]) {
  const deploy = process.argv.includes('--deploy');
  const dir = process.argv.slice(2).find((a) => !a.startsWith('--')) ?? root;
  if (!deploy) checkCommerceApiUrl(dir);
  if ((await checkConfig(dir, { deployOnly: deploy })).length > 0) process.exit(1);
}
