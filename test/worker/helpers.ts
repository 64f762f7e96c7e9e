import { env } from 'cloudflare:workers';
import { createApp, type AppOptions } from '../../src/app';
import { seedStatements } from '../../src/db/seed';
import type { Bindings } from '../../src/env';

/** Loads the standard seed (menu + parameters) into this file's D1, replacing what was there. */
export async function seed(now = new Date()): Promise<void> {
  const statements = seedStatements(now).map((s) => env.DB.prepare(s.sql).bind(...s.params));
  await env.DB.batch(statements);
}

export async function setParameter(key: string, value: string): Promise<void> {
  await env.DB.prepare('INSERT INTO parameters (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value')
    .bind(key, value)
    .run();
}

/** An app instance with its own bindings (so config is parsed afresh) and optional upstream fetcher. */
export function makeApp(vars: Partial<Bindings> = {}, options: AppOptions = {}) {
  const bindings: Bindings = { ...env, ...vars };
  const app = createApp(options);
  return {
    app,
    bindings,
    request: (path: string, init?: RequestInit) => app.request(path, init, bindings),
  };
}
