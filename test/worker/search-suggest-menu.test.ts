import { env } from 'cloudflare:workers';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { embeddedSearch } from '../../src/commerce/search/embedded';
import type { Suggestions } from '../../src/contracts/catalog';
import type { RequestLogLine } from '../../src/http/middleware/request-log';
import { makeApp, seed, type TestApp } from './app-harness';
import { countTrips } from './d1-trips';

/**
 * A suggest takes its categories from the top menu the isolate holds for the content version its products were read
 * at (the menu changes only with that version: ADR 0018), so a stored suggest is one D1 round trip. The isolate holds
 * the menu per D1 binding: each test hands in a binding of its own (a wrapper of env.DB), which holds nothing yet.
 */
const version = async () =>
  (await env.DB.prepare('SELECT version FROM content_version WHERE id = 1').first<{ version: number }>())!.version;
const readsMenu = (sql: string[]) => sql.some((s) => s.includes('menu_items'));
const rename = (from: string, to: string) =>
  env.DB.prepare('UPDATE menu_items SET name = ?2 WHERE name = ?1').bind(from, to).run();

/** `db`, except that its menu reads fail while `down.menu` is set. */
function menuDown(db: D1Database, down: { menu: boolean }): D1Database {
  return new Proxy(db, {
    get(target, prop) {
      if (prop === 'prepare')
        return (sql: string) =>
          down.menu && sql.includes('menu_items') ? target.prepare('SELECT * FROM no_such_table') : target.prepare(sql);
      const value = Reflect.get(target, prop, target) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** GET /api/search/suggest on `app`: its answer, and the D1 statements its request log line counts. */
async function suggestOver(app: TestApp, q: string): Promise<{ body: Suggestions; d1Queries: number }> {
  const logs = vi.spyOn(console, 'log').mockImplementation(() => {});
  const res = await app.request(`/api/search/suggest?q=${encodeURIComponent(q)}`);
  expect(res.status).toBe(200);
  const body = (await res.json()) as Suggestions;
  const lines = logs.mock.calls
    .map((args) => JSON.parse(String(args[0])) as RequestLogLine)
    .filter((l) => l.type === 'request');
  logs.mockRestore();
  expect(lines).toHaveLength(1);
  return { body, d1Queries: lines[0]!.d1Queries };
}

describe('search suggestions keep the top menu per content version (ADR 0018)', () => {
  beforeAll(() => seed());
  afterEach(() => vi.restoreAllMocks());

  it('a second suggest at the same content version is one D1 round trip: the menu is not read again', async () => {
    const counted = countTrips(env.DB);
    const search = embeddedSearch(counted.db);
    const first = await search.suggest('biq'); // products computed and stored; the menu read, and held
    expect(first.categories).toContainEqual({ name: 'Biquínis', href: '/moda-praia/biquinis' });
    expect(readsMenu(counted.sql())).toBe(true);
    counted.reset();
    expect(await search.suggest('biq')).toEqual(first);
    expect(counted.trips(), counted.sql().join('\n')).toBe(1);
    expect(readsMenu(counted.sql())).toBe(false);
  });

  it("the request log counts the menu read only on a binding's first suggest at a version", async () => {
    const app = makeApp({ DB: countTrips(env.DB).db });
    await suggestOver(app, 'maio'); // products computed and stored; the menu read, and held
    const held = await suggestOver(app, 'maio');
    // The same stored products through another binding, which holds no menu: the menu is read.
    const unheld = await suggestOver(makeApp({ DB: countTrips(env.DB).db }), 'maio');
    expect(held.body).toEqual(unheld.body);
    expect(held.body.categories).toContainEqual({ name: 'Maiôs', href: '/moda-praia/maios' });
    expect(held.d1Queries).toBe(unheld.d1Queries - 1);
  });

  it('after a menu change the next suggest shows the new category name', async () => {
    const { request } = makeApp(); // the app's own binding, as in production
    const names = async () => ((await (await request('/api/search/suggest?q=vest')).json()) as Suggestions).categories;
    expect(await names()).toContainEqual({ name: 'Vestidos', href: '/moda/vestidos' });
    const before = await version();
    await rename('Vestidos', 'Vestidos de festa');
    expect(await version()).toBeGreaterThan(before); // the menu_items trigger of migration 0016
    const after = await names();
    expect(after).toContainEqual({ name: 'Vestidos de festa', href: '/moda/vestidos' });
    expect(after).not.toContainEqual({ name: 'Vestidos', href: '/moda/vestidos' });
  });

  it('a suggest read at an older version (a lagging replica) does not replace the newer menu held', async () => {
    const counted = countTrips(env.DB);
    const search = embeddedSearch(counted.db);
    await search.suggest('biq'); // held at the current version
    // The same binding through a "replica" one version behind: its products are read at an older version.
    const lagging = new Proxy(counted.db, {
      get(target, prop) {
        if (prop === 'prepare')
          return (sql: string) => target.prepare(sql.replace('SELECT v.version,', 'SELECT v.version - 1 AS version,'));
        const value = Reflect.get(target, prop, target) as unknown;
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    await embeddedSearch(lagging, counted.db).suggest('biq');
    counted.reset();
    await embeddedSearch(counted.db).suggest('biq');
    expect(readsMenu(counted.sql()), counted.sql().join('\n')).toBe(false);
  });

  it('a failed menu read gives no categories and is not held: the next suggest reads the menu', async () => {
    const down = { menu: true };
    const counted = countTrips(menuDown(env.DB, down));
    const search = embeddedSearch(counted.db);
    const failed = await search.suggest('biq');
    expect(failed.products.length).toBeGreaterThan(0);
    expect(failed.categories).toEqual([]);
    down.menu = false;
    counted.reset();
    expect((await search.suggest('biq')).categories).toContainEqual({ name: 'Biquínis', href: '/moda-praia/biquinis' });
    expect(readsMenu(counted.sql())).toBe(true);
  });
});
