import type { CSSProperties } from 'react';

/**
 * Panels and the drawer start at `max(--menu-top, bottom of the header)`: 51 px on web (0 in the app)
 * unless the header bar ends lower (announcement strip, promotion banner). Measured when opening.
 */
export function menuAnchorStyle(el: Element | null): CSSProperties | undefined {
  // The <header> has no box (display: contents): its sticky bar is what ends where the drawer may start.
  const header = el?.closest('.site-header__bar') ?? el?.closest('header') ?? el;
  if (!header) return undefined;
  return { '--menu-anchor': `${Math.round(header.getBoundingClientRect().bottom)}px` } as CSSProperties;
}
