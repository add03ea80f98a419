module.exports = {
  displayName: 'transactions-feature',
  preset: '../../../jest.preset.js',
  coverageDirectory: '../../../coverage/libs/transactions/feature',
};
