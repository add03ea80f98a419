module.exports = {
  displayName: 'clients-feature',
  preset: '../../../jest.preset.js',
  coverageDirectory: '../../../coverage/libs/clients/feature',
};
