import { describe, expect, it } from 'vitest';
import { countdownParts, formatCountdown } from '../../src/lib/format/countdown';

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
});
