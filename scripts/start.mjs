// `npm start`: build the client and the worker bundle, then serve it on http://127.0.0.1:8787 on workerd (Miniflare),
// supervised and without a file watcher (scripts/serve.mjs; `npm run dev` is the live-reload alternative).
// A fresh clone does not wait for the seed's ~4,400 image files: each picture is rendered on its first request.
// Prints what took the time.
import { checkCommerceApiUrl, checkConfig } from './config-check.mjs';
import { log, run } from './commands.mjs';
import { buildWorker, timer } from './runtime.mjs';
import { supervise } from './serve.mjs';

const port = process.env.PORT ?? '8787';
const time = timer();
run('node', ['scripts/build-client.mjs', '--no-images']);
time.step('client bundle');
const size = await buildWorker();
time.step(`worker bundle (wrangler deploy --dry-run, ${(size.gzip / 1024).toFixed(0)} KB gzip)`);
checkCommerceApiUrl();
// A var the worker or a live payment provider refuses stops here, not at the shoppers' first page.
if ((await checkConfig()).length > 0) {
  console.error('npm start: fix the configuration above (wrangler.toml [vars], .dev.vars) and start again');
  process.exit(1);
}
const since = performance.now();
supervise({
  // Locally, identity encoding keeps SSR streaming visible (miniflare would gzip and hold the HTML).
  args: ['--port', port, '--var', 'STREAM_IDENTITY:1', '--images-on-demand', ...process.argv.slice(2)],
  port,
  reseed: process.argv.includes('--reseed'),
  onReady: (m) => {
    if (!time.steps.some((s) => s.name.startsWith('runtime'))) {
      time.step(
        `runtime + database (workerd ${(m.runtimeMs / 1000).toFixed(1)} s, database ${(m.databaseMs / 1000).toFixed(1)} s)`,
        since,
      );
      log(`serving http://127.0.0.1:${port} — ${time.total().toFixed(1)} s after npm start (Ctrl-C stops it)`);
    }
  },
});
