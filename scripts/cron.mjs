#!/usr/bin/env node
// `npm run cron`: runs the worker's scheduled handler (src/scheduled.ts: payment reconciliation, expiry, captures,
// cancelled sales closed at their provider, refunds sent and read back) once, now, against the store `npm start`
// serves. The local runtime (scripts/runtime.mjs) enables Miniflare's trigger endpoint `/cdn-cgi/local/scheduled`,
// which dispatches a `scheduled` event with wrangler.toml's cron to the worker, exactly as the */5 trigger would.
// Nothing like it exists on a deployed worker: Cloudflare runs the cron there.
//
//   npm run cron [-- --port 8787]     (PORT works too; exit 1 when the handler failed or no store answers)
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const root = new URL('..', import.meta.url).pathname;

/** The first cron expression of wrangler.toml's `[triggers] crons`. */
export function cronOf(toml) {
  const triggers = /^\[triggers\][^[]*?crons\s*=\s*\[\s*"([^"]+)"/m.exec(toml);
  if (!triggers) throw new Error('wrangler.toml has no [triggers] crons');
  return triggers[1];
}

/** The local runtime's trigger for one scheduled run (JSON outcome). */
export const triggerUrl = (port, cron) =>
  `http://127.0.0.1:${port}/cdn-cgi/local/scheduled?cron=${encodeURIComponent(cron)}&format=json`;

export async function runCron({ port, cron, timeoutMs = 120_000 }) {
  let response;
  try {
    response = await fetch(triggerUrl(port, cron), { signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    return {
      ok: false,
      message: `no store answers on 127.0.0.1:${port} (${error.cause?.code ?? error.name}): start it with npm start`,
    };
  }
  const text = await response.text();
  if (response.status === 404)
    return {
      ok: false,
      message: `the runtime on port ${port} has no scheduled trigger (is it npm start's? npm run dev: wrangler dev --test-scheduled)`,
    };
  let outcome = text;
  try {
    outcome = JSON.parse(text).outcome ?? text;
  } catch {}
  return { ok: response.ok && outcome === 'ok', message: `scheduled handler (${cron}): ${outcome}` };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { port: { type: 'string', default: process.env.PORT ?? '8787' } } });
  const result = await runCron({ port: values.port, cron: cronOf(readFileSync(`${root}wrangler.toml`, 'utf8')) });
  (result.ok ? console.log : console.error)(
    `${result.ok ? '▸' : '✗'} ${result.message}${result.ok ? ' (the worker’s log lines are in npm start’s output)' : ''}`,
  );
  process.exit(result.ok ? 0 : 1);
}
