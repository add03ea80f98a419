module.exports = {
  displayName: 'auth-feature',
  preset: '../../../jest.preset.js',
  coverageDirectory: '../../../coverage/libs/auth/feature',
};
