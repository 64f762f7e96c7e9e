/** The database itself, for operations: the health probe and the bench's bare write. */
export function databaseRepo(db: D1Database) {
  return {
    /** `SELECT 1`: true when D1 answers it. */
    async ping(): Promise<boolean> {
      return (await db.prepare('SELECT 1 AS one').first<number>('one')) === 1;
    },
    /** One bare write round trip (`npm run bench`'s baseline). */
    /** `npm run bench` only: forgets every stored listing summary and order, so the next search or listing counts and ranks again. */
    async benchClearSummaries(): Promise<void> {
      await db.batch([db.prepare('DELETE FROM listing_summaries'), db.prepare('DELETE FROM listing_orders')]);
    },
    async benchWrite(value: string): Promise<void> {
      await db
        .prepare(
          "INSERT INTO parameters (key, value) VALUES ('__bench_write', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
        )
        .bind(value)
        .run();
    },
  };
}

/**
 * A D1 session (d1-session.ts, ADR 0019) in the `D1Database` shape the repos take: their statements are
 * prepared and batched on the session; the rest goes to the binding.
 */
export function sessionDatabase(db: D1Database, session: D1DatabaseSession): D1Database {
  return {
    prepare: (query: string) => session.prepare(query),
    batch: <T>(statements: D1PreparedStatement[]) => session.batch<T>(statements),
    exec: (query: string) => db.exec(query),
    withSession: (constraint?: string) => db.withSession(constraint),
    dump: () => db.dump(),
  } as D1Database;
}

/** A repo method that lists the rows of one fixed SELECT (no parameters), for repos of a single read. */
export function listQuery<T>(db: D1Database, sql: string): () => Promise<T[]> {
  return async () => (await db.prepare(sql).all<T>()).results;
}
