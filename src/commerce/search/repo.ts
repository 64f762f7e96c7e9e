/** One word of a query as the repo looks it up. */
export interface WordLookup {
  word: string;
  /** The last word also matches as the start of a term (autocomplete). */
  prefix: boolean;
  /** Its deletions, when a typo may be corrected (a long word): its candidate neighbours are looked up too. */
  deletions: string[] | null;
}

export interface SearchRepo {
  /**
   * In one round trip, for each word: whether it is a known term (or, `prefix`, the start of one), and the terms
   * one deletion away from it in either direction (candidates; the caller checks the distance).
   */
  lookup(words: WordLookup[]): Promise<{ known: boolean; neighbours: string[] }[]>;
}

export function searchRepo(db: D1Database): SearchRepo {
  const knownSql = (word: string, prefix: boolean) =>
    prefix
      ? db.prepare("SELECT EXISTS (SELECT 1 FROM search_terms WHERE term >= ?1 AND term < ?1 || '~') AS hit").bind(word)
      : db.prepare('SELECT EXISTS (SELECT 1 FROM search_terms WHERE term = ?) AS hit').bind(word);
  const neighboursSql = (word: string, dels: string[]) => {
    const candidates = [word, ...dels];
    // Each candidate is bound once and named in both lists (D1 takes at most 100 bound values a statement).
    const marks = candidates.map((_, i) => `?${i + 1}`).join(', ');
    return db
      .prepare(
        `SELECT term FROM search_terms WHERE term IN (${marks})
         UNION SELECT term FROM search_term_variants WHERE variant IN (${marks})`,
      )
      .bind(...candidates);
  };
  return {
    async lookup(words) {
      if (words.length === 0) return [];
      const statements = words.flatMap(({ word, prefix, deletions }) =>
        deletions ? [knownSql(word, prefix), neighboursSql(word, deletions)] : [knownSql(word, prefix)],
      );
      const results = await db.batch<Record<string, unknown>>(statements);
      let at = 0;
      return words.map(({ deletions }) => {
        const known = results[at++]!.results[0]?.hit === 1;
        const neighbours = deletions ? results[at++]!.results.map((r) => String(r.term)) : [];
        return { known, neighbours };
      });
    },
  };
}
