import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';

/** The app webview's user agent (ADR 0004: the `VitrineApp/` token). */
export const APP_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Mobile Safari/537.36 VitrineApp/3.2.1';

export interface AppMessage {
  type: string;
  payload: Record<string, unknown>;
}

/**
 * A fake `window.ReactNativeWebView` that records every message the page posts: `__appMessages` per document,
 * and the tab's whole log in sessionStorage (what the app heard across full page loads, see `appLog`).
 */
export async function installFakeApp(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const w = window as unknown as { __appMessages: unknown[]; ReactNativeWebView: { postMessage(m: string): void } };
    w.__appMessages = [];
    w.ReactNativeWebView = {
      postMessage: (m: string) => {
        w.__appMessages.push(JSON.parse(m));
        const log = JSON.parse(sessionStorage.getItem('__appLog') ?? '[]') as unknown[];
        sessionStorage.setItem('__appLog', JSON.stringify([...log, JSON.parse(m)]));
      },
    };
  });
}

/** Every message of the given types the app has heard in this tab, page loads included. */
export const appLog = async (page: Page, ...types: string[]): Promise<AppMessage[]> =>
  ((await page.evaluate(() => JSON.parse(sessionStorage.getItem('__appLog') ?? '[]'))) as AppMessage[]).filter((m) =>
    types.includes(m.type),
  );

export const messages = (page: Page): Promise<AppMessage[]> =>
  page.evaluate(() => (window as unknown as { __appMessages: AppMessage[] }).__appMessages);

export const ofType = async (page: Page, type: string): Promise<AppMessage[]> =>
  (await messages(page)).filter((m) => m.type === type);

export const lastOf = async (page: Page, type: string): Promise<AppMessage | undefined> =>
  (await ofType(page, type)).at(-1);

/** Dispatches a message the way React Native WebView delivers `webView.postMessage(...)`. */
export async function sendFromApp(page: Page, message: { type: string; payload?: unknown }): Promise<void> {
  await page.evaluate((m) => document.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(m) })), message);
}

/** A product item with stock, found through the public API. */
export async function sellableItem(request: APIRequestContext): Promise<number> {
  const listing = (await (await request.get('/api/catalog/listing?slug=moda-praia')).json()) as {
    products: { slug: string }[];
  };
  for (const { slug } of listing.products) {
    const product = (await (await request.get(`/api/products/${slug}`)).json()) as {
      gift: boolean;
      skus: { productItemId: number; available: boolean; lastUnits: boolean }[];
    };
    const sku = !product.gift && product.skus.find((s) => s.available && !s.lastUnits);
    if (sku) return sku.productItemId;
  }
  throw new Error('no sellable item in moda-praia');
}
