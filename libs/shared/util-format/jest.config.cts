module.exports = {
  displayName: 'shared-util-format',
  preset: '../../../jest.preset.js',
  testEnvironment: 'node',
  coverageDirectory: '../../../coverage/libs/shared/util-format',
};
