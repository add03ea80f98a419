module.exports = {
  displayName: 'shared-permissions',
  preset: '../../../jest.preset.js',
  coverageDirectory: '../../../coverage/libs/shared/permissions',
};
