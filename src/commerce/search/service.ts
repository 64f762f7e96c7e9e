import {
  ALTERNATE_SPELLINGS,
  deletions,
  editDistance,
  INFLECTIONS,
  searchWords,
  TYPO_MAX_LENGTH,
  TYPO_MIN_LENGTH,
} from '../../lib/catalog/search-terms';
import type { SearchParse } from '../catalog/stored-repo';
import type { SearchRepo } from './repo';

const MAX_WORDS = 8;
const MAX_CORRECTIONS = 4;

export interface ParsedQuery {
  /** FTS5 MATCH expression, or null when nothing in the query can match. */
  match: string | null;
  /** Words replaced by a correction (for "Mostrando resultados para …"). */
  corrected: { from: string; to: string[] }[];
}

const mayBeTypo = (word: string) => word.length >= TYPO_MIN_LENGTH && word.length <= TYPO_MAX_LENGTH;

const quote = (term: string) => `"${term.replace(/"/g, '""')}"`;

/** The words a query is searched by: accent- and case-folded, at most MAX_WORDS (what its stored pages are keyed by). */
export const queryWords = (query: string): string[] => searchWords(query).slice(0, MAX_WORDS);

/**
 * Accent- and case-folded words, ANDed; the last word also matches as a prefix (autocomplete). A word of
 * five or more letters that matches nothing is replaced by the indexed terms one edit away from it; a word the
 * catalog spells otherwise (ALTERNATE_SPELLINGS: bikini, legins…) by the catalog's spelling.
 */
export async function parseQuery(deps: { repo: SearchRepo }, query: string): Promise<ParsedQuery> {
  const words = queryWords(query);
  return words.length === 0 ? { match: null, corrected: [] } : parseWords(deps, words);
}

/** parseQuery of words already folded and cut (queryWords), at least one. */
export async function parseWords(deps: { repo: SearchRepo }, words: string[]): Promise<SearchParse> {
  // Known or not, and the neighbours of each word that could be a typo, in one round trip.
  const looked = await deps.repo.lookup(
    words.map((word, i) => ({
      word,
      prefix: i === words.length - 1,
      deletions: mayBeTypo(word) ? deletions(word) : null,
    })),
  );
  const corrected: ParsedQuery['corrected'] = [];
  const clauses = words.map((word, i) => {
    const exact = i === words.length - 1 ? `${quote(word)}*` : quote(word);
    const { known, neighbours } = looked[i]!;
    const alternate = ALTERNATE_SPELLINGS[word];
    const inflected = INFLECTIONS[word];
    if (!known && inflected) return `(${exact} OR ${quote(inflected)})`;
    if (known || (!mayBeTypo(word) && !alternate)) return exact;
    const near = alternate
      ? [alternate]
      : neighbours.filter((term) => editDistance(word, term, 1) <= 1).slice(0, MAX_CORRECTIONS);
    if (near.length === 0) return exact;
    corrected.push({ from: word, to: near });
    return `(${[exact, ...near.map(quote)].join(' OR ')})`;
  });
  return { match: clauses.join(' AND '), corrected };
}
