import { describe, expect, it } from 'vitest';
import { formatCep, isCompleteCep, normalizeCep } from '../../src/lib/cep';

describe('cep', () => {
  it('normalises to digits only', () => {
    expect(normalizeCep('01310-100')).toBe('01310100');
    expect(normalizeCep(' 01.310-100 ')).toBe('01310100');
    expect(normalizeCep('abc')).toBe('');
  });
  it('formats with a hyphen after the 5th digit (spec §5)', () => {
    expect(formatCep('01310100')).toBe('01310-100');
    expect(formatCep('01310-100')).toBe('01310-100');
  });
  it('masks partial input as it is typed and drops extra digits', () => {
    expect(formatCep('0131')).toBe('0131');
    expect(formatCep('01310')).toBe('01310');
    expect(formatCep('013101')).toBe('01310-1');
    expect(formatCep('013101009999')).toBe('01310-100');
  });
  it('is complete with exactly 8 digits', () => {
    expect(isCompleteCep('01310-100')).toBe(true);
    expect(isCompleteCep('1310-100')).toBe(false);
  });
});
