// `npm test`: build → typecheck + lint + deploy proof (side by side) → unit → worker (real D1 in workerd) → e2e (Debian Chromium).
// Prints the 10 slowest tests, then ends with one line `N passed, N failed` counted from each runner's JSON report.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { log, root, run, start } from './commands.mjs';

const reports = `${root}.wrangler/reports`;
rmSync(reports, { recursive: true, force: true });
let passed = 0;
let failed = 0;
const summary = [];
/** Every test's duration, for the slowest-ten list: [ms, tier, name]. */
const durations = [];
/** Every failed test with the start of its error, repeated at the end so that the last lines of a CI log name them. */
const failures = [];
const firstLines = (text) =>
  String(text ?? '')
    .replace(/\x1b\[[0-9;]*m/g, '')
    .split('\n')
    .filter((line) => line.trim())
    .slice(0, 6)
    .map((line) => `      ${line.slice(0, 200)}`)
    .join('\n');

async function step(name, fn) {
  const started = Date.now();
  log(name);
  const [p, f] = await fn();
  passed += p;
  failed += f;
  // The 1-minute load average as the step ends: timings from a busy machine are read as such.
  summary.push(
    `${name}: ${p} passed, ${f} failed (${((Date.now() - started) / 1000).toFixed(1)} s, load ${loadavg()[0].toFixed(1)})`,
  );
}

// A check (build, typecheck, lint) is no test: it adds nothing to `passed`, and one failure when it fails.
function check(cmd, args) {
  return run(cmd, args, { allowFail: true }).status === 0 ? [0, 0] : [0, 1];
}

function vitest(config, name) {
  const file = `${reports}/${name}.json`;
  const result = run(
    'vitest',
    ['run', '--config', config, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`],
    {
      allowFail: true,
    },
  );
  if (!existsSync(file)) return [0, 1];
  const json = JSON.parse(readFileSync(file, 'utf8'));
  for (const suite of json.testResults ?? []) {
    for (const t of suite.assertionResults ?? []) {
      durations.push([t.duration ?? 0, name, `${suite.name.replace(root, '')} › ${t.fullName}`]);
      if (t.status === 'failed')
        failures.push(
          `  ${name}  ${suite.name.replace(root, '')} › ${t.fullName}\n${firstLines(t.failureMessages?.[0])}`,
        );
    }
    // A file that failed before or outside its tests (an import error, an unhandled rejection) has no failed test to name.
    if (suite.status === 'failed' && !(suite.assertionResults ?? []).some((t) => t.status === 'failed')) {
      failures.push(`  ${name}  ${suite.name.replace(root, '')}\n${firstLines(suite.message)}`);
    }
  }
  const f = json.numFailedTests + (result.status !== 0 && json.numFailedTests === 0 ? 1 : 0);
  return [json.numPassedTests, f];
}

// `flaky` (passed on its retry) counts as passed but is reported on its own line.
let flaky = 0;
function countPlaywright(suites) {
  let p = 0;
  let f = 0;
  for (const suite of suites ?? []) {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === 'expected' || test.status === 'flaky') p++;
        else if (test.status === 'unexpected') f++;
        if (test.status === 'flaky') flaky++;
        if (test.status === 'unexpected') {
          const error = (test.results ?? []).map((r) => r.error?.message).find(Boolean);
          failures.push(`  e2e  ${spec.file} › ${spec.title}\n${firstLines(error)}`);
        }
        const ms = (test.results ?? []).reduce((n, r) => n + (r.duration ?? 0), 0);
        durations.push([ms, 'e2e', `${spec.file} › ${spec.title}`]);
      }
    }
    const [cp, cf] = countPlaywright(suite.suites);
    p += cp;
    f += cf;
  }
  return [p, f];
}

// Images render on first request in the e2e runtime (`npm run build` renders all of them for a deploy).
await step('build', () => check('node', ['scripts/build-client.mjs', '--no-images']));

/** Runs checks side by side (each mostly one core; CI has two), printing each one's output whole as it ends. */
async function checksAtOnce(list) {
  const statuses = await Promise.all(
    list.map(
      ([cmd, args]) =>
        new Promise((resolve) => {
          const child = start(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
          let out = '';
          child.stdout.on('data', (d) => (out += d));
          child.stderr.on('data', (d) => (out += d));
          child.on('close', (code) => {
            process.stdout.write(`\n\x1b[36m▸\x1b[0m ${cmd} ${args.join(' ')} (exit ${code})\n${out}`);
            resolve(code === 0 ? [0, 0] : [0, 1]);
          });
        }),
    ),
  );
  return statuses.reduce(([a, b], [c, d]) => [a + c, b + d], [0, 0]);
}

// Typecheck (three projects), lint and the deploy proof (`wrangler deploy --dry-run` and its size, env types against
// wrangler.toml, every migration from zero and forward) side by side: one failure each when they fail.
await step('typecheck, lint, deploy proof', () =>
  checksAtOnce([
    ['tsc', ['--noEmit', '-p', 'tsconfig.json']],
    ['tsc', ['--noEmit', '-p', 'client/tsconfig.json']],
    ['tsc', ['--noEmit', '-p', 'test/e2e/tsconfig.json']],
    ['eslint', ['.', '--max-warnings=0']],
    // One format for every file (.prettierrc); `npm run format` writes it.
    ['prettier', ['--check', '--log-level=warn', '.']],
    ['node', ['scripts/check-doc-refs.mjs']],
    // No import cycle between the domain folders of src/commerce, nor between its files.
    ['node', ['scripts/check-cycles.mjs']],
    // A source file over 300 lines says why on its first line.
    ['node', ['scripts/check-sizes.mjs']],
    // The request bodies our live adapters send, against our provider subsets — and against the providers' official
    // OpenAPI documents when PROVIDER_DOCS names a folder holding them (README "Live payments").
    ['node', ['scripts/check-provider-schemas.mjs', '--bodies']],
    ['node', ['scripts/check-deploy.mjs']],
  ]),
);
await step('unit', () => vitest('vitest.unit.config.ts', 'unit'));
await step('worker', () => vitest('vitest.worker.config.ts', 'worker'));
await step('e2e', () => {
  const file = `${reports}/e2e.json`;
  const result = run('node', ['scripts/e2e.mjs', '--reporter=list,json'], {
    allowFail: true,
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: file, SKIP_BUILD: '1' },
  });
  if (!existsSync(file)) return [0, 1];
  const [p, f] = countPlaywright(JSON.parse(readFileSync(file, 'utf8')).suites);
  return [p, f + (result.status !== 0 && f === 0 ? 1 : 0)];
});

if (flaky) summary.push(`e2e: ${flaky} test(s) passed only on a retry (E2E_RETRIES was set)`);
const slowest = durations.sort((a, b) => b[0] - a[0]).slice(0, 10);
console.log(
  '\nslowest tests:\n' +
    slowest.map(([ms, tier, name]) => `  ${(ms / 1000).toFixed(1).padStart(6)} s  ${tier}  ${name}`).join('\n'),
);
if (failures.length) console.log('\nfailed tests:\n' + failures.join('\n'));
console.log('\n' + summary.join('\n'));
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
