module.exports = {
  displayName: 'lint-boundaries',
  preset: '../../jest.preset.js',
  testEnvironment: 'node',
  testTimeout: 120000,
  coverageDirectory: '../../coverage/tools/lint-boundaries',
};
