import globals from 'globals';
import baseConfig from '../../eslint.config.mjs';

// The templates under src/*/files are not code of this project: they are linted where they
// are generated (the check-generated script runs lint on a generated domain).
export default [
  ...baseConfig,
  { ignores: ['src/**/files/**'] },
  { files: ['**/*.mjs'], languageOptions: { globals: { ...globals.node } } },
];
