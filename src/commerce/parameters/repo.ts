import type { Parameter } from '../../contracts/parameters';

export interface ParametersRepo {
  all(): Promise<Parameter[]>;
  get(keys: readonly string[]): Promise<Map<string, string>>;
}

export function parametersRepo(db: D1Database): ParametersRepo {
  return {
    async all() {
      const { results } = await db.prepare('SELECT key, value FROM parameters ORDER BY key').all<Parameter>();
      return results;
    },
    async get(keys) {
      if (keys.length === 0) return new Map();
      const marks = keys.map(() => '?').join(', ');
      const { results } = await db
        .prepare(`SELECT key, value FROM parameters WHERE key IN (${marks})`)
        .bind(...keys)
        .all<Parameter>();
      return new Map(results.map((p) => [p.key, p.value]));
    },
  };
}
