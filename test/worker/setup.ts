import { applyD1Migrations } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { vi } from 'vitest';

// Test files share a worker's modules (`isolate: false`: the worker's module graph loads once, not once per file)
// and, one file after another, its D1 and edge cache. So each file starts from what isolation gave it:
// - no spy left by the file before;
vi.restoreAllMocks();
// - an empty D1 (only one file runs in a worker at a time), then the same migrations `wrangler d1 migrations apply` runs;
const { results } = await env.DB.prepare(
  "SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND type IN ('table', 'view', 'trigger')",
).all<{ type: string; name: string; sql: string | null }>();
const virtual = results
  .filter((r) => r.type === 'table' && /^CREATE VIRTUAL TABLE/i.test(r.sql ?? ''))
  .map((r) => r.name);
// An FTS5 table's shadow tables go with it.
const shadow = (name: string) => virtual.some((v) => name.startsWith(`${v}_`));
const tables = results
  .filter((r) => r.type === 'table' && !virtual.includes(r.name) && !shadow(r.name))
  .map((r) => r.name);
const first = [
  ...results.filter((r) => r.type === 'trigger').map((r) => `DROP TRIGGER IF EXISTS "${r.name}"`),
  ...results.filter((r) => r.type === 'view').map((r) => `DROP VIEW IF EXISTS "${r.name}"`),
  ...virtual.map((name) => `DROP TABLE IF EXISTS "${name}"`),
];
if (first.length) await env.DB.batch(first.map((sql) => env.DB.prepare(sql)));
// Children before the tables they reference (dropping a table whose parent is gone fails), self-references aside.
const references = new Map(
  results
    .filter((r) => tables.includes(r.name))
    .map((r) => [
      r.name,
      new Set([...(r.sql ?? '').matchAll(/REFERENCES\s+"?(\w+)"?/gi)].map((m) => m[1]!).filter((t) => t !== r.name)),
    ]),
);
for (let left = tables; left.length > 0;) {
  const leaves = left.filter((name) => !left.some((other) => references.get(other)?.has(name)));
  if (leaves.length === 0) throw new Error(`setup: foreign keys in a cycle among ${left.join(', ')}`);
  await env.DB.batch(leaves.map((name) => env.DB.prepare(`DROP TABLE IF EXISTS "${name}"`)));
  left = left.filter((name) => !leaves.includes(name));
}
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
// - and an edge cache whose entries, stored at content versions of an earlier file's database, never match: this
//   file's versions start at a random offset.
await env.DB.prepare('UPDATE content_version SET version = ?1 WHERE id = 1')
  .bind(1 + Math.floor(Math.random() * 1e9))
  .run();
