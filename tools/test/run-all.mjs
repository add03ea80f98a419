#!/usr/bin/env node
// `npm test`: lint (with module boundaries), type-check, unit and component tests of
// every project, the api suite on PGlite (and on PostgreSQL when TEST_DATABASE_URL is
// set), then the e2e suites in Debian's Chromium. Every step runs even when an earlier one
// failed, so one run shows everything; the exit code is non-zero if anything failed.
// The last line is "N passed, N failed", summed over every suite.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const resultsDir = join(root, 'tmp/test-results');
const env = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false', FORCE_COLOR: process.env.FORCE_COLOR ?? '0' };
const skipE2e = process.argv.includes('--no-e2e');
const failedSteps = [];

function step(name, args, { cmd = 'npx', extraEnv = {} } = {}) {
  console.log(`\n=== ${name}: ${cmd === 'npx' ? 'npx' : cmd.replace(root + '/', '')} ${args.join(' ')}`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { cwd: root, env: { ...env, ...extraEnv }, stdio: 'inherit' });
  const secs = ((Date.now() - started) / 1000).toFixed(0);
  if (r.status !== 0) {
    failedSteps.push(name);
    console.log(`=== ${name}: FAILED (${secs}s)`);
  } else {
    console.log(`=== ${name}: ok (${secs}s)`);
  }
}

rmSync(resultsDir, { recursive: true, force: true });

step('workspace in sync', ['nx', 'sync:check']);
// Lint and typecheck cover every project as their nx targets do, in one process each: one
// eslint over the tree (each file under its nearest eslint.config.mjs, as a project's own
// `eslint .` reads it) and the typecheck targets' configs grouped into a few programs
// (tools/typecheck). Per project they started ~50 eslint and ~95 tsc processes, each
// loading the same plugins and parsing the same libs and types again: most of CI's time.
step('lint', ['eslint', '--flag', 'v10_config_lookup_from_file', 'apps', 'libs', 'tools']);
step('typecheck', ['tools/typecheck/typecheck.mjs'], { cmd: process.execPath });
step('unit and component tests', ['nx', 'run-many', '-t', 'test', '--outputStyle=static', '--parallel=2']);
if (process.env.TEST_DATABASE_URL) {
  step('api tests on PostgreSQL', ['nx', 'run-many', '-t', 'test-pg', '--outputStyle=static', '--parallel=2']);
} else {
  console.log('\n=== api tests on PostgreSQL: skipped (TEST_DATABASE_URL is not set)');
}
// Bundle budgets (tools/bundle-report): fails when the JS Chromium downloads for a route
// (until the network is idle, the api answering) outgrows its budget. A browser step.
if (!skipE2e) {
  step('web builds for the bundle budgets', ['nx', 'run-many', '-t', 'build', '-p', 'portal', 'public-borrower', '--outputStyle=static', '--parallel=1']);
  step('bundle budgets', ['tools/bundle-report/report.mjs'], { cmd: process.execPath });
} else {
  console.log('\n=== bundle budgets: skipped (--no-e2e: they are measured in Chromium)');
}
// The api suite once more on Node 22 when .ci/run installed it (.ci/node22, the registry's node@22).
const node22 = join(root, '.ci/node22/node_modules/.bin/node');
if (existsSync(node22)) {
  step('api tests on Node 22', ['node_modules/jest/bin/jest.js', '-c', 'apps/api/jest.config.cts'], {
    cmd: node22,
    extraEnv: { TEST_RESULT_NAME: 'api-node22' },
  });
}
if (!skipE2e) {
  // Every lib's stories in one static Storybook: renders, play functions, axe (tools/storybook/ci.mjs).
  step('storybook in Chromium', ['node', 'tools/storybook/ci.mjs']);
  step('e2e in Chromium', ['nx', 'run-many', '-t', 'e2e', '-p', 'portal-e2e', 'public-borrower-e2e', '--outputStyle=static', '--parallel=1']);
}

let passed = 0;
let failed = 0;
let skipped = 0;
const rows = [];
if (existsSync(resultsDir)) {
  for (const f of readdirSync(resultsDir).sort()) {
    if (!f.endsWith('.json')) continue;
    const data = JSON.parse(readFileSync(join(resultsDir, f), 'utf8'));
    let p = 0;
    let x = 0;
    let s = 0;
    if (f.startsWith('playwright-')) {
      p = (data.stats?.expected ?? 0) + (data.stats?.flaky ?? 0);
      x = data.stats?.unexpected ?? 0;
      s = data.stats?.skipped ?? 0;
      if ((data.errors ?? []).length && x === 0) x = data.errors.length;
    } else {
      p = data.passed;
      x = data.failed;
      s = data.skipped;
    }
    passed += p;
    failed += x;
    skipped += s;
    rows.push(`  ${f.replace(/\.json$/, '').padEnd(44)} ${String(p).padStart(5)} passed ${String(x).padStart(4)} failed`);
  }
}
console.log('\nSuites:');
console.log(rows.join('\n') || '  (none ran)');
if (failedSteps.length) {
  console.log(`\nFailed steps: ${failedSteps.join('; ')}`);
  // A failed step with no failing test (lint, type errors, a crashed suite) still counts.
  if (failed === 0) failed = failedSteps.length;
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failedSteps.length || failed ? 1 : 0);
