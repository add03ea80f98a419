module.exports = {
  displayName: 'loans-data-access',
  preset: '../../../jest.preset.js',
  coverageDirectory: '../../../coverage/libs/loans/data-access',
};
