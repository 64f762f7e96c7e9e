import { answerHeldClick } from './first-answers';
import { DELEGATED_CONTROLS } from './islands/common/delegated';

/** At most this many clicks wait for the islands: a shopper's taps while the code loads, not a stuck finger. */
const HELD_CLICKS_MAX = 5;

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * A click inside an island, or on a control an island drives by delegation, before the islands hydrated would meet
 * the server's markup only (a link's full load, a form's plain POST, a button without its handler): it waits, and is
 * dispatched again once the islands are interactive. Its visible answer shows at once where plain DOM can give it
 * (client/first-answers.ts: a size chosen, the phone menu open). Every held click is replayed in the order the shopper
 * made them, each in its own task (so what one changes has rendered before the next: a size, then "Adicionar à
 * sacola"); a modified or non-primary click keeps its default. The header's clocks are plain DOM, live before
 * hydration: a click on one (the strip's pause, `[data-clock]`) is theirs. `within`: only clicks inside it (the
 * `<main>` a client-side navigation swapped in); else the page's.
 */
export function holdClicks(within?: Element): (hydrated: Promise<unknown>) => void {
  /** Each held click's target, and what takes back its plain-DOM answer's stand-in (if any) as it is replayed. */
  const held: [Element, (() => void) | undefined][] = [];
  const onClick = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target : null;
    if (!event.isTrusted || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
      return;
    if (!target?.closest(`[data-island], ${DELEGATED_CONTROLS}`) || target.closest('[data-clock]')) return;
    if (within && !within.contains(target)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (held.length >= HELD_CLICKS_MAX) return;
    held.push([target, answerHeldClick(target)]);
  };
  document.addEventListener('click', onClick, true);
  return (hydrated) =>
    void hydrated
      .catch(() => undefined)
      .then(async () => {
        document.removeEventListener('click', onClick, true);
        for (const [target, takeBack] of held.splice(0)) {
          // In the replay's task: the island's own answer takes over from the stand-in before a frame shows.
          takeBack?.();
          if (target.isConnected)
            target.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, composed: true }));
          await nextTask();
        }
      });
}
