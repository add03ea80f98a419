module.exports = {
  displayName: 'communication-feature',
  preset: '../../../jest.preset.js',
  coverageDirectory: '../../../coverage/libs/communication/feature',
};
