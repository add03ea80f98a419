module.exports = {
  displayName: 'shared-screens',
  preset: '../../../jest.preset.js',
  testEnvironment: 'node',
  coverageDirectory: '../../../coverage/libs/shared/screens',
};
