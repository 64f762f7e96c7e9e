import { countdownParts, formatCountdown, untilNextSecond } from '../src/lib/format/countdown';
import { DAY_MS } from '../src/lib/format/day';
import {
  ANNOUNCEMENT_DWELL_MS,
  ANNOUNCEMENT_TRANSITION_MS,
  SEARCH_HINT_MS,
  SEARCH_HINTS,
  STRIP_LABELS,
} from '../src/ui/header/clocks';

/**
 * What moves in the header without anyone touching the page (spec §2, §9): the announcement strip, the promotion
 * banner's countdown (and its end) and the search hints. Plain DOM in the entry, running from the first paint
 * (ADR 0024): the islands load on the first interaction, and a page must not stand still until then. The Header
 * island renders the same markup and never changes it afterwards, so there is nothing to hand over on hydration.
 * Each clock marks its root `data-clock`, which the entry's click holder lets through (the strip's pause button).
 */

const ITEM = 'announcement__item';

/** The strip: one message held `ANNOUNCEMENT_DWELL_MS`, then the next slides in; paused on hover, focus or the button. */
function startStrip(strip: HTMLElement): void {
  const items = Array.from(strip.getElementsByClassName(ITEM)) as HTMLElement[];
  const toggle = strip.querySelector<HTMLButtonElement>('.announcement__toggle');
  if (items.length < 2) return;
  strip.style.setProperty('--announcement-transition', `${ANNOUNCEMENT_TRANSITION_MS}ms`);
  let current = Math.max(
    0,
    items.findIndex((item) => item.classList.contains(`${ITEM}--current`)),
  );
  let previous = -1;
  let hovered = false;
  let focused = false;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const show = () => {
    items.forEach((item, index) => {
      item.classList.toggle(`${ITEM}--current`, index === current);
      item.classList.toggle(`${ITEM}--previous`, index === previous);
      item.inert = index !== current;
    });
  };
  const schedule = () => {
    clearTimeout(timer);
    if (hovered || focused || stopped) return;
    // The first message is on screen from the first paint; later ones first slide in, then stay.
    timer = setTimeout(
      () => {
        previous = current;
        current = (current + 1) % items.length;
        show();
        schedule();
      },
      ANNOUNCEMENT_DWELL_MS + (previous < 0 ? 0 : ANNOUNCEMENT_TRANSITION_MS),
    );
  };
  const pause = (set: () => void) => () => {
    set();
    schedule();
  };
  strip.addEventListener(
    'mouseenter',
    pause(() => (hovered = true)),
  );
  strip.addEventListener(
    'mouseleave',
    pause(() => (hovered = false)),
  );
  strip.addEventListener(
    'focusin',
    pause(() => (focused = true)),
  );
  // Focus moving between the strip's own links keeps it paused.
  strip.addEventListener('focusout', (event) =>
    pause(() => (focused = strip.contains(event.relatedTarget as Node | null)))(),
  );
  toggle?.addEventListener('click', () => {
    stopped = !stopped;
    strip.toggleAttribute('data-stopped', stopped);
    toggle.setAttribute('aria-label', stopped ? STRIP_LABELS.resume : STRIP_LABELS.pause);
    schedule();
  });
  schedule();
}

/** The banner's countdown, refreshed on every whole second left; the banner hides when it runs out. */
function startCountdown(banner: HTMLElement): void {
  const endsAt = Number(banner.dataset.endsAt);
  if (!Number.isFinite(endsAt)) return;
  const text = banner.querySelector('.promo__countdown');
  const tick = () => {
    const now = Date.now();
    const left = endsAt - now;
    if (left <= 0) {
      banner.hidden = true;
      return;
    }
    if (text) text.textContent = formatCountdown(countdownParts(endsAt, now));
    // Just past the next whole second (each shown once); without a visible timer, only for the end (setTimeout caps
    // near 24.8 days).
    setTimeout(tick, text ? untilNextSecond(left) : Math.min(left, DAY_MS));
  };
  tick();
}

/** The search box's placeholder goes through the hints, one every `SEARCH_HINT_MS`. */
function startHints(input: HTMLInputElement): void {
  let hint = Math.max(0, SEARCH_HINTS.indexOf(input.placeholder as (typeof SEARCH_HINTS)[number]));
  setInterval(() => {
    hint = (hint + 1) % SEARCH_HINTS.length;
    input.placeholder = SEARCH_HINTS[hint]!;
  }, SEARCH_HINT_MS);
}

/** Starts every clock found under `root` once (a clock's root is marked as it starts). */
export function startHeaderClocks(root: ParentNode = document): void {
  const once = <T extends HTMLElement>(selector: string, start: (el: T) => void) => {
    for (const el of Array.from(root.querySelectorAll<T>(selector))) {
      if (el.dataset.clockStarted) continue;
      el.dataset.clockStarted = '1';
      start(el);
    }
  };
  once('.announcement[data-clock]', startStrip);
  once('.promo[data-clock]', startCountdown);
  once<HTMLInputElement>('input.search-box__input[data-clock]', startHints);
}
