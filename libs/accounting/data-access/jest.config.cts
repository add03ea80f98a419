module.exports = {
  displayName: 'accounting-data-access',
  preset: '../../../jest.preset.js',
  coverageDirectory: '../../../coverage/libs/accounting/data-access',
};
