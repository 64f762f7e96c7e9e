import type { CSSProperties } from 'react';

/**
 * Panels and the drawer start at `max(--menu-top, bottom of the header)`: 51 px on web (0 in the app)
 * unless the header bar ends lower (announcement strip, promotion banner). Measured when opening.
 */
export function menuAnchorStyle(el: Element | null): CSSProperties | undefined {
  const header = el?.closest('header') ?? el;
  if (!header) return undefined;
  return { '--menu-anchor': `${Math.round(header.getBoundingClientRect().bottom)}px` } as CSSProperties;
}
