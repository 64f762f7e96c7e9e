// `checkCommerceApiUrl()`: before serving, warn about a COMMERCE_API_URL the worker would refuse or
// that points at the wrong place (the worker's rules: src/env.ts, ADR 0007). `node scripts/config-check.mjs [dir]`
// runs it alone. Reads what `wrangler dev` reads: .dev.vars (or .env), then wrangler.toml [vars].
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

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

if (process.argv[1] && new URL(import.meta.url).pathname === process.argv[1]) {
  checkCommerceApiUrl(process.argv[2] ?? root);
}
