import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { seed } from './app-harness';
import { freshD1 } from './fresh-d1';

/** Every row of every table but the content version (setup.ts moves it to a random offset per file). */
async function everything(): Promise<Record<string, unknown[]>> {
  const { results: tables } = await env.DB.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name <> 'content_version' ORDER BY name",
  ).all<{ name: string }>();
  const out: Record<string, unknown[]> = {};
  for (const { name } of tables) out[name] = (await env.DB.prepare(`SELECT * FROM "${name}" ORDER BY 1`).all()).results;
  return out;
}

const schema = async () =>
  (await env.DB.prepare('SELECT type, name, sql FROM sqlite_master ORDER BY type, name').all()).results;

describe('each worker test file starts on the database the migrations make (test/worker/setup.ts)', () => {
  it('a file that wrote everywhere, the append-only audit log included, leaves nothing to the next one', async () => {
    const migrated = await everything();
    const tables = await schema();
    await seed();
    await env.DB.prepare(
      "INSERT INTO audit_log (staff_id, staff_email, action, entity, entity_id, request_id) VALUES (1, 'a@b.c', 'product.update', 'product', '1', 'r')",
    ).run();
    expect((await everything()).products!.length).toBeGreaterThan(0);

    expect(await freshD1(env.DB, env.TEST_MIGRATIONS)).toBe('restored');
    expect(await everything()).toEqual(migrated);
    expect(await schema()).toEqual(tables);
    // The audit log is append-only again (its triggers came back).
    await expect(env.DB.prepare('DELETE FROM audit_log').run()).resolves.toBeDefined();
    await env.DB.prepare(
      "INSERT INTO audit_log (staff_id, staff_email, action, entity, entity_id, request_id) VALUES (1, 'a@b.c', 'product.update', 'product', '1', 'r')",
    ).run();
    await expect(env.DB.prepare('DELETE FROM audit_log').run()).rejects.toThrow();
  });

  it('a file that changed the schema (a trigger dropped) gets the migrations applied again', async () => {
    const tables = await schema();
    const trigger = (tables as { type: string; name: string }[]).find((r) => r.type === 'trigger')!;
    await env.DB.prepare(`DROP TRIGGER "${trigger.name}"`).run();
    await env.DB.prepare('CREATE TABLE left_behind (id INTEGER PRIMARY KEY)').run();

    expect(await freshD1(env.DB, env.TEST_MIGRATIONS)).toBe('migrated');
    expect(await schema()).toEqual(tables);
  });
});
