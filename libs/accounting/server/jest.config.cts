module.exports = {
  displayName: 'accounting-server',
  preset: '../../../jest.preset.js',
  testEnvironment: 'node',
  coverageDirectory: '../../../coverage/libs/accounting/server',
  // PGlite starts in ~1 s and scrypt takes ~100 ms; PostgreSQL runs create a database per file.
  testTimeout: 60_000,
};
