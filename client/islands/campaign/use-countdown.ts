import { useEffect, useState } from 'react';
import { DAY_MS } from '../../../src/lib/format/day';
import { COUNTDOWN_REFRESH_MS } from '../../../src/ui/header/clocks';

// Without a visible timer the banner only needs to wake up for the end; setTimeout caps near 24.8 days.
const MAX_WAIT_MS = DAY_MS;

/**
 * Client clock of the countdown. `now` stays null through hydration (the HTML keeps the server's text)
 * and is set by the first effect; `expired` also flips only in an effect, so hydration never changes the tree.
 */
export function useCountdown(endsAt: number | null, everySecond: boolean): { now: number | null; expired: boolean } {
  const [now, setNow] = useState<number | null>(null);
  const [expired, setExpired] = useState(false);
  useEffect(() => {
    if (endsAt === null) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = () => {
      const t = Date.now();
      setNow(t);
      const left = endsAt - t;
      if (left <= 0) {
        setExpired(true);
        return;
      }
      // Wake at the next whole second of the remaining time, so the display never lags behind.
      timer = setTimeout(
        tick,
        everySecond ? left % COUNTDOWN_REFRESH_MS || COUNTDOWN_REFRESH_MS : Math.min(left, MAX_WAIT_MS),
      );
    };
    tick();
    return () => clearTimeout(timer);
  }, [endsAt, everySecond]);
  return { now, expired };
}
