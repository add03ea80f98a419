module.exports = {
  displayName: 'reports-feature',
  preset: '../../../jest.preset.js',
  coverageDirectory: '../../../coverage/libs/reports/feature',
};
