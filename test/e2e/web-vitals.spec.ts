import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * What the page handed to sendBeacon, kept in sessionStorage across the navigation that sends it (a beacon's Blob body
 * is not visible to the test's request events), and the /api/rum requests the page made.
 */
async function recordBeacons(
  page: Page,
): Promise<{ bodies: () => Promise<Record<string, unknown>[]>; requests: string[] }> {
  await page.addInitScript(() => {
    const parts = new WeakMap<Blob, string>();
    const NativeBlob = Blob;
    window.Blob = class extends NativeBlob {
      constructor(content?: BlobPart[], options?: BlobPropertyBag) {
        super(content, options);
        parts.set(this, (content ?? []).map(String).join(''));
      }
    };
    const send = navigator.sendBeacon.bind(navigator);
    navigator.sendBeacon = (url, data) => {
      const sent = JSON.parse(sessionStorage.getItem('beacons') ?? '[]') as string[];
      sessionStorage.setItem(
        'beacons',
        JSON.stringify([...sent, data instanceof Blob ? (parts.get(data) ?? '') : String(data)]),
      );
      return send(url, data);
    };
  });
  const requests: string[] = [];
  page.on('request', (r) => new URL(r.url()).pathname === '/api/rum' && requests.push(r.url()));
  const bodies = async () =>
    (JSON.parse((await page.evaluate(() => sessionStorage.getItem('beacons'))) ?? '[]') as string[]).map(
      (b) => JSON.parse(b) as Record<string, unknown>,
    );
  return { bodies, requests };
}

/**
 * Real-user measurement (client/vitals.ts, src/commerce/site/rum.ts): a sampled page view reports LCP, INP and CLS as beacons
 * when the page is left, with the route pattern and nothing personal. `vitals-sample` makes this browser sampled.
 */
test('a sampled page view reports LCP, INP and CLS when it is left, with its route pattern only', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('vitals-sample', '1'));
  const beacons = await recordBeacons(page);
  await page.goto('/moda-praia?pagina=1');
  await page.waitForLoadState('load');
  // An interaction, for INP: the first keystroke in search.
  await page.getByRole('combobox', { name: 'Buscar produtos' }).click();
  await page.keyboard.type('b');
  // The interaction's entry exists once its next frame is presented: leave after that, as a shopper would.
  await expect(page.getByRole('combobox', { name: 'Buscar produtos' })).toHaveValue('b');
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 300)))),
  );
  await page.goto('/entregas');
  await expect.poll(async () => (await beacons.bodies()).map((b) => b.name).sort()).toEqual(['CLS', 'INP', 'LCP']);
  for (const body of await beacons.bodies()) {
    expect(Object.keys(body).sort()).toEqual(['name', 'navigation', 'rating', 'route', 'value']);
    expect(body.route).toMatch(/^\/:/);
    expect(JSON.stringify(body)).not.toContain('moda-praia');
  }
  // The server takes each as sent (a refused beacon would also be a console error, which fails every test here).
  for (const body of await beacons.bodies()) {
    const answer = await page.request.post('/api/rum', { data: body, headers: { origin: new URL(page.url()).origin } });
    expect(answer.status()).toBe(204);
  }
});

test('a page view outside the sample loads nothing for it and sends nothing', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('vitals-sample', '0'));
  const beacons = await recordBeacons(page);
  await page.goto('/moda-praia');
  await page.waitForLoadState('load');
  await page.goto('/entregas');
  await page.waitForLoadState('load');
  expect(await beacons.bodies()).toEqual([]);
  expect(beacons.requests).toEqual([]);
});
