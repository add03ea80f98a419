module.exports = {
  displayName: 'shared-contract',
  preset: '../../../jest.preset.js',
  testEnvironment: 'node',
  coverageDirectory: '../../../coverage/libs/shared/contract',
};
