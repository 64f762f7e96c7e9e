const LETTERS = ['PP', 'P', 'M', 'G', 'GG', 'XG', 'XGG', 'EXG', 'EXGG'];

function rank(size: string): [number, number, string] {
  const s = size.trim().toUpperCase();
  const letter = LETTERS.indexOf(s);
  if (letter >= 0) return [0, letter, s];
  const number = /\d+(?:[.,]\d+)?/.exec(s);
  if (number) return [1, Number(number[0].replace(',', '.')), s];
  if (s === 'ÚNICO' || s === 'U') return [3, 0, s];
  return [2, 0, s];
}

/** Shoppers' size order: PP…XGG, then numbers (36, 38, 34-38, R$ 100…), then anything else, Único last. */
export function compareSizes(a: string, b: string): number {
  const [ga, na, sa] = rank(a);
  const [gb, nb, sb] = rank(b);
  return ga - gb || na - nb || sa.localeCompare(sb, 'pt-BR');
}
