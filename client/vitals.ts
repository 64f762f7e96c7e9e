import { onCLS, onINP, onLCP, type Metric } from 'web-vitals';

/** Where a sampled page view reports its vitals (src/commerce/site/rum.ts). */
export const RUM_ENDPOINT = '/api/rum';

/**
 * Real-user measurement: a sampled page view reports its Largest Contentful Paint, Interaction to Next Paint and
 * Cumulative Layout Shift once each is final (web-vitals sends them when the page is hidden), as a beacon that
 * survives the page going away. Nothing personal: the metric, its value and rating, the page's route pattern and
 * whether it was a reload or a back/forward visit.
 */
export function reportVitals(route: string): void {
  const send = (metric: Metric) => {
    const body = JSON.stringify({
      name: metric.name,
      value: Math.round(metric.value * 1000) / 1000,
      rating: metric.rating,
      route,
      navigation: metric.navigationType,
    });
    navigator.sendBeacon(RUM_ENDPOINT, new Blob([body], { type: 'application/json' }));
  };
  onLCP(send);
  onINP(send);
  onCLS(send);
}
