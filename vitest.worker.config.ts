import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-pool-workers';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { resizeRequest } from './scripts/generate-images.mjs';

export default defineConfig(async () => {
  const migrations = await readD1Migrations('src/db/migrations');
  return {
    plugins: [
      cloudflareTest({
        main: './src/index.ts',
        wrangler: { configPath: './wrangler.toml' },
        miniflare: {
          // test/worker/images-bucket.test.ts hands this to the worker as IMAGES (other tests keep static assets).
          r2Buckets: ['TEST_IMAGES'],
          // test/worker/product-photos.test.ts hands this to the worker as DEV_IMAGES: the local runtime's resizer
          // (sharp, in Node), which makes an uploaded photo's variants where production has the Images binding.
          serviceBindings: { TEST_IMAGE_RESIZER: (request: Request) => resizeRequest(request) },
          bindings: {
            TEST_MIGRATIONS: migrations,
            // test/worker/fuzz.test.ts: inputs per endpoint (20 in the test tier) and the seed (random, printed).
            FUZZ_RUNS: process.env.FUZZ_RUNS ?? '',
            FUZZ_SEED: process.env.FUZZ_SEED ?? '',
            // Every edge cache hit reads the content version: each file starts on an emptied D1 whose version starts
            // over, which a version remembered by the isolate (files share it) would not know. The remembering itself
            // (1 s by default) is tested with an app of its own in test/worker/edge-cache.test.ts.
            CONTENT_VERSION_TTL_MS: '0',
          },
        },
      }),
    ],
    test: {
      // WORKER_BENCH=1 (npm run bench -- --import-only): the timed cases in test/worker-bench instead, which the test
      // command does not run (performance figures live in the bench, never in pass/fail tests).
      include: process.env.WORKER_BENCH
        ? ['test/worker-bench/**/*.test.ts']
        : ['test/worker/**/*.test.ts', 'test/worker/**/*.test.tsx'],
      setupFiles: ['./test/worker/setup.ts'],
      // Vitest's default is one file at a time on 2 cores (CPUs - 1); a file mostly waits on workerd and on the module
      // runner, so two at once cut the tier from about 266 s to 207 s on the 2-core CI machine kind.
      maxWorkers: Math.max(2, availableParallelism() - 1),
      // A file's modules are not loaded again for it (about 2.5 s a file, most of the tier's time): files share their
      // worker's modules; test/worker/setup.ts gives each one an empty D1 and spies of its own.
      isolate: false,
      // Concurrency tests run many requests against real D1; on a loaded 2-core machine 5 s is not enough.
      testTimeout: 30_000,
      // The worker logs one JSON line per request (ADR 0020); thousands of them would bury the test output.
      onConsoleLog: (log: string) => (log.startsWith('{"type":"request"') ? false : undefined),
    },
  };
});
