// A CPU burner for proving the test command on a busy machine (it must pass at load ≥ 6 with no test retried):
//   node scripts/cpu-burn.mjs [--threads 6] [--minutes 20]   (in another terminal, then run `npm test`)
// Each thread spins until the time is up (or Ctrl-C); every minute it prints the 1-minute load average.
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { isMainThread, Worker } from 'node:worker_threads';

if (isMainThread) {
  const { values } = parseArgs({
    options: { threads: { type: 'string', default: '6' }, minutes: { type: 'string', default: '20' } },
  });
  const threads = Number(values.threads);
  const until = Date.now() + Number(values.minutes) * 60_000;
  const workers = Array.from({ length: threads }, () => new Worker(new URL(import.meta.url), { workerData: until }));
  console.log(`cpu-burn: ${threads} spinning threads for ${values.minutes} min`);
  const report = setInterval(
    () =>
      console.log(
        `cpu-burn: load average ${loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')}`,
      ),
    60_000,
  );
  const stop = () => {
    clearInterval(report);
    for (const w of workers) w.terminate();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  await Promise.all(workers.map((w) => new Promise((resolve) => w.on('exit', resolve))));
  clearInterval(report);
} else {
  const { workerData: until } = await import('node:worker_threads');
  let x = 0;
  while (Date.now() < until) for (let i = 0; i < 1e6; i++) x = (x * 31 + i) >>> 0;
}
