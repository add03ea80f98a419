module.exports = {
  displayName: 'accounting-feature',
  preset: '../../../jest.preset.js',
  coverageDirectory: '../../../coverage/libs/accounting/feature',
};
