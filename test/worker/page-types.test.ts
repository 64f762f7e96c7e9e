import { beforeAll, describe, expect, it } from 'vitest';
import pageTypes from '../../src/pages/page-types.json';
import { lazyIslands } from '../../client/islands/lazy';
import { createCustomerSession, makeApp, seed } from './app-harness';

const { request } = makeApp();

/** The lazy islands a rendered page hydrates without interaction (their chunks load on every visit). */
function lazyIslandsOf(html: string): string[] {
  const names = [...html.matchAll(/<div data-island="(\w+)"/g)].map((m) => m[1]!);
  return [...new Set(names.filter((n) => n in lazyIslands))].sort();
}

type PageType = { path: string; islands: string[] };
const types = Object.entries(pageTypes).filter(([k]) => k !== '//') as [string, PageType][];

// npm run build sizes each page type's JS from src/pages/page-types.json: it must say what the pages render.
describe('page types of the build report', () => {
  beforeAll(() => seed());

  it.each(types)('%s renders exactly the lazy islands the build counts', async (type, spec) => {
    let path = spec.path;
    let cookie = '';
    if (type === 'product') {
      const listing = await (await request('/moda-praia')).text();
      path = listing.match(/href="(\/[^"?#]+\/p)"/)![1]!;
    }
    if (type === 'account') cookie = (await createCustomerSession()).cookie;
    const res = await request(path, { headers: cookie ? { Cookie: cookie } : {} });
    expect(res.status).toBe(200);
    expect(lazyIslandsOf(await res.text())).toEqual([...spec.islands].sort());
  });
});
