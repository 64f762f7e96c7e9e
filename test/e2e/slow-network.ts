import type { Page } from '@playwright/test';

/**
 * A slow network for what still comes from it (the HTML), while the hashed bundle a returning shopper has comes
 * from the browser cache (`/build/*` is immutable): React 19 hoists the async module script to the top of <head>,
 * so the bundle may run long before the parser reaches the bootstrap JSON further down the head.
 */
export async function slowNetwork(page: Page, bytesPerSecond = 32 * 1024): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: bytesPerSecond,
    uploadThroughput: -1,
  });
}
