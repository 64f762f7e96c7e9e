/** Runs one guarded write; true when it changed a row (the guard held). */
export async function changedRows(statement: D1PreparedStatement): Promise<boolean> {
  return (await statement.run()).meta.changes > 0;
}

/** Runs statements from one or more repos as ONE D1 batch: all or nothing, a violated guard aborts it. */
export type Batch = (statements: D1PreparedStatement[]) => Promise<D1Result[]>;
export const batchOf =
  (db: D1Database): Batch =>
  (statements) =>
    db.batch(statements);

/**
 * What orders that will not go ahead give back (stock, coupon use, cashback), as statements for the
 * batch that changes their status. `where` selects the orders (alias o) BEFORE their status changes,
 * so a second attempt matches nothing.
 */
export type GiveBack = (where: string, params: unknown[]) => D1PreparedStatement[];
/** One GiveBack from each domain's part, in order. */
export const giveBackOf =
  (...parts: GiveBack[]): GiveBack =>
  (where, params) =>
    parts.flatMap((part) => part(where, params));
