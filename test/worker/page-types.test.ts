import { beforeAll, describe, expect, it } from 'vitest';
import pageTypes from '../../src/pages/page-types.json';
import { pageScripts } from '../../client/page-scripts';
import { createCustomerSession, makeApp, oneUnitCart, seed } from './app-harness';

const app = makeApp();
const { request } = app;

/** The page scripts a rendered page runs without interaction (their chunks load on every visit). */
function pageScriptsOf(html: string): string[] {
  const names = [...html.matchAll(/<script type="application\/json" data-page-script="(\w+)"/g)].map((m) => m[1]!);
  return [...new Set(names)].sort();
}

type PageType = { path: string; withCart?: boolean; pageScripts: string[] };

const types = Object.entries(pageTypes).filter(([k]) => k !== '//') as unknown as [string, PageType][];

// npm run build sizes each page type's JS from src/pages/page-types.json: it must say what the pages render.
describe('page types of the build report', () => {
  beforeAll(() => seed());

  it.each(types)('%s renders exactly the page scripts the build counts', async (type, spec) => {
    let path = spec.path;
    let cookie = '';
    if (type === 'product') {
      const listing = await (await request('/moda-praia')).text();
      path = listing.match(/href="(\/[^"?#]+\/p)"/)![1]!;
    }
    if (type === 'account') cookie = (await createCustomerSession()).cookie;
    if (spec.withCart) cookie = (await oneUnitCart(app)).cookie;
    const res = await request(path, { headers: cookie ? { Cookie: cookie } : {} });
    expect(res.status).toBe(200);
    const html = await res.text();
    const names = pageScriptsOf(html);
    expect(names).toEqual([...spec.pageScripts].sort());
    for (const name of names) expect(name in pageScripts).toBe(true);
    // The page still renders its islands (hydrated on the first interaction, not counted).
    expect(html).toContain('<div data-island="');
  });
});
