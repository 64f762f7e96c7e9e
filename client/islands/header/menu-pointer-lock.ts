import { useCallback, useEffect, useRef, useState } from 'react';

/** Spec §9: a menu click disables pointer interaction on the menu for 2 seconds. */
export const MENU_POINTER_LOCK_MS = 2000;

/** `locked` drives a class with `pointer-events: none`; `lock()` (re)starts the 2 s window. */
export function useMenuPointerLock(): [locked: boolean, lock: () => void] {
  const [locked, setLocked] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const lock = useCallback(() => {
    clearTimeout(timer.current);
    setLocked(true);
    timer.current = setTimeout(() => setLocked(false), MENU_POINTER_LOCK_MS);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);
  return [locked, lock];
}

/** True when a click inside the menu landed on a link (the navigation itself is the link's own). */
export function isLinkClick(event: { target: EventTarget | null }): boolean {
  return event.target instanceof Element && event.target.closest('a[href]') !== null;
}
