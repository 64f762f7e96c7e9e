/** What one request asked of D1: statements run, time spent waiting on them, and failed calls. */
export interface D1Stats {
  queries: number;
  ms: number;
  failures: number;
}

const failures = new WeakSet<object>();

/** The error came out of a D1 call (the database refused or could not be reached). */
export function isD1Failure(error: unknown): boolean {
  return typeof error === 'object' && error !== null && failures.has(error);
}

async function timed<T>(stats: D1Stats, statements: number, call: () => Promise<T>): Promise<T> {
  const started = performance.now();
  stats.queries += statements;
  try {
    return await call();
  } catch (error) {
    stats.failures += 1;
    if (typeof error === 'object' && error !== null) failures.add(error);
    throw error;
  } finally {
    stats.ms += performance.now() - started;
  }
}

class MeteredStatement implements D1PreparedStatement {
  constructor(
    readonly inner: D1PreparedStatement,
    private readonly stats: D1Stats,
  ) {}

  bind(...values: unknown[]): D1PreparedStatement {
    return new MeteredStatement(this.inner.bind(...values), this.stats);
  }

  first<T = unknown>(colName: string): Promise<T | null>;
  first<T = Record<string, unknown>>(): Promise<T | null>;
  first<T>(colName?: string): Promise<T | null> {
    return timed(this.stats, 1, () => (colName === undefined ? this.inner.first<T>() : this.inner.first<T>(colName)));
  }

  run<T = Record<string, unknown>>(): Promise<D1Result<T>> {
    return timed(this.stats, 1, () => this.inner.run<T>());
  }

  all<T = Record<string, unknown>>(): Promise<D1Result<T>> {
    return timed(this.stats, 1, () => this.inner.all<T>());
  }

  raw<T = unknown[]>(options: { columnNames: true }): Promise<[string[], ...T[]]>;
  raw<T = unknown[]>(options?: { columnNames?: false }): Promise<T[]>;
  raw<T = unknown[]>(options?: { columnNames?: boolean }): Promise<[string[], ...T[]] | T[]> {
    return options?.columnNames
      ? timed(this.stats, 1, () => this.inner.raw<T>({ columnNames: true }))
      : timed(this.stats, 1, () => this.inner.raw<T>({ columnNames: false }));
  }
}

/** D1's own batch() only takes its own statements. */
const unwrap = (statement: D1PreparedStatement) =>
  statement instanceof MeteredStatement ? statement.inner : statement;

/**
 * The D1 binding as seen by one request: every prepare/bind/first/all/run/raw, batch and exec is
 * counted and timed into `stats`, and an error it throws is marked so `isD1Failure` recognises it.
 * A batch counts each of its statements.
 */
export function meterD1(db: D1Database, stats: D1Stats): D1Database {
  return {
    prepare: (query: string) => new MeteredStatement(db.prepare(query), stats),
    batch: <T = unknown>(statements: D1PreparedStatement[]) =>
      timed(stats, statements.length, () => db.batch<T>(statements.map(unwrap))),
    exec: (query: string) => timed(stats, 1, () => db.exec(query)),
    // Sessions (read replication) are not used by the store; handed through unmetered.
    withSession: (constraintOrBookmark?: D1SessionBookmark | D1SessionConstraint) =>
      db.withSession(constraintOrBookmark),
    dump: () => db.dump(),
  };
}
