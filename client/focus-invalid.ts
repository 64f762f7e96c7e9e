import { useEffect, useRef } from 'react';

/**
 * After a refused submit, focus goes to the first field marked invalid (`aria-invalid="true"`) inside `root`.
 * Call `focusInvalid()` where the errors are set: the focus moves once they are on screen.
 */
export function useFocusFirstInvalid<T extends HTMLElement>() {
  const root = useRef<T>(null);
  const pending = useRef(false);
  // Every render: the one that shows the errors is the one after `focusInvalid()`.
  useEffect(() => {
    if (!pending.current) return;
    pending.current = false;
    root.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  });
  return {
    root,
    focusInvalid: () => {
      pending.current = true;
    },
  };
}
