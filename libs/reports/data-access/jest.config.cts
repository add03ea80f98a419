module.exports = {
  displayName: 'reports-data-access',
  preset: '../../../jest.preset.js',
  coverageDirectory: '../../../coverage/libs/reports/data-access',
};
