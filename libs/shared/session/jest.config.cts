module.exports = {
  displayName: 'shared-session',
  preset: '../../../jest.preset.js',
  coverageDirectory: '../../../coverage/libs/shared/session',
};
