import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, hydrated, test } from './fixtures';

/**
 * Issue 14: a listing intermittently logged React #418/#424 and re-rendered a whole island on the client. The
 * bundle is an async module: on a slow connection it runs while the document is still streaming, and it used to
 * hydrate an island whose markup had only half arrived. Here a relay in front of the store delivers the listing's
 * HTML in two parts, pausing in the middle of the header island, long enough for the bundle to load and run.
 */
const PAUSE_MS = 1500;

async function relay(store: string, page: string): Promise<{ server: Server; origin: string }> {
  const server = createServer((req, res) => {
    void (async () => {
      const upstream = await fetch(store + req.url, {
        method: req.method,
        headers: { cookie: req.headers.cookie ?? '', accept: req.headers.accept ?? '*/*' },
        redirect: 'manual',
      });
      const headers: Record<string, string> = {};
      upstream.headers.forEach((value, name) => {
        if (!['content-length', 'content-encoding', 'transfer-encoding', 'connection'].includes(name))
          headers[name] = value;
      });
      res.writeHead(upstream.status, headers);
      const body = Buffer.from(await upstream.arrayBuffer());
      if (req.url !== page) return res.end(body);
      const html = body.toString('utf8');
      const island = html.indexOf('data-island="Header"');
      expect(island).toBeGreaterThan(0);
      const cut = Buffer.byteLength(html.slice(0, island + 4000));
      res.write(body.subarray(0, cut));
      setTimeout(() => res.end(body.subarray(cut)), PAUSE_MS);
    })().catch((error: unknown) => {
      res.writeHead(502);
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

test('a listing whose HTML arrives in two parts hydrates every island once, with no hydration error', async ({
  page,
  baseURL,
}) => {
  const { server, origin } = await relay(baseURL!, '/moda-praia');
  try {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(`${origin}/moda-praia`, { waitUntil: 'commit' });
    await hydrated(page);
    // The bundle arrived (and, an async module, ran) while the document was still loading.
    const timing = await page.evaluate(() => {
      const bundle = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find((e) =>
        /\/build\/.*\.js$/.test(e.name),
      );
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      return { bundle: bundle?.responseEnd ?? Infinity, parsed: nav.domInteractive };
    });
    expect(timing.bundle).toBeLessThan(timing.parsed);
    // The header hydrated whole: its menu opens.
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    await expect(page.locator('#menu-drawer')).toBeVisible();
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});
