// Serves the built worker (`.wrangler/dist`, from `wrangler deploy --dry-run`) on workerd through Miniflare, supervised:
// the runtime runs in a child process group; if it exits, or stops answering, it is restarted and the log says so.
// Ctrl-C (or SIGTERM) stops every process. The caller builds first (scripts/start.mjs, e2e.mjs, bench, soak, lighthouse).
//
//   node scripts/serve.mjs [--port 8787] [--persist .wrangler/state] [--var NAME:value]… [--images-on-demand] [--https] [--reseed]
// (--https: a self-signed certificate, for the Lighthouse script's production-host runs.)
//
// Before serving, the child applies pending migrations and seeds an empty database (scripts/runtime.mjs).
import { spawn } from 'node:child_process';
import { existsSync, openSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { get as httpsGet } from 'node:https';
import { parseArgs } from 'node:util';
import { log, root, run } from './commands.mjs';
import { holdServeLock, persistOf } from './serve-lock.mjs';

const { values } = parseArgs({
  strict: false,
  options: {
    port: { type: 'string', default: process.env.PORT ?? '8787' },
    persist: { type: 'string', default: '.wrangler/state' },
    var: { type: 'string', multiple: true, default: [] },
    'images-on-demand': { type: 'boolean', default: false },
    https: { type: 'boolean', default: false },
    reseed: { type: 'boolean', default: false },
    child: { type: 'boolean', default: false },
  },
});

const vars = Object.fromEntries(
  values.var.map((v) => {
    const at = v.indexOf(':');
    return [v.slice(0, at), v.slice(at + 1)];
  }),
);

if (import.meta.url === `file://${process.argv[1]}`) {
  if (values.child) await child();
  else {
    // A fresh checkout has neither the client build the worker imports (src/generated/, from `npm run build`) nor a
    // worker bundle (`npm start` makes both): the client first (pictures render on their first request), then the worker.
    const { DIST, buildWorker } = await import('./runtime.mjs');
    const args = process.argv.slice(2);
    if (!existsSync(`${root}src/generated/assets.json`) || !existsSync(`${root}src/generated/styles.json`)) {
      log('no client build yet: building it (npm run build, pictures rendered on their first request)');
      run('node', ['scripts/build-client.mjs', '--no-images']);
      if (!args.includes('--images-on-demand')) args.push('--images-on-demand');
    }
    if (!existsSync(`${DIST}/index.js`)) {
      log('no worker bundle yet: building it (wrangler deploy --dry-run)');
      await buildWorker();
    }
    supervise({ args, port: values.port, reseed: values.reseed });
  }
}

/** The runtime itself: Miniflare + workerd, the database made ready first. Reports readiness over IPC. */
async function child() {
  const { setupDatabase, startRuntime } = await import('./runtime.mjs');
  const started = performance.now();
  const services = {};
  if (values['images-on-demand']) {
    const { createImageServer } = await import('./generate-images.mjs');
    services.DEV_IMAGES = await createImageServer(`${root}public`);
  }
  const mf = await startRuntime({ port: values.port, persist: values.persist, vars, services, https: values.https });
  const runtimeMs = performance.now() - started;
  const db = await setupDatabase(mf, { reseed: values.reseed });
  // (A supervisor already gone, e.g. a test run that ended while this child was starting: nothing to tell.)
  if (process.connected)
    process.send?.({ ready: true, runtimeMs, databaseMs: performance.now() - started - runtimeMs, ...db });
  const stop = async () => {
    await mf.dispose().catch(() => {});
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  // The supervisor is gone (even SIGKILLed): nobody would ever stop this runtime, so stop now.
  process.on('disconnect', stop);
}

/** Whether the runtime answers a GET within 5 s (any status; the local HTTPS certificate is self-signed). */
function answers(url) {
  return new Promise((resolve) => {
    const get = url.startsWith('https') ? httpsGet : httpGet;
    const req = get(url, { rejectUnauthorized: false, timeout: 5000 }, (res) => {
      res.resume();
      resolve(true);
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(false));
  });
}

/**
 * Starts and watches the runtime; `args` are this script's own options (see the top). `onReady` is called with the
 * child's report each time the runtime is ready. Returns `stop()`.
 */
export function supervise({ args, port, reseed = false, onReady = () => {}, logFile = null }) {
  // The runtime's own output (one JSON line per request, workerd's warnings) to a file instead of this terminal: the
  // child writes it there itself (no copy through this process, which shares the CPU with the runtime and a bench).
  const sink = logFile ? openSync(logFile, 'a') : 'inherit';
  const url = `${args.includes('--https') ? 'https' : 'http'}://127.0.0.1:${port}`;
  args = args.filter((a) => a !== '--reseed');
  // db:restore refuses while this lock is held (scripts/serve-lock.mjs), whatever the traffic.
  holdServeLock(persistOf(args));
  let current = null;
  let stopping = false;
  let restarts = 0;
  let firstStart = true;

  const killGroup = (proc, signal) => {
    try {
      process.kill(-proc.pid, signal);
    } catch {
      /* already gone */
    }
  };

  function startChild() {
    const startedAt = performance.now();
    // Its own process group, so workerd (Miniflare's child) goes with it whatever happens to the Node process.
    const proc = spawn(
      process.execPath,
      [new URL(import.meta.url).pathname, '--child', ...args, ...(firstStart && reseed ? ['--reseed'] : [])],
      {
        stdio: ['ignore', sink, sink, 'ipc'],
        detached: true,
        env: process.env,
      },
    );
    firstStart = false;
    current = { proc, healthy: false, failures: 0 };
    proc.on('message', (m) => {
      if (!m?.ready) return;
      current.healthy = true;
      const db = [
        m.applied.length ? `${m.applied.length} migration(s) applied` : 'migrations up to date',
        m.seeded ? `seeded (${m.seeded} statements)` : 'already seeded',
      ];
      log(
        `runtime ready on ${url} in ${((performance.now() - startedAt) / 1000).toFixed(1)} s ` +
          `(workerd ${(m.runtimeMs / 1000).toFixed(1)} s, database ${(m.databaseMs / 1000).toFixed(1)} s: ${db.join(', ')})` +
          (restarts ? ` — restart #${restarts}` : ''),
      );
      onReady(m);
    });
    proc.on('exit', (code, signal) => {
      killGroup(proc, 'SIGKILL');
      if (stopping) return;
      restarts += 1;
      console.error(`[serve] runtime exited (${code ?? signal}); restarting (restart #${restarts})`);
      setTimeout(startChild, 500);
    });
  }

  // Liveness: a runtime that stops answering (workerd gone, a hang) is replaced, not waited for.
  const probe = setInterval(async () => {
    if (!current?.healthy || stopping) return;
    const ok = await answers(`${url}/robots.txt`);
    current.failures = ok ? 0 : current.failures + 1;
    if (current.failures >= 3) {
      console.error(`[serve] runtime not answering on ${url}; restarting it`);
      current.healthy = false;
      killGroup(current.proc, 'SIGKILL');
    }
  }, 2000);

  const stop = () =>
    new Promise((resolve) => {
      if (stopping) return resolve();
      stopping = true;
      clearInterval(probe);
      const proc = current?.proc;
      if (!proc || proc.exitCode !== null) return resolve();
      killGroup(proc, 'SIGTERM');
      const timeout = setTimeout(() => {
        killGroup(proc, 'SIGKILL');
        resolve();
      }, 3000);
      proc.once('exit', () => {
        clearTimeout(timeout);
        resolve();
      });
    });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop().then(() => process.exit(0)));
  startChild();
  return { stop, url, restarts: () => restarts };
}
