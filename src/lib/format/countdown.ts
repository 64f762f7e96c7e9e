export interface CountdownParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  expired: boolean;
}

export function countdownParts(endsAt: number, now: number): CountdownParts {
  const total = Math.max(0, Math.floor((endsAt - now) / 1000));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
    expired: endsAt <= now,
  };
}

const two = (n: number) => String(n).padStart(2, '0');

/** `2d 05:03:09`, or `05:03:09` when no whole day is left (spec: days only above zero). */
export function formatCountdown(parts: CountdownParts): string {
  const clock = `${two(parts.hours)}:${two(parts.minutes)}:${two(parts.seconds)}`;
  return parts.days > 0 ? `${parts.days}d ${clock}` : clock;
}

/** How far past a whole second the countdown wakes: a timer that fires a few ms late or early still lands after it. */
export const COUNTDOWN_WAKE_MARGIN_MS = 20;

/**
 * How long a countdown with `left` ms to go waits before its next look. The shown value is `floor(left / 1000)`, which
 * changes just after `left` crosses a whole second, not on it (there it still shows the old value); so it wakes a
 * little past that crossing, and each second is shown once. The last wait ends at the end itself, not past it: the
 * banner goes when the time is up.
 */
export function untilNextSecond(left: number): number {
  return Math.min((left % 1000) + COUNTDOWN_WAKE_MARGIN_MS, left);
}
