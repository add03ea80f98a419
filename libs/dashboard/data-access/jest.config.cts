module.exports = {
  displayName: 'dashboard-data-access',
  preset: '../../../jest.preset.js',
  coverageDirectory: '../../../coverage/libs/dashboard/data-access',
};
