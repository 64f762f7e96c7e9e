import { DELEGATED_CONTROLS } from './islands/delegated';

/**
 * A click inside an island, or on a control an island drives by delegation, before the islands hydrated would meet
 * the server's markup only (a link's full load, a form's plain POST, a button without its handler): it waits, and is
 * dispatched again once the islands are interactive. Only the last one counts; a modified or non-primary click keeps
 * its default. `within`: only clicks inside it (the `<main>` a client-side navigation swapped in); else the page's.
 */
export function holdClicks(within?: Element): (hydrated: Promise<unknown>) => void {
  let held: Element | null = null;
  const onClick = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target : null;
    if (!event.isTrusted || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if (!target?.closest(`[data-island], ${DELEGATED_CONTROLS}`) || (within && !within.contains(target))) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    held = target;
  };
  document.addEventListener('click', onClick, true);
  return (hydrated) =>
    void hydrated
      .catch(() => undefined)
      .then(() => {
        document.removeEventListener('click', onClick, true);
        if (held?.isConnected) held.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, composed: true }));
        held = null;
      });
}
