import { deletions, editDistance, searchWords, TYPO_MIN_LENGTH } from '../../lib/search-terms';
import type { SearchRepo } from './repo';

const MAX_WORDS = 8;
const MAX_CORRECTIONS = 4;

export interface ParsedQuery {
  /** FTS5 MATCH expression, or null when nothing in the query can match. */
  match: string | null;
  /** Words replaced by a correction (for "Mostrando resultados para …"). */
  corrected: { from: string; to: string[] }[];
}

const quote = (term: string) => `"${term.replace(/"/g, '""')}"`;

/**
 * Accent- and case-folded words, ANDed; the last word also matches as a prefix (autocomplete). A word of
 * five or more letters that matches nothing is replaced by the indexed terms one edit away from it.
 */
export async function parseQuery(deps: { repo: SearchRepo }, query: string): Promise<ParsedQuery> {
  const words = searchWords(query).slice(0, MAX_WORDS);
  if (words.length === 0) return { match: null, corrected: [] };
  const asked = words.map((word, i) => ({ word, prefix: i === words.length - 1 }));
  const known = await deps.repo.known(asked);
  const corrected: ParsedQuery['corrected'] = [];
  const clauses = await Promise.all(
    asked.map(async ({ word, prefix }, i) => {
      const exact = prefix ? `${quote(word)}*` : quote(word);
      if (known[i] || word.length < TYPO_MIN_LENGTH) return exact;
      const near = (await deps.repo.neighbours(word, deletions(word)))
        .filter((term) => editDistance(word, term, 1) <= 1)
        .slice(0, MAX_CORRECTIONS);
      if (near.length === 0) return exact;
      corrected.push({ from: word, to: near });
      return `(${[exact, ...near.map(quote)].join(' OR ')})`;
    }),
  );
  return { match: clauses.join(' AND '), corrected };
}
