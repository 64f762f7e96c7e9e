import type { Page } from '@playwright/test';
import { expect, hydrated, test } from './menu-fixtures';

// A client-side navigation waits for the next page's streamed HTML; the shared dev server can be slow.
const NAV = { timeout: 15_000 };

test.use({ viewport: { width: 1280, height: 900 } });

async function openPanel(page: Page, entry: string, id: number) {
  await page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: entry, exact: true })
    .hover();
  const panel = page.locator(`#menu-panel-${id}`);
  await expect(panel).toBeVisible();
  return panel;
}

/** Marks the window: a client-side navigation keeps the mark, a full page load loses it. */
const mark = (page: Page) => page.evaluate(() => ((window as unknown as { menuMark: number }).menuMark = 1));
const marked = (page: Page) => page.evaluate(() => (window as unknown as { menuMark?: number }).menuMark === 1);

test.describe('menu click rules', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
  });

  test('url and destination flag: Lookbook opens /live-app in a new tab', async ({ page }) => {
    const link = (await openPanel(page, 'Moda', 1001)).getByRole('link', { name: 'Lookbook' });
    await expect(link).toHaveAttribute('rel', 'noopener');
    const [popup] = await Promise.all([page.waitForEvent('popup'), link.click()]);
    await popup.waitForLoadState();
    expect(new URL(popup.url()).pathname).toBe('/live-app');
    await expect(page).toHaveURL(/\/$/);
  });

  test('link type without url: Guia de medidas opens its slug in a new tab', async ({ page }) => {
    const link = (await openPanel(page, 'Moda', 1001)).getByRole('link', { name: 'Guia de medidas' });
    const [popup] = await Promise.all([page.waitForEvent('popup'), link.click()]);
    await popup.waitForLoadState();
    expect(new URL(popup.url()).pathname).toBe('/guia-de-medidas');
    await expect(page).toHaveURL(/\/$/);
  });

  test('url alone: Novidades navigates in the same tab to /novidades', async ({ page }) => {
    await mark(page);
    await page
      .getByRole('navigation', { name: 'Menu principal' })
      .getByRole('link', { name: 'Novidades', exact: true })
      .click();
    await expect(page).toHaveURL(/\/novidades$/, NAV);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Novidades');
    expect(await marked(page)).toBe(true);
  });

  test('no url: Biquínis navigates client-side to its slug and closes the panel', async ({ page }) => {
    await mark(page);
    const panel = await openPanel(page, 'Moda Praia', 958);
    await panel.getByRole('link', { name: 'Biquínis' }).click();
    await expect(page).toHaveURL(/\/moda-praia\/biquinis$/, NAV);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Biquínis');
    await expect(panel).toBeHidden();
    expect(await marked(page)).toBe(true);
  });
});

test('a menu click disables pointer interaction on the menu for 2 s', async ({ page }) => {
  await page.clock.install();
  await page.goto('/');
  await hydrated(page);
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);

  const nav = page.getByRole('navigation', { name: 'Menu principal' });
  const entry = nav.getByRole('link', { name: 'Moda Praia', exact: true });
  const panel = await openPanel(page, 'Moda Praia', 958);
  await expect(nav).toHaveCSS('pointer-events', 'auto');
  await panel.getByRole('link', { name: 'Maiôs' }).click();
  await expect(page).toHaveURL(/\/moda-praia\/maios$/, NAV);
  await expect(panel).toBeHidden();
  await expect(nav).toHaveCSS('pointer-events', 'none');

  // Hovering the entry while locked opens nothing.
  const box = (await entry.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.clock.runFor(1990);
  await expect(nav).toHaveCSS('pointer-events', 'none');
  await expect(panel).toBeHidden();

  await page.clock.runFor(10);
  await expect(nav).toHaveCSS('pointer-events', 'auto');
  await page.mouse.move(box.x + box.width / 2 + 2, box.y + box.height / 2);
  await expect(panel).toBeVisible();
});
