module.exports = {
  displayName: 'dashboard-feature',
  preset: '../../../jest.preset.js',
  coverageDirectory: '../../../coverage/libs/dashboard/feature',
};
