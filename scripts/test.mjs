// `npm test`: build → typecheck + lint → unit → worker (real D1 in workerd) → e2e (Debian Chromium).
// Ends with one line `N passed, N failed` counted from each runner's JSON report.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { log, root, run } from './lib.mjs';

const reports = `${root}.wrangler/reports`;
rmSync(reports, { recursive: true, force: true });
let passed = 0;
let failed = 0;
const summary = [];

function step(name, fn) {
  const started = Date.now();
  log(name);
  const [p, f] = fn();
  passed += p;
  failed += f;
  summary.push(`${name}: ${p} passed, ${f} failed (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

// A check (build, typecheck, lint) is no test: it adds nothing to `passed`, and one failure when it fails.
function check(cmd, args) {
  return run(cmd, args, { allowFail: true }).status === 0 ? [0, 0] : [0, 1];
}

function vitest(config, name) {
  const file = `${reports}/${name}.json`;
  const result = run('vitest', ['run', '--config', config, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`], {
    allowFail: true,
  });
  if (!existsSync(file)) return [0, 1];
  const json = JSON.parse(readFileSync(file, 'utf8'));
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
      }
    }
    const [cp, cf] = countPlaywright(suite.suites);
    p += cp;
    f += cf;
  }
  return [p, f];
}

step('build', () => check('node', ['scripts/build-client.mjs']));
step('typecheck', () => {
  const results = [
    check('tsc', ['--noEmit', '-p', 'tsconfig.json']),
    check('tsc', ['--noEmit', '-p', 'client/tsconfig.json']),
    check('tsc', ['--noEmit', '-p', 'test/e2e/tsconfig.json']),
  ];
  return results.reduce(([a, b], [c, d]) => [a + c, b + d], [0, 0]);
});
step('lint', () => check('eslint', ['.', '--max-warnings=0']));
step('unit', () => vitest('vitest.unit.config.ts', 'unit'));
step('worker', () => vitest('vitest.worker.config.ts', 'worker'));
step('e2e', () => {
  const file = `${reports}/e2e.json`;
  const result = run('node', ['scripts/e2e.mjs', '--reporter=list,json'], {
    allowFail: true,
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: file, SKIP_BUILD: '1' },
  });
  if (!existsSync(file)) return [0, 1];
  const [p, f] = countPlaywright(JSON.parse(readFileSync(file, 'utf8')).suites);
  return [p, f + (result.status !== 0 && f === 0 ? 1 : 0)];
});

if (flaky) summary.push(`e2e: ${flaky} test(s) passed only on their retry (see the [e2e-server] restarts above)`);
console.log('\n' + summary.join('\n'));
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
