module.exports = {
  displayName: 'communication-data-access',
  preset: '../../../jest.preset.js',
  coverageDirectory: '../../../coverage/libs/communication/data-access',
};
