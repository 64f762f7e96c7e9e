/**
 * The brand's app opens the store in a webview whose user agent carries this product token
 * (ADR 0004): the server knows app mode before rendering, so nothing flashes.
 */
export const APP_UA_TOKEN = 'VitrineApp/';

export function isAppUserAgent(userAgent: string | undefined | null): boolean {
  return !!userAgent && userAgent.includes(APP_UA_TOKEN);
}
