module.exports = {
  displayName: 'loans-feature',
  preset: '../../../jest.preset.js',
  coverageDirectory: '../../../coverage/libs/loans/feature',
};
