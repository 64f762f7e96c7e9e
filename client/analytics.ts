/** The one place events reach `window.dataLayer` (GTM/GA4). */
export type DataLayerEvent = { event: string } & Record<string, unknown>;

declare global {
  interface Window {
    dataLayer?: DataLayerEvent[];
  }
}

export function track(event: DataLayerEvent): void {
  if (typeof window === 'undefined') return;
  (window.dataLayer ??= []).push(event);
}
