import { searchWords } from './search-terms';

/** The query as it was actually searched, for "Mostrando resultados para …" (alternatives joined by "ou"). */
export function correctedPhrase(term: string, corrected: { from: string; to: string[] }[]): string {
  if (corrected.length === 0) return '';
  const fixes = new Map(corrected.map((c) => [c.from, c.to.join(' ou ')]));
  return searchWords(term)
    .map((w) => fixes.get(w) ?? w)
    .join(' ');
}
