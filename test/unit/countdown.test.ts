import { describe, expect, it } from 'vitest';
import { countdownParts, formatCountdown, untilNextSecond } from '../../src/lib/format/countdown';

describe('countdown', () => {
  const now = Date.UTC(2026, 10, 22, 12, 0, 0);
  it('shows days only when above zero', () => {
    expect(formatCountdown(countdownParts(now + ((2 * 24 + 5) * 3600 + 3 * 60 + 9) * 1000, now))).toBe('2d 05:03:09');
    expect(formatCountdown(countdownParts(now + (23 * 3600 + 59 * 60 + 59) * 1000, now))).toBe('23:59:59');
  });
  it('is expired at and after the end', () => {
    expect(countdownParts(now, now).expired).toBe(true);
    expect(formatCountdown(countdownParts(now - 5000, now))).toBe('00:00:00');
    expect(countdownParts(now + 1000, now).expired).toBe(false);
  });

  it('wakes once per second, each just after the shown value changes: none skipped, none shown twice', () => {
    // A fake clock: each wake is what the scheduler asked for, plus the lateness a real timer has (0 to 15 ms).
    for (const start of [30_500, 30_000, 30_001, 29_999]) {
      const endsAt = now + start;
      let t = now;
      const shown: number[] = [];
      for (let wake = 0; wake < 20; wake++) {
        const left = endsAt - t;
        shown.push(Math.floor(left / 1000));
        t += untilNextSecond(left) + ((wake * 7) % 16);
      }
      const steps = shown.slice(1).map((value, i) => shown[i]! - value);
      expect(steps, `from ${start} ms left: ${shown.join(' ')}`).toEqual(steps.map(() => 1));
    }
  });

  it('the last wait ends at the end itself, so the banner goes when the time is up', () => {
    expect(untilNextSecond(980)).toBe(980);
    expect(untilNextSecond(5)).toBe(5);
    expect(untilNextSecond(1980)).toBe(1000);
  });
});
