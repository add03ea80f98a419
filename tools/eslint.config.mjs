import globals from 'globals';
import baseConfig from '../eslint.config.mjs';

// Workspace scripts run on Node: start, test runner, seed, benchmarks, e2e setup, bundle report.
export default [
  ...baseConfig,
  { ignores: ['lint-boundaries/**', 'generators/**', 'storybook/**'] },
  { files: ['**/*.mjs', '**/*.js', '**/*.cjs'], languageOptions: { globals: { ...globals.node } } },
];
