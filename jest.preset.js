const nxPreset = require('@nx/jest/preset').default;
const path = require('node:path');

// ESM-only packages that jest must transform (see STACK.md pitfalls).
const esmPackages = [
  'rettime',
  'until-async',
  '@open-draft',
  'set-cookie-parser',
  'cookie',
  '@fastify/cookie',
  '@electric-sql/pglite',
  'msw',
  '@mswjs',
  'headers-polyfill',
  'outvariant',
  'strict-event-emitter',
  'is-node-process',
  'react-apexcharts',
  'apexcharts',
  'signature_pad',
  'date-fns',
  'content-disposition',
];

module.exports = {
  ...nxPreset,
  transform: {
    '^.+\\.(t|j|mj|cj)sx?$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic' } },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  // Also matches nested copies (node_modules/a/node_modules/cookie).
  transformIgnorePatterns: [
    `/node_modules/(?!(?:(?:@[^/]+/)?[^/]+/node_modules/)?(?:${esmPackages.join('|')})/)`,
  ],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'jsx', 'mjs', 'cjs', 'json'],
  moduleNameMapper: {
    '\\.(css|svg|png|jpg)$': path.join(__dirname, 'tools/test/file-stub.js'),
    // jsdom has no canvas: every spec gets the kit's stand-in (its `padState` via @loan/shared-ui/testing).
    '^signature_pad$': path.join(__dirname, 'libs/shared/ui/src/testing/signature-pad-mock.ts'),
  },
  testEnvironment: 'jest-fixed-jsdom',
  setupFilesAfterEnv: [path.join(__dirname, 'tools/test/setup.ts')],
  reporters: ['default', path.join(__dirname, 'tools/test/count-reporter.js')],
};
