import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { commerceApiUrlWarning, parseConfig, type Bindings } from '../../src/env';

const root = new URL('../../', import.meta.url).pathname;

const SCRIPT = `${root}scripts/config-check.mjs`;

function project(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'config-check-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

/** `checkCommerceApiUrl(dir)` over a project with these files, in a fresh Node: the problem it answers. */
function check(files: Record<string, string>): string {
  const code = `import(${JSON.stringify(SCRIPT)}).then((m) => process.stdout.write(String(m.checkCommerceApiUrl(${JSON.stringify(project(files))}))))`;
  return execFileSync(process.execPath, ['-e', code], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
}

const TOML = (url: string) =>
  `name = "vitrine"\n# COMMERCE_API_URL = "commented"\n[vars]\nPRODUCT_NAME = "vitrine"\nCOMMERCE_API_URL = "${url}"\n\n[triggers]\ncrons = []\n`;

describe('scripts/config-check.mjs (npm start warns before serving)', () => {
  it('says nothing when COMMERCE_API_URL is unset or ends in /api', () => {
    expect(check({ 'wrangler.toml': '[vars]\nPRODUCT_NAME = "vitrine"\n' })).toBe('null');
    expect(check({ 'wrangler.toml': TOML('https://loja.example.com/api') })).toBe('null');
    expect(check({ '.dev.vars': 'COMMERCE_API_URL=https://loja.example.com/api/\n' })).toBe('null');
  });

  it('warns about a base URL missing its /api suffix, naming the file it came from', () => {
    const out = check({ 'wrangler.toml': TOML('https://loja.example.com') });
    expect(out).toMatch(
      /^COMMERCE_API_URL \(wrangler\.toml \[vars\]\) = "https:\/\/loja\.example\.com" does not end in \/api/,
    );
  });

  it('prints the warning when run on its own (as npm start does before serving)', () => {
    const run = spawnSync(
      process.execPath,
      [SCRIPT, project({ '.dev.vars': 'COMMERCE_API_URL=http://127.0.0.1:9000\n' })],
      { encoding: 'utf8' },
    );
    expect(run.status).toBe(0);
    expect(run.stderr).toContain('⚠ COMMERCE_API_URL (.dev.vars) = "http://127.0.0.1:9000" does not end in /api');
  });

  it('lets .dev.vars override wrangler.toml, as wrangler dev does', () => {
    const out = check({
      'wrangler.toml': TOML('https://loja.example.com/api'),
      '.dev.vars': 'COMMERCE_API_URL="ftp://loja.example.com/api"\n',
    });
    expect(out).toMatch(
      /^COMMERCE_API_URL \(\.dev\.vars\) = "ftp:\/\/loja\.example\.com\/api" is not an http\(s\) URL/,
    );
  });

  it.each(['not a url', 'https://loja:segredo@loja.example.com/api', 'https://loja.example.com/api?key=1'])(
    'warns about %s, which the worker refuses',
    (url) => {
      expect(check({ '.dev.vars': `COMMERCE_API_URL=${url}\n` })).toMatch(/^COMMERCE_API_URL \(\.dev\.vars\)/);
    },
  );
});

describe('the worker reports a COMMERCE_API_URL without /api when it validates its config', () => {
  afterEach(() => vi.restoreAllMocks());

  it('names the variable once per isolate (config cache), and not for a base ending in /api', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const env = { COMMERCE_API_URL: 'https://loja.example.com/v1' } as Bindings;
    parseConfig(env);
    parseConfig(env);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toContain(
      'COMMERCE_API_URL (https://loja.example.com/v1) does not end in /api',
    );
    parseConfig({ COMMERCE_API_URL: 'https://loja.example.com/api' } as Bindings);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(commerceApiUrlWarning('https://loja.example.com/api/')).toBeNull();
  });
});

describe('scripts/config-check.mjs --deploy (npm run deploy and check:deploy refuse a bad var)', () => {
  const PAYPAL = (webhookId: string) =>
    `[vars]\nPRODUCT_NAME = "vitrine"\nPAYPAL_API_URL = "https://api-m.paypal.com"\nPAYPAL_CLIENT_ID = "abc123"\nPAYPAL_WEBHOOK_ID = "${webhookId}"\n`;
  const run = (dir: string, ...args: string[]) =>
    spawnSync(process.execPath, [`${root}scripts/config-check.mjs`, ...args, dir], { encoding: 'utf8' });

  it('fails on an invalid PAYPAL_WEBHOOK_ID in wrangler.toml, naming it', () => {
    const res = run(project({ 'wrangler.toml': PAYPAL('não é um id!') }), '--deploy');
    expect(res.status).toBe(1);
    expect(res.stderr).toContain('PAYPAL_WEBHOOK_ID: must be the webhook id PayPal printed');
  });

  it('passes a valid one whose client secret is a secret (set apart, not in [vars])', () => {
    const res = run(project({ 'wrangler.toml': PAYPAL('8PT597110X687430LKGECATA') }), '--deploy');
    expect(res.stderr).toBe('');
    expect(res.status).toBe(0);
  });

  it('before npm start, .dev.vars holds the secrets too: half a provider fails', () => {
    const res = run(project({ 'wrangler.toml': PAYPAL('8PT597110X687430LKGECATA'), '.dev.vars': 'REDE_PV=123\n' }));
    expect(res.status).toBe(1);
    expect(res.stderr).toContain('paypal: set PAYPAL_CLIENT_SECRET too');
    expect(res.stderr).toContain('rede: set REDE_API_URL, REDE_TOKEN too');
  });
});
