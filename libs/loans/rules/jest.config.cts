module.exports = {
  displayName: 'loans-rules',
  preset: '../../../jest.preset.js',
  testEnvironment: 'node',
  coverageDirectory: '../../../coverage/libs/loans/rules',
};
