/** The database itself, for operations: the health probe and the bench's bare write. */
export function databaseRepo(db: D1Database) {
  return {
    /** `SELECT 1`: true when D1 answers it. */
    async ping(): Promise<boolean> {
      return (await db.prepare('SELECT 1 AS one').first<number>('one')) === 1;
    },
    /** One bare write round trip (`npm run bench`'s baseline). */
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
