/**
 * A D1 binding that counts round trips: each batch, and each statement run on its own (first, all, run, raw), is
 * one; `exec` too. The SQL of every statement sent is kept, in order.
 */
export interface CountedD1 {
  db: D1Database;
  trips: () => number;
  sql: () => string[];
  reset: () => void;
}

const RUNS = new Set<PropertyKey>(['first', 'all', 'run', 'raw']);

export function countTrips(db: D1Database): CountedD1 {
  let trips = 0;
  let sent: string[] = [];
  // A wrapped statement's real one (batch takes only real statements), and its SQL.
  const real = new WeakMap<object, { statement: D1PreparedStatement; sql: string }>();
  const wrap = (statement: D1PreparedStatement, sql: string): D1PreparedStatement => {
    const proxy = new Proxy(statement, {
      get(target, prop) {
        if (prop === 'bind') return (...values: unknown[]) => wrap(target.bind(...values), sql);
        const value = Reflect.get(target, prop, target) as unknown;
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          if (RUNS.has(prop)) {
            trips++;
            sent.push(sql);
          }
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
    real.set(proxy, { statement, sql });
    return proxy;
  };
  const counted = new Proxy(db, {
    get(target, prop) {
      if (prop === 'prepare') return (sql: string) => wrap(target.prepare(sql), sql);
      if (prop === 'batch')
        return (statements: D1PreparedStatement[]) => {
          trips++;
          const unwrapped = statements.map((s) => real.get(s) ?? { statement: s, sql: '?' });
          sent.push(...unwrapped.map((u) => u.sql));
          return target.batch(unwrapped.map((u) => u.statement));
        };
      if (prop === 'exec')
        return (sql: string) => {
          trips++;
          sent.push(sql);
          return target.exec(sql);
        };
      const value = Reflect.get(target, prop, target) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  return {
    db: counted,
    trips: () => trips,
    sql: () => sent,
    reset: () => {
      trips = 0;
      sent = [];
    },
  };
}
