import { describe, expect, it } from 'vitest';
import { liveFridayStart } from '../../src/lib/catalog/live-friday';

const iso = (ms: number) => new Date(ms).toISOString();

describe('liveFridayStart', () => {
  it('is the last Friday of November at 00:00 in São Paulo', () => {
    expect(iso(liveFridayStart(Date.parse('2026-11-22T21:00:00Z')))).toBe('2026-11-27T03:00:00.000Z');
    expect(iso(liveFridayStart(Date.parse('2027-01-10T12:00:00Z')))).toBe('2027-11-26T03:00:00.000Z');
    expect(iso(liveFridayStart(Date.parse('2025-06-01T12:00:00Z')))).toBe('2025-11-28T03:00:00.000Z');
  });

  it('stays on the running day, then moves to next year', () => {
    expect(iso(liveFridayStart(Date.parse('2026-11-27T15:00:00Z')))).toBe('2026-11-27T03:00:00.000Z');
    expect(iso(liveFridayStart(Date.parse('2026-11-28T03:00:00Z')))).toBe('2027-11-26T03:00:00.000Z');
    // New Year's Eve in São Paulo is still the old year until 03:00 UTC.
    expect(iso(liveFridayStart(Date.parse('2026-12-31T23:00:00Z')))).toBe('2027-11-26T03:00:00.000Z');
  });
});
