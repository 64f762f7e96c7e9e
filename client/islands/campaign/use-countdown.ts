import { useEffect, useState } from 'react';
import { untilNextSecond } from '../../../src/lib/format/countdown';
import { DAY_MS } from '../../../src/lib/format/day';

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
      // Just past the next whole second of the remaining time (each second shown once); else only for the end
      // (setTimeout caps near 24.8 days).
      timer = setTimeout(tick, everySecond ? untilNextSecond(left) : Math.min(left, DAY_MS));
    };
    tick();
    return () => clearTimeout(timer);
  }, [endsAt, everySecond]);
  return { now, expired };
}
