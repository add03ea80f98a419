// The test runner's jest configuration (ejected, STACK.md "Storybook"): Debian's Chromium,
// never a downloaded browser, and the workspace's count reporter so that run-all's last line
// counts the stories (tmp/test-results/jest-storybook.json). Each `.storybook` re-exports it.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getJestConfig } from '@storybook/test-runner';

// The workspace's jest count reporter (tools/test), by file: it is loaded by jest, not imported.
const countReporter = join(dirname(fileURLToPath(import.meta.url)), '../test/count-reporter.js');
const base = getJestConfig();

export default {
  ...base,
  displayName: 'storybook',
  reporters: [...base.reporters, countReporter],
  testEnvironmentOptions: {
    'jest-playwright': {
      ...base.testEnvironmentOptions['jest-playwright'],
      browsers: ['chromium'],
      launchOptions: {
        executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
        args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
      },
    },
  },
};
