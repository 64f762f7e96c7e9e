import type { APIRequestContext } from '@playwright/test';
import { expect, hydrated, test } from './fixtures';
import { frozenClock, headerReady, settle } from './header-helpers';

async function promotionEnd(request: APIRequestContext): Promise<number> {
  const params = (await (await request.get('/api/parameters')).json()) as { key: string; value: string }[];
  const raw = params.find((p) => p.key === 'start_hours_promotion')?.value;
  expect(raw, 'seeded start_hours_promotion').toBeTruthy();
  return Date.parse(raw!);
}

test.describe('promotion banner', () => {
  test('shows the sanitised text, a days countdown, the coupon, the main and the WhatsApp buttons', async ({
    page,
  }) => {
    await page.goto('/entregas');
    await hydrated(page);
    const promo = page.getByRole('region', { name: 'Promoção' });
    await expect(promo).toContainText('Semana do Verão:');
    await expect(promo.locator('.promo__text strong')).toHaveText('Semana do Verão:');
    // Seeded to end in five days: days shown, then hh:mm:ss.
    await expect(promo.locator('.promo__timer')).toHaveText(/^Termina em [1-5]d \d{2}:\d{2}:\d{2}$/);
    await expect(promo.getByRole('button', { name: 'Copiar cupom VERAO10' })).toHaveText('VERAO10');
    await expect(promo.getByRole('link', { name: 'Aproveitar' })).toHaveAttribute('href', '/moda-praia');
    const whatsapp = promo.getByRole('link', { name: 'Comprar pelo WhatsApp' });
    await expect(whatsapp).toHaveAttribute('href', /^https:\/\/api\.whatsapp\.com\/send/);
    await expect(whatsapp).toHaveAttribute('target', '_blank');
    await expect(whatsapp).toHaveAttribute('rel', /noopener/);
  });

  test('counts down every second without days under one day', async ({ page, request }) => {
    const endsAt = await promotionEnd(request);
    await frozenClock(page, endsAt - ((2 * 60 + 3) * 60 + 4) * 1000);
    await page.goto('/entregas');
    await headerReady(page);
    const timer = page.locator('.promo__timer');
    await expect(timer).toHaveText('Termina em 02:03:04');
    await page.clock.runFor(1000);
    await expect(timer).toHaveText('Termina em 02:03:03');
    await settle(page);
    await page.clock.runFor(1000);
    await expect(timer).toHaveText('Termina em 02:03:02');
  });

  test('vanishes when the countdown expires', async ({ page, request }) => {
    const endsAt = await promotionEnd(request);
    await frozenClock(page, endsAt - 3000);
    await page.goto('/entregas');
    await headerReady(page);
    const promo = page.getByRole('region', { name: 'Promoção' });
    await expect(promo.locator('.promo__timer')).toHaveText('Termina em 00:00:03');
    await page.clock.runFor(1000);
    await expect(promo.locator('.promo__timer')).toHaveText('Termina em 00:00:02');
    await settle(page);
    await page.clock.runFor(1000);
    await expect(promo.locator('.promo__timer')).toHaveText('Termina em 00:00:01');
    await settle(page);
    await page.clock.runFor(1000);
    await expect(promo).toHaveCount(0);
    // The rest of the header stays.
    await expect(page.getByRole('link', { name: 'Vitrine, página inicial' })).toBeVisible();
  });

  test('is gone at once when the client clock is already past the end', async ({ page, request }) => {
    const endsAt = await promotionEnd(request);
    await frozenClock(page, endsAt + 60_000);
    await page.goto('/entregas');
    await headerReady(page);
    await expect(page.getByRole('region', { name: 'Promoção' })).toHaveCount(0);
  });

  test('copies the coupon and reads "copiado!" for 2 seconds', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await frozenClock(page, Date.UTC(2026, 10, 20, 15, 0, 0));
    await page.goto('/entregas');
    await headerReady(page);
    const button = page.locator('.promo__coupon');
    await expect(button).toHaveText('VERAO10');
    await button.click();
    await expect(button).toHaveText('copiado!');
    await expect(page.getByRole('status').filter({ hasText: 'Cupom VERAO10 copiado' })).toHaveCount(1);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('VERAO10');
    await settle(page);
    await page.clock.runFor(1900);
    await settle(page);
    await expect(button).toHaveText('copiado!');
    await page.clock.runFor(100);
    await expect(button).toHaveText('VERAO10');
    await expect(button).toHaveAccessibleName('Copiar cupom VERAO10');
  });
});
