import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import type { NavItem } from '../../src/lib/menu/nav';
import type { HeaderWireProps } from '../../src/ui/header/types';
import { createCustomerSession, islandProps, makeApp, seed } from './app-harness';
import { countTrips } from './d1-trips';

const { request } = makeApp();
const APP_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Mobile VitrineApp/3.2.1';

const version = async () =>
  (await env.DB.prepare('SELECT version FROM content_version WHERE id = 1').first<{ version: number }>())!.version;

async function wireOf(path: string): Promise<{ html: string; wire: HeaderWireProps }> {
  const html = await (await request(path)).text();
  const wire = islandProps<HeaderWireProps>(html, 'Header');
  if (!wire) throw new Error(`no Header island on ${path}`);
  return { html, wire };
}

describe('the header menu, out of the page (issue 16)', () => {
  beforeAll(() => seed());

  it('the page carries no menu JSON, only where it is, at its content version, and prefetches it', async () => {
    const { html, wire } = await wireOf('/entregas');
    expect(wire).not.toHaveProperty('menu');
    expect(wire.menuUrl).toBe(`/header-menu.json?v=${await version()}`);
    expect(html).toContain(`<link rel="prefetch" href="${wire.menuUrl}"/>`);
    // The header's markup still shows the whole menu.
    const menu = (await (await request(wire.menuUrl)).json()) as NavItem[];
    expect(menu.length).toBeGreaterThan(3);
    for (const item of menu) expect(html).toContain(`href="${item.href}"`);
  });

  it('is cacheable when asked at the current version, and only then', async () => {
    const current = await version();
    const res = await request(`/header-menu.json?v=${current}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
    for (const path of [`/header-menu.json?v=${current - 1}`, '/header-menu.json', '/header-menu.json?v=x%00y']) {
      const other = await request(path);
      expect(other.status, path).toBe(200);
      expect(other.headers.get('cache-control'), path).toBe('no-store');
      expect(((await other.json()) as NavItem[]).map((m) => m.name)).toContain('Moda Praia');
    }
  });

  it('a menu change moves the page to a new URL, which answers the new menu', async () => {
    const before = (await wireOf('/entregas')).wire.menuUrl;
    await env.DB.prepare(
      "UPDATE menu_items SET name = 'Moda Praia 2027' WHERE name = 'Moda Praia' AND depth = 0",
    ).run();
    try {
      const after = (await wireOf('/entregas')).wire.menuUrl;
      expect(after).not.toBe(before);
      const menu = (await (await request(after)).json()) as NavItem[];
      expect(menu.map((m) => m.name)).toContain('Moda Praia 2027');
    } finally {
      await env.DB.prepare("UPDATE menu_items SET name = 'Moda Praia' WHERE name = 'Moda Praia 2027'").run();
    }
  });

  it('only a page with the web header reads the content version for it: the app layout does not', async () => {
    const { cookie } = await createCustomerSession(); // a signed-in page: private, so no edge cache read either
    const counted = countTrips(env.DB);
    const app = makeApp({ DB: counted.db });
    const readsVersion = async (headers: Record<string, string>) => {
      counted.reset();
      const res = await app.request('/entregas', { headers });
      expect(res.status).toBe(200);
      await res.text();
      return counted.sql().some((sql) => sql.includes('FROM content_version'));
    };
    expect(await readsVersion({ cookie })).toBe(true);
    expect(await readsVersion({ cookie, 'user-agent': APP_UA })).toBe(false);
  });
});
