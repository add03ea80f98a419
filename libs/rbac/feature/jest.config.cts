module.exports = {
  displayName: 'rbac-feature',
  preset: '../../../jest.preset.js',
  coverageDirectory: '../../../coverage/libs/rbac/feature',
};
