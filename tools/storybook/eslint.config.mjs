import nx from '@nx/eslint-plugin';
import globals from 'globals';
import baseConfig from '../../eslint.config.mjs';

// The workbench: the shared Storybook setup (web) and the scripts that build and test it (Node).
export default [
  ...nx.configs['flat/react'],
  ...baseConfig,
  { ignores: ['public/**', 'storybook-static/**'] },
  { files: ['**/*.mjs', '**/*.cjs', '**/*.js'], languageOptions: { globals: { ...globals.node } } },
];
