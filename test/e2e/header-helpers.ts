import type { Page } from '@playwright/test';
import { expect, hydrated } from './fixtures';

/**
 * `html[data-hydrated]` is set as soon as hydration starts. A focus that toggles the search box's
 * active class proves the header island has committed and its mount effects (timers) have run:
 * React flushes pending passive effects before it renders a new update.
 */
export async function headerReady(page: Page): Promise<void> {
  await hydrated(page);
  const search = page.getByRole('combobox', { name: 'Buscar produtos' });
  const form = page.getByRole('search');
  await search.focus();
  await expect(form).toHaveClass(/search-box--active/);
  await search.blur();
  await expect(form).not.toHaveClass(/search-box--active/);
}

/**
 * Lets React finish work scheduled outside the (faked) timers: its scheduler posts MessageChannel
 * tasks, so two round trips through a MessageChannel run after any commit and passive-effect flush.
 */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let i = 0; i < 2; i++) {
      await new Promise<void>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve();
        channel.port2.postMessage(null);
      });
    }
  });
}

/** Installs the fake clock at `time` and freezes it there, so only runFor() moves it. Call before goto. */
export async function frozenClock(page: Page, time: number): Promise<void> {
  await page.clock.install({ time: time - 1000 });
  await page.clock.pauseAt(time);
}
