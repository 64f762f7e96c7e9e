import { describe, expect, it } from 'vitest';
import { idRanges, parseIdRanges } from '../../src/lib/catalog/id-ranges';

describe('id ranges (listing card hearts)', () => {
  it('writes runs of consecutive ids as first-last and reads them back', () => {
    const ids = [100091, 100092, 100093, 100094, 100120, 100200, 100201];
    expect(idRanges(ids)).toBe('100091-100094,100120,100200-100201');
    expect(parseIdRanges(idRanges(ids))).toEqual(ids);
    expect(idRanges([])).toBe('');
    expect(parseIdRanges('')).toEqual([]);
    expect(idRanges([7])).toBe('7');
  });

  it('keeps the order of unsorted ids', () => {
    const ids = [5, 3, 4, 9];
    expect(idRanges(ids)).toBe('5,3-4,9');
    expect(parseIdRanges('5,3-4,9')).toEqual(ids);
  });

  it('skips what is not an id or a short run', () => {
    expect(parseIdRanges('999999999')).toEqual([999999999]);
    expect(parseIdRanges('x,0,-3,4-2,1-5000,12')).toEqual([12]);
    expect(parseIdRanges('1-1000').length).toBe(1000);
  });
});
