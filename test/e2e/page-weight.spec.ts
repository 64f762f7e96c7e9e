import type { Response } from '@playwright/test';
import { gzipSync } from 'node:zlib';
import pageTypes from '../../src/pages/page-types.json' with { type: 'json' };
import { fillCart, registerCustomer } from './checkout-helpers';
import { expect, test } from './fixtures';

type PageType = { path: string; withCart?: boolean; ceilingKb: number; atOnceCeilingKb?: number };
const types = Object.entries(pageTypes).filter(([k]) => k !== '//') as unknown as [string, PageType][];

/**
 * The bytes a script response cost on the wire: its encoded body (the server gzips for a browser), or, for a
 * response sent uncompressed, what gzip level 9 (as npm run build sizes the table) makes of it.
 */
async function wireBytes(response: Response): Promise<number> {
  if (response.headers()['content-encoding']) return (await response.request().sizes()).responseBodySize;
  return gzipSync(await response.body(), { level: 9 }).length;
}

// Issue 16: npm run build computes each page type's JS from the bundle's metafile; this checks the figure against
// what Chromium actually fetches when a shopper opens the page and does nothing: each page type within its ceiling,
// and no island hydrated (their code loads on the first interaction). A page type that hydrates at once (none now:
// the checkout did until issue 26) would name its `atOnceCeilingKb` and must have hydrated within it.
test.describe('JS a page fetches without interaction', () => {
  for (const [type, spec] of types) {
    const ceilingKb = spec.atOnceCeilingKb ?? spec.ceilingKb;
    test(`${type} stays within its ceiling of ${ceilingKb} KB gzip${spec.atOnceCeilingKb ? ', hydrated at once' : ''}`, async ({
      page,
      baseURL,
      request,
    }) => {
      let path = spec.path;
      if (type === 'product') {
        const listing = await (await request.get('/moda-praia')).text();
        path = listing.match(/href="(\/[^"?#]+\/p)"/)![1]!;
      }
      if (type === 'account') await registerCustomer(page, baseURL!);
      if (spec.withCart) await fillCart(page.request, baseURL!);
      // Outside the real-user measurement's sample (client/vitals.ts loads after the page, for a share of the views).
      await page.addInitScript(() => localStorage.setItem('vitals-sample', '0'));

      const scripts: Promise<{ url: string; bytes: number }>[] = [];
      page.on('response', (response) => {
        const type = response.headers()['content-type'] ?? '';
        if (response.request().method() === 'GET' && /javascript/.test(type)) {
          scripts.push(wireBytes(response).then((bytes) => ({ url: response.url(), bytes })));
        }
      });
      await page.goto(path, { waitUntil: 'networkidle' });
      expect(new URL(page.url()).pathname).toBe(new URL(path, baseURL).pathname);

      const fetched = await Promise.all(scripts);
      const total = fetched.reduce((sum, s) => sum + s.bytes, 0);
      expect(fetched.length, 'the entry script at least').toBeGreaterThan(0);
      expect(total, fetched.map((s) => `${s.url} ${s.bytes}`).join('\n')).toBeLessThanOrEqual(ceilingKb * 1024);
      await expect(page.locator('html[data-hydrated]')).toHaveCount(spec.atOnceCeilingKb ? 1 : 0);
    });
  }
});
