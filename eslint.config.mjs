import nx from '@nx/eslint-plugin';

// Module boundaries of ARCHITECTURE.md. Each project carries a type:, a scope:
// and (where it matters) a platform: tag; these constraints are the whole rule.
const typeRules = [
  { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:feature', 'type:data-access', 'type:ui', 'type:util', 'type:server', 'type:core'] },
  // A domain's api (libs/<domain>/server): shared server plumbing, other server libs in the
  // one direction scopeRules allow, and util (the contract).
  { sourceTag: 'type:server', onlyDependOnLibsWithTags: ['type:server', 'type:core', 'type:util'] },
  // The loan account (libs/loans/account): the one owner of a loan's money and status; other
  // domains' servers call its commands and reads, it calls no domain's server.
  { sourceTag: 'type:core', onlyDependOnLibsWithTags: ['type:server', 'type:core', 'type:util'] },
  { sourceTag: 'type:feature', onlyDependOnLibsWithTags: ['type:data-access', 'type:ui', 'type:util'] },
  { sourceTag: 'type:data-access', onlyDependOnLibsWithTags: ['type:data-access', 'type:util'] },
  { sourceTag: 'type:ui', onlyDependOnLibsWithTags: ['type:ui', 'type:util'] },
  { sourceTag: 'type:util', onlyDependOnLibsWithTags: ['type:util'] },
  { sourceTag: 'type:e2e', onlyDependOnLibsWithTags: ['type:util'] },
  // Workspace scripts (seed, benchmarks) reach the api only through the server libs' public entries.
  { sourceTag: 'type:tool', onlyDependOnLibsWithTags: ['type:server', 'type:core', 'type:util'] },
];
const domains = ['auth', 'dashboard', 'loans', 'transactions', 'rbac', 'communication', 'reports', 'clients', 'accounting'];
// Domains that may use another domain, one direction only (never back): transactions pay and
// settle loans, reports read loans and transactions, and every domain may read users (rbac).
// Only server libs can act on it: type rules keep features and data-access within a scope's reach.
const uses = {
  dashboard: ['rbac'],
  loans: ['rbac'],
  transactions: ['loans', 'rbac'],
  communication: ['loans', 'rbac'],
  reports: ['loans', 'transactions', 'rbac'],
};
const scopeRules = [
  { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
  // The money of a loan (libs/loans/rules, libs/loans/account) is usable by every domain and by the
  // borrower app (the calculator, self-service), and uses nothing of the loans domain but itself.
  { sourceTag: 'scope:loan-money', onlyDependOnLibsWithTags: ['scope:loan-money', 'scope:shared'] },
  ...domains.map((d) => ({ sourceTag: `scope:${d}`, onlyDependOnLibsWithTags: [`scope:${d}`, 'scope:shared', ...(uses[d] ?? []).map((u) => `scope:${u}`), 'scope:loan-money'] })),
  { sourceTag: 'scope:portal', notDependOnLibsWithTags: ['scope:api'] },
  // The borrower app ships no staff code: its libs use nothing of another domain.
  { sourceTag: 'scope:public-borrower', onlyDependOnLibsWithTags: ['scope:public-borrower', 'scope:shared', 'scope:loan-money'] },
  // The api shell registers every domain's server plugin (type and platform rules keep it to server libs).
  { sourceTag: 'scope:api', onlyDependOnLibsWithTags: ['scope:api', 'scope:shared', ...domains.map((d) => `scope:${d}`), 'scope:public-borrower'] },
];
const platformRules = [
  { sourceTag: 'platform:node', notDependOnLibsWithTags: ['platform:web'] },
  { sourceTag: 'platform:web', notDependOnLibsWithTags: ['platform:node'] },
  { sourceTag: 'platform:neutral', onlyDependOnLibsWithTags: ['platform:neutral'] },
];

// One place for each rule (issue 33): these lint selectors refuse new copies.
// Business time (NOTES.md "Business time"): dates come from the one clock (business_today(),
// businessToday(db), businessDayStartSql() on the server) or the one TypeScript helper
// (businessDateOf, businessInstant, BUSINESS_TIME_ZONE of @loan/shared-util-format): never a
// fixed hour offset, never the zone's name written again.
const BUSINESS_TIME_MESSAGE =
  'Business time comes from one place: business_today() / businessToday(db) / businessDayStartSql() on the server, businessDateOf / businessInstant / BUSINESS_TIME_ZONE of @loan/shared-util-format (NOTES.md "Business time"), never an hour offset or the zone name.';
const hourOffsetSelectors = [
  // 2 h in ms or s, written out or multiplied (2 * 3600_000, 2 * 3600, 2 * 60 * 60 * 1000, 120 * 60_000).
  'Literal[value=7200000]',
  'Literal[value=7200]',
  "BinaryExpression[operator='*'][left.value=2][right.value=3600000]",
  "BinaryExpression[operator='*'][left.value=3600000][right.value=2]",
  "BinaryExpression[operator='*'][left.value=2][right.value=3600]",
  "BinaryExpression[operator='*'][left.value=3600][right.value=2]",
  "BinaryExpression[operator='*'][left.value=2][right.value=60]",
  "BinaryExpression[operator='*'][left.value=120][right.value=60000]",
  // A fixed UTC offset in a date string ('...T00:00:00+02:00').
  'Literal[value=/[+-]0?2:00/]',
  'TemplateElement[value.raw=/[+-]0?2:00/]',
].map((selector) => ({ selector, message: BUSINESS_TIME_MESSAGE }));
const timeZoneNameSelectors = ["Literal[value='Africa/Lusaka']", 'TemplateElement[value.raw=/Africa.Lusaka/]'].map((selector) => ({
  selector,
  message: BUSINESS_TIME_MESSAGE,
}));
// Matched from the workspace root and from a project's own eslint run (paths relative to it).
const BUSINESS_TIME_HOME = '**/src/lib/business-time.ts';
// Money (NOTES.md "Display"): one formatter, formatMoney / formatAmount (@loan/shared-util-format,
// built in the contract's money values), for screens, SMS, CSV and receipts: no hand-made
// `${amount} ZMW`, `ZMW ${amount}`, `${CURRENCY} ${amount}` or two-decimal toLocaleString.
const MONEY_MESSAGE = 'Money is shown by the one formatter: formatMoney / formatAmount of @loan/shared-util-format (NOTES.md "Display"), never by hand.';
const moneySelectors = [
  'TemplateElement[tail=false][value.raw=/ZMW\\s*$/]',
  'TemplateLiteral > TemplateElement:not(:first-child)[value.raw=/^\\s*ZMW/]',
  "TemplateLiteral > Identifier[name='CURRENCY']",
  "JSXExpressionContainer > Identifier[name='CURRENCY']",
  "BinaryExpression[operator='+'] > Identifier[name='CURRENCY']",
  "Property[key.name='minimumFractionDigits'][value.value=2]",
].map((selector) => ({ selector, message: MONEY_MESSAGE }));
const MONEY_HOME = '**/src/lib/fields/money-values.ts';
const SPECS = ['**/*.spec.ts', '**/*.spec.tsx', '**/*.test.ts', '**/*.test.tsx', '**/*.stories.tsx'];

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
          // Build and test configs may use the workspace's tools (vite proxy, e2e setup, the Storybook setup).
          allow: ['^.*/eslint(\\.base)?\\.config\\.[cm]?[jt]s$', '^(\\.\\./)+tools/(vite|e2e|storybook)/.*$'],
          depConstraints: [...typeRules, ...scopeRules, ...platformRules],
        },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // The toast area sits beside the screens and loads after the first one (issue 18), so
      // notistack's context is not around them: toasts go through showToast / useToasts.
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'notistack', message: 'Use showToast / useToasts / ToastArea of @loan/shared-data-access-api.' }] },
      ],
    },
  },
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.mts', '**/*.cts'],
    ignores: [BUSINESS_TIME_HOME, MONEY_HOME, ...SPECS],
    rules: { 'no-restricted-syntax': ['error', ...hourOffsetSelectors, ...timeZoneNameSelectors, ...moneySelectors] },
  },
  // Tests may name the zone (in SQL fixtures, and to check the setting) and spell out the
  // amounts they expect, never add an offset.
  { files: SPECS, rules: { 'no-restricted-syntax': ['error', ...hourOffsetSelectors] } },
  // The two homes: each may write its own rule, not the other's.
  { files: [BUSINESS_TIME_HOME], rules: { 'no-restricted-syntax': ['error', ...moneySelectors] } },
  { files: [MONEY_HOME], rules: { 'no-restricted-syntax': ['error', ...hourOffsetSelectors, ...timeZoneNameSelectors] } },
];
