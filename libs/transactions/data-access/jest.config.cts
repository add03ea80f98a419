module.exports = {
  displayName: 'transactions-data-access',
  preset: '../../../jest.preset.js',
  coverageDirectory: '../../../coverage/libs/transactions/data-access',
};
