/**
 * The boleto's bar code: Interleaved 2 of 5 (ITF), as FEBRABAN's layout prints its 44 digits. Digits go in pairs:
 * the first digit of a pair is drawn by five bars, the second by the five spaces between them; each element is
 * narrow (1 unit) or wide (3 units). A start (bar, space, bar, space: all narrow) and a stop (wide bar, narrow
 * space, narrow bar) close it.
 */
const PATTERNS = ['nnwwn', 'wnnnw', 'nwnnw', 'wwnnn', 'nnwnw', 'wnwnn', 'nwwnn', 'nnnww', 'wnnwn', 'nwnwn'] as const;
export const ITF_WIDE = 3;

/** One bar: where it starts and how wide it is, in narrow units. */
export interface Bar {
  x: number;
  width: number;
}

/** The bars of an even number of digits, and the whole width (narrow units); null for anything else. */
export function itfBars(digits: string): { bars: Bar[]; width: number } | null {
  if (!/^(?:\d\d)+$/.test(digits)) return null;
  const unit = (c: string) => (c === 'w' ? ITF_WIDE : 1);
  // Alternating elements, bar first: start, then each pair's bars and spaces interleaved, then the stop.
  const elements: string[] = ['n', 'n', 'n', 'n'];
  for (let i = 0; i < digits.length; i += 2) {
    const bars = PATTERNS[Number(digits[i])]!;
    const spaces = PATTERNS[Number(digits[i + 1])]!;
    for (let k = 0; k < 5; k++) elements.push(bars[k]!, spaces[k]!);
  }
  elements.push('w', 'n', 'n');
  const out: Bar[] = [];
  let x = 0;
  elements.forEach((e, i) => {
    if (i % 2 === 0) out.push({ x, width: unit(e) });
    x += unit(e);
  });
  return { bars: out, width: x };
}
