export interface SearchRepo {
  /** For each word: whether it is a known term, or (`prefix`) the start of one. */
  known(words: { word: string; prefix: boolean }[]): Promise<boolean[]>;
  /** Terms one deletion away from `word` in either direction (candidates; the caller checks the distance). */
  neighbours(word: string, deletions: string[]): Promise<string[]>;
}

export function searchRepo(db: D1Database): SearchRepo {
  return {
    async known(words) {
      if (words.length === 0) return [];
      const results = await db.batch<{ hit: number }>(
        words.map(({ word, prefix }) =>
          prefix
            ? db.prepare("SELECT EXISTS (SELECT 1 FROM search_terms WHERE term >= ?1 AND term < ?1 || '~') AS hit").bind(word)
            : db.prepare('SELECT EXISTS (SELECT 1 FROM search_terms WHERE term = ?) AS hit').bind(word),
        ),
      );
      return results.map((r) => r.results[0]?.hit === 1);
    },
    async neighbours(word, dels) {
      const candidates = [word, ...dels];
      const marks = candidates.map(() => '?').join(', ');
      const { results } = await db
        .prepare(
          `SELECT term FROM search_terms WHERE term IN (${marks})
           UNION SELECT term FROM search_term_variants WHERE variant IN (${marks})`,
        )
        .bind(...candidates, ...candidates)
        .all<{ term: string }>();
      return results.map((r) => r.term);
    },
  };
}
