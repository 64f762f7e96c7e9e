import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without types
import { cronOf, runCron, triggerUrl } from '../../scripts/cron.mjs';
// @ts-expect-error: a plain .mjs script without types
import { runtimeOptions } from '../../scripts/runtime.mjs';

const root = new URL('../../', import.meta.url).pathname;

/** A stand-in for the local runtime's trigger endpoint, answering `outcome` (and recording what it was asked). */
let server: Server | null = null;
async function runtime(outcome: string, status = 200): Promise<{ port: number; asked: string[] }> {
  const asked: string[] = [];
  server = createServer((req, res) => {
    asked.push(req.url ?? '');
    if (!req.url?.startsWith('/cdn-cgi/local/scheduled')) return res.writeHead(404).end('not found');
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ outcome, noRetry: false }));
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { port: (server!.address() as AddressInfo).port, asked };
}
afterEach(async () => {
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(null)));
  server = null;
});

describe('npm run cron (scripts/cron.mjs): the scheduled handler against the running local store', () => {
  it('the local runtime enables the scheduled trigger (Miniflare unsafeTriggerHandlers)', () => {
    // A stand-in bundle (Miniflare's options read the worker module), under the ignored .wrangler folder.
    const outdir = `.wrangler/cron-test-${process.pid}`;
    mkdirSync(`${root}${outdir}`, { recursive: true });
    writeFileSync(`${root}${outdir}/index.js`, 'export default {};\n');
    try {
      // Guard: without it /cdn-cgi/local/scheduled is the worker's own 404 and npm run cron cannot run the handler.
      expect(runtimeOptions({ port: 8787, outdir }).unsafeTriggerHandlers).toBe(true);
    } finally {
      rmSync(`${root}${outdir}`, { recursive: true, force: true });
    }
  });

  it('asks the trigger with wrangler.toml’s cron and reports the handler’s outcome', async () => {
    const cron = cronOf(readFileSync(`${root}wrangler.toml`, 'utf8'));
    expect(cron).toBe('*/5 * * * *');
    const ok = await runtime('ok');
    expect(await runCron({ port: ok.port, cron })).toEqual({
      ok: true,
      message: 'scheduled handler (*/5 * * * *): ok',
    });
    expect(ok.asked).toEqual([new URL(triggerUrl(ok.port, cron)).pathname + new URL(triggerUrl(ok.port, cron)).search]);
  });

  it('a handler that threw is a failure (exit 1), and so is no store at all', async () => {
    const failed = await runtime('exception', 500);
    // npm run cron itself, as a process (not blocking this one: the stand-in runtime answers from here).
    const script = (port: number) =>
      new Promise<{ status: number | null; stderr: string }>((resolve) => {
        const child = execFile(
          process.execPath,
          [`${root}scripts/cron.mjs`, '--port', String(port)],
          (_error, _out, stderr) => resolve({ status: child.exitCode, stderr }),
        );
      });
    const run = await script(failed.port);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('scheduled handler (*/5 * * * *): exception');
    await new Promise((resolve) => server!.close(resolve));
    server = null;
    const nobody = await script(failed.port);
    expect(nobody.status).toBe(1);
    expect(nobody.stderr).toContain('start it with npm start');
  });
});
