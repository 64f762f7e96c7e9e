import { describe, expect, it } from 'vitest';
import {
  DAY_MS,
  formatDateTimeSeconds,
  formatDayMonth,
  fromStoreWall,
  STORE_TIME_ZONE,
  storeDay,
  storeDayEnd,
  storeDayStart,
  storeHour,
  storeOffset,
  storeTime,
  toStoreWall,
} from '../../src/lib/format/dates';

const at = (iso: string) => new Date(iso);

describe('the store zone and day', () => {
  it('is São Paulo, and a day is 24 hours', () => {
    expect(STORE_TIME_ZONE).toBe('America/Sao_Paulo');
    expect(DAY_MS).toBe(24 * 3_600_000);
  });
  it('reads the day and hour of an instant on São Paulo’s clock (UTC−3)', () => {
    expect(storeDay(at('2026-11-29T02:59:59Z'))).toBe('2026-11-28');
    expect(storeDay(at('2026-11-29T03:00:00Z'))).toBe('2026-11-29');
    expect(storeHour(at('2026-11-29T02:59:59Z'))).toBe(23);
    expect(storeHour(at('2026-11-29T03:00:00Z'))).toBe(0);
    expect(storeHour(at('2026-11-29T17:30:00Z'))).toBe(14);
  });
});

describe('wall clock ↔ instant', () => {
  it('names the instant of a São Paulo time on a day', () => {
    expect(storeTime('2026-11-27', '12:00:00').toISOString()).toBe('2026-11-27T15:00:00.000Z');
    expect(storeTime('2026-12-31', '23:59:59').toISOString()).toBe('2027-01-01T02:59:59.000Z');
    expect(storeDayStart('2026-11-29')).toBe('2026-11-29T03:00:00.000Z');
    expect(storeDayEnd('2026-11-29')).toBe('2026-11-30T03:00:00.000Z');
  });
  it('converts both ways, to the millisecond', () => {
    const wall = Date.UTC(2026, 10, 27, 9, 30, 15, 250);
    expect(fromStoreWall(wall)).toBe(Date.parse('2026-11-27T12:30:15.250Z'));
    expect(toStoreWall(Date.parse('2026-11-27T12:30:15.250Z'))).toBe(wall);
  });
  it('follows the zone’s history: daylight saving time (UTC−2) until 2019', () => {
    expect(storeDayStart('2018-12-01')).toBe('2018-12-01T02:00:00.000Z');
    expect(storeOffset(at('2018-12-01T12:00:00Z'))).toBe('-02:00');
    // The night daylight saving time began (00:00 became 01:00): 01:30 came 30 minutes after the change.
    expect(storeTime('2018-11-04', '01:30:00').toISOString()).toBe('2018-11-04T03:30:00.000Z');
  });
  it('writes the offset as ISO 8601 does', () => {
    expect(storeOffset(at('2026-11-29T03:00:00Z'))).toBe('-03:00');
  });
});

describe('display formats (pt-BR)', () => {
  it('writes a time with its seconds, and a day with the month’s name', () => {
    expect(formatDateTimeSeconds('2026-11-27T04:29:33Z')).toBe('27/11/2026, 01:29:33');
    expect(formatDayMonth(Date.parse('2026-11-27T03:00:00Z'))).toBe('27 de novembro');
    expect(formatDayMonth(Date.parse('2026-11-27T02:59:00Z'))).toBe('26 de novembro');
  });
});
