// Writes each jest run's totals to tmp/test-results/jest-<project>.json so that
// tools/test/run-all.mjs can print one "N passed, N failed" line over every suite.
// The file is a declared output of the test target, so Nx restores it on a cache hit.
const fs = require('node:fs');
const path = require('node:path');

class CountReporter {
  constructor(globalConfig) {
    this.globalConfig = globalConfig;
  }
  onRunComplete(contexts, results) {
    const config = [...contexts][0]?.config;
    const name = process.env.TEST_RESULT_NAME || config?.displayName?.name || config?.displayName || 'unknown';
    const dir = path.join(__dirname, '../../tmp/test-results');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(
      path.join(dir, `jest-${name}.json`),
      JSON.stringify({
        suite: name,
        passed: results.numPassedTests,
        failed: results.numFailedTests + results.numRuntimeErrorTestSuites,
        skipped: results.numPendingTests + results.numTodoTests,
      }),
    );
  }
}
module.exports = CountReporter;
