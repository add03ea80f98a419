import nx from '@nx/eslint-plugin';

// Module boundaries of ARCHITECTURE.md. Each project carries a type:, a scope:
// and (where it matters) a platform: tag; these constraints are the whole rule.
const typeRules = [
  { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:feature', 'type:data-access', 'type:ui', 'type:util'] },
  { sourceTag: 'type:feature', onlyDependOnLibsWithTags: ['type:data-access', 'type:ui', 'type:util'] },
  { sourceTag: 'type:data-access', onlyDependOnLibsWithTags: ['type:data-access', 'type:util'] },
  { sourceTag: 'type:ui', onlyDependOnLibsWithTags: ['type:ui', 'type:util'] },
  { sourceTag: 'type:util', onlyDependOnLibsWithTags: ['type:util'] },
  { sourceTag: 'type:e2e', onlyDependOnLibsWithTags: ['type:util'] },
];
const domains = ['auth', 'dashboard', 'loans', 'transactions', 'rbac', 'communication', 'reports'];
const scopeRules = [
  { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
  ...domains.map((d) => ({ sourceTag: `scope:${d}`, onlyDependOnLibsWithTags: [`scope:${d}`, 'scope:shared'] })),
  { sourceTag: 'scope:portal', notDependOnLibsWithTags: ['scope:api'] },
  { sourceTag: 'scope:public-borrower', onlyDependOnLibsWithTags: ['scope:public-borrower', 'scope:shared'] },
  { sourceTag: 'scope:api', onlyDependOnLibsWithTags: ['scope:api', 'scope:shared'] },
];
const platformRules = [
  { sourceTag: 'platform:node', notDependOnLibsWithTags: ['platform:web'] },
  { sourceTag: 'platform:web', notDependOnLibsWithTags: ['platform:node'] },
  { sourceTag: 'platform:neutral', onlyDependOnLibsWithTags: ['platform:neutral'] },
];

export default [
  ...nx.configs['flat/base'],
  ...nx.configs['flat/typescript'],
  ...nx.configs['flat/javascript'],
  {
    ignores: ['**/dist', '**/out-tsc', '**/vite.config.*.timestamp*', 'tmp/**', '**/test-results', '**/playwright-report'],
  },
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.js', '**/*.jsx', '**/*.mjs', '**/*.cjs', '**/*.mts', '**/*.cts'],
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: true,
          banTransitiveDependencies: false,
          checkDynamicDependenciesExceptions: [],
          // Build and test configs may use the workspace's tools (vite proxy, e2e setup).
          allow: ['^.*/eslint(\\.base)?\\.config\\.[cm]?[jt]s$', '^(\\.\\./)+tools/(vite|e2e)/.*$'],
          depConstraints: [...typeRules, ...scopeRules, ...platformRules],
        },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
];
