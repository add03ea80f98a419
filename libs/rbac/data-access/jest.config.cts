module.exports = {
  displayName: 'rbac-data-access',
  preset: '../../../jest.preset.js',
  coverageDirectory: '../../../coverage/libs/rbac/data-access',
};
