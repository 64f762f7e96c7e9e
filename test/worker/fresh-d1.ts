import { applyD1Migrations, type D1Migration } from 'cloudflare:test';

/**
 * Gives a test file the D1 a fresh `wrangler d1 migrations apply` would give it. Files share their vitest worker's
 * modules and, one after another, its D1 (test/worker/setup.ts), so what the file before left must go:
 * - the first file of a worker (or one after a file that changed the schema: a dropped trigger, a new table) drops
 *   everything and applies the migrations, then keeps a copy of what they made: the schema and the rows they insert;
 * - every other file finds the same schema and only has its rows put back, in one batch: triggers dropped (the audit
 *   log's refuse a DELETE), the full-text table made again, every other table emptied children first, the migrations' rows inserted parents first, triggers
 *   made again. Applying 40 migrations again took about half a second a file; this, a few milliseconds.
 * This module is loaded once per worker (`isolate: false`), so the copy outlives the file that made it.
 */
interface SchemaRow {
  type: string;
  name: string;
  tbl_name: string;
  sql: string | null;
}

interface Baseline {
  /** The schema the copy was taken from: a file finding any other schema starts from the migrations again. */
  schema: string;
  /** Tables children first (a table before every table it references), virtual tables included. */
  tables: string[];
  /** The migrations' own rows, parents first. */
  rows: { table: string; columns: string[]; values: unknown[] }[];
  triggers: string[];
  /** Virtual (full-text) tables are made again: a DELETE leaves their index's empty segments behind. */
  virtual: { name: string; sql: string }[];
}

let baseline: Baseline | null = null;

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function schemaOf(db: D1Database): Promise<SchemaRow[]> {
  const { results } = await db
    .prepare(
      "SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND type IN ('table', 'view', 'trigger', 'index') ORDER BY type, name",
    )
    .all<SchemaRow>();
  return results;
}

/** Tables a DELETE or DROP can take one by one: virtual tables (their shadow tables go with them) and plain ones, children first. */
function childrenFirst(schema: SchemaRow[]): string[] {
  const virtual = schema
    .filter((r) => r.type === 'table' && /^CREATE VIRTUAL TABLE/i.test(r.sql ?? ''))
    .map((r) => r.name);
  const shadow = (name: string) => virtual.some((v) => name.startsWith(`${v}_`));
  const plain = schema.filter((r) => r.type === 'table' && !virtual.includes(r.name) && !shadow(r.name));
  const references = new Map(
    plain.map((r) => [
      r.name,
      new Set([...(r.sql ?? '').matchAll(/REFERENCES\s+"?(\w+)"?/gi)].map((m) => m[1]!).filter((t) => t !== r.name)),
    ]),
  );
  const ordered: string[] = [...virtual];
  for (let left = plain.map((r) => r.name); left.length > 0;) {
    const leaves = left.filter((name) => !left.some((other) => references.get(other)?.has(name)));
    if (leaves.length === 0) throw new Error(`fresh-d1: foreign keys in a cycle among ${left.join(', ')}`);
    ordered.push(...leaves);
    left = left.filter((name) => !leaves.includes(name));
  }
  return ordered;
}

async function dropEverything(db: D1Database, schema: SchemaRow[]): Promise<void> {
  const first = [
    ...schema.filter((r) => r.type === 'trigger').map((r) => `DROP TRIGGER IF EXISTS ${quote(r.name)}`),
    ...schema.filter((r) => r.type === 'view').map((r) => `DROP VIEW IF EXISTS ${quote(r.name)}`),
  ];
  if (first.length) await db.batch(first.map((sql) => db.prepare(sql)));
  const tables = childrenFirst(schema);
  if (tables.length) await db.batch(tables.map((name) => db.prepare(`DROP TABLE IF EXISTS ${quote(name)}`)));
}

async function takeBaseline(db: D1Database): Promise<Baseline> {
  const schema = await schemaOf(db);
  const tables = childrenFirst(schema);
  const rows: Baseline['rows'] = [];
  for (const table of [...tables].reverse()) {
    const virtual = /^CREATE VIRTUAL TABLE/i.test(schema.find((r) => r.name === table)?.sql ?? '');
    const { results } = await db
      .prepare(`SELECT ${virtual ? 'rowid, ' : ''}* FROM ${quote(table)}`)
      .all<Record<string, unknown>>();
    for (const row of results) rows.push({ table, columns: Object.keys(row), values: Object.values(row) });
  }
  const triggers = schema.filter((r) => r.type === 'trigger' && r.sql).map((r) => r.sql!);
  const virtual = schema
    .filter((r) => r.type === 'table' && /^CREATE VIRTUAL TABLE/i.test(r.sql ?? ''))
    .map((r) => ({ name: r.name, sql: r.sql! }));
  return {
    schema: JSON.stringify(schema),
    tables: tables.filter((t) => !virtual.some((v) => v.name === t)),
    rows,
    triggers,
    virtual,
  };
}

function restore(db: D1Database, { tables, rows, triggers, virtual }: Baseline): Promise<unknown> {
  return db.batch([
    ...triggers.map((sql) =>
      db.prepare(
        `DROP TRIGGER IF EXISTS ${quote(/^CREATE\s+TRIGGER\s+(?:IF NOT EXISTS\s+)?"?(\w+)"?/i.exec(sql)![1]!)}`,
      ),
    ),
    ...virtual.flatMap(({ name, sql }) => [db.prepare(`DROP TABLE ${quote(name)}`), db.prepare(sql)]),
    ...tables.map((name) => db.prepare(`DELETE FROM ${quote(name)}`)),
    ...rows.map(({ table, columns, values }) =>
      db
        .prepare(
          `INSERT INTO ${quote(table)} (${columns.map(quote).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
        )
        .bind(...values),
    ),
    ...triggers.map((sql) => db.prepare(sql)),
  ]);
}

/** The D1 of a database just migrated; returns how it got there (for the setup's own test). */
export async function freshD1(db: D1Database, migrations: D1Migration[]): Promise<'restored' | 'migrated'> {
  const schema = await schemaOf(db);
  if (baseline && JSON.stringify(schema) === baseline.schema) {
    await restore(db, baseline);
    return 'restored';
  }
  await dropEverything(db, schema);
  await applyD1Migrations(db, migrations);
  baseline = await takeBaseline(db);
  return 'migrated';
}
