import { describe, expect, it } from 'vitest';
import { ITF_WIDE, itfBars } from '../../src/lib/payments/itf';

/** Reads bars back into digits (what a scanner does): widths of bars and of the spaces between them. */
function decode({ bars }: { bars: { x: number; width: number }[] }): string {
  const elements: number[] = [];
  bars.forEach((bar, i) => {
    elements.push(bar.width);
    const next = bars[i + 1];
    if (next) elements.push(next.x - bar.x - bar.width);
  });
  const wide = (n: number) => (n === ITF_WIDE ? 'w' : 'n');
  const patterns = ['nnwwn', 'wnnnw', 'nwnnw', 'wwnnn', 'nnwnw', 'wnwnn', 'nwwnn', 'nnnww', 'wnnwn', 'nwnwn'];
  expect(elements.slice(0, 4)).toEqual([1, 1, 1, 1]);
  expect(elements.slice(-3)).toEqual([ITF_WIDE, 1, 1]);
  const body = elements.slice(4, -3);
  let out = '';
  for (let i = 0; i < body.length; i += 10) {
    const chunk = body.slice(i, i + 10);
    out += patterns.indexOf(
      chunk
        .filter((_, k) => k % 2 === 0)
        .map(wide)
        .join(''),
    );
    out += patterns.indexOf(
      chunk
        .filter((_, k) => k % 2 === 1)
        .map(wide)
        .join(''),
    );
  }
  return out;
}

describe('ITF bar code of a boleto (Interleaved 2 of 5)', () => {
  it('draws the 44 digits so that they read back, with the start and stop guards, in 405 narrow units', () => {
    const barcode = '23799164800000189806424771751862977180151364';
    const drawn = itfBars(barcode)!;
    expect(decode(drawn)).toBe(barcode);
    // Start 4 + 22 pairs × (3 narrow + 2 wide) × 2 + stop (3 + 1 + 1).
    expect(drawn.width).toBe(4 + 22 * 2 * (3 + 2 * ITF_WIDE) + 5);
    expect(drawn.bars).toHaveLength(2 + (44 * 5) / 2 + 2);
  });

  it('every digit in either place of a pair', () => {
    for (let d = 0; d < 10; d++)
      for (const pair of [`${d}0`, `0${d}`, `${d}${9 - d}`]) expect(decode(itfBars(pair)!)).toBe(pair);
  });

  it('draws nothing for an odd count or anything but digits', () => {
    for (const bad of ['', '1', '123', '12a4', '１２']) expect(itfBars(bad)).toBeNull();
  });
});
