import { foldText } from '../format/text';
import { dict } from '../security/dict';

/** Words a text contributes to the search index: folded, letters/digits only, 2+ characters. */
export function searchWords(text: string): string[] {
  return foldText(text)
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length >= 2);
}

/**
 * Spellings shoppers type for words the catalog spells otherwise, more than one edit away (so no typo correction
 * finds them): each unknown query word here is also searched as the catalog's word, and said so ("Mostrando
 * resultados para"). Folded, like every search word.
 */
export const ALTERNATE_SPELLINGS: Readonly<Record<string, string>> = dict({
  bikini: 'biquini',
  bikinis: 'biquinis',
  legin: 'legging',
  legins: 'legging',
  leguins: 'legging',
  legings: 'leggings',
});

/**
 * Other forms of the catalog's colour words (feminine, plural: "sunga preta", "biquínis brancos"): searched as the
 * catalog's word too, silently — the same word, not a correction. Folded.
 */
export const INFLECTIONS: Readonly<Record<string, string>> = dict({
  preta: 'preto',
  pretas: 'preto',
  pretos: 'preto',
  branca: 'branco',
  brancas: 'branco',
  brancos: 'branco',
  amarela: 'amarelo',
  amarelas: 'amarelo',
  amarelos: 'amarelo',
});

/** Typos are tolerated only in query words this long (and only one edit). */
export const TYPO_MIN_LENGTH = 5;

/**
 * …and at most this long: no catalog word is, so a longer word (a pasted code, a run of letters) is no typo of
 * one, and its deletions (one bound value each) stay well within D1's 100 bound values a statement.
 */
export const TYPO_MAX_LENGTH = 40;

/** Every string obtained by deleting one character (the SymSpell neighbourhood for distance 1). */
export function deletions(word: string): string[] {
  const out = new Set<string>();
  for (let i = 0; i < word.length; i++) out.add(word.slice(0, i) + word.slice(i + 1));
  return [...out];
}

/** Optimal-string-alignment distance, stopping early once it exceeds `max`. */
export function editDistance(a: string, b: string, max = 2): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    rows[i] = [i];
    for (let j = 1; j <= b.length; j++) {
      if (i === 0) {
        rows[0]![j] = j;
        continue;
      }
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = best;
    }
  }
  return rows[a.length]![b.length]!;
}
