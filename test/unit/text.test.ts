import { describe, expect, it } from 'vitest';
import { foldText, stripAccents } from '../../src/lib/format/text';

describe('stripAccents', () => {
  it('removes Portuguese accents and keeps the base letters', () => {
    expect(stripAccents('biquíni')).toBe('biquini');
    expect(stripAccents('maiô')).toBe('maio');
    expect(stripAccents('saídas de praia')).toBe('saidas de praia');
    expect(stripAccents('coração à venda, açaí, pão')).toBe('coracao a venda, acai, pao');
    expect(stripAccents('ÁÉÍÓÚ ÂÊÔ ÃÕ À Ç Ü')).toBe('AEIOU AEO AO A C U');
  });

  it('handles decomposed input (combining marks)', () => {
    expect(stripAccents('bique\u0301ni'.normalize('NFD'))).toBe('biqueni');
    expect(stripAccents('mai\u006f\u0302')).toBe('maio');
  });

  it('keeps case, spacing, digits and other symbols', () => {
    expect(stripAccents('  Top Fitness 2027 - 10% ')).toBe('  Top Fitness 2027 - 10% ');
    expect(stripAccents('')).toBe('');
  });
});

describe('foldText', () => {
  it('folds accents and case and collapses spaces', () => {
    expect(foldText('  Biquíni   Tropical ')).toBe('biquini tropical');
  });
});
