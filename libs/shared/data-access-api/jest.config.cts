module.exports = {
  displayName: 'shared-data-access-api',
  preset: '../../../jest.preset.js',
  coverageDirectory: '../../../coverage/libs/shared/data-access-api',
};
