module.exports = {
  displayName: 'clients-data-access',
  preset: '../../../jest.preset.js',
  coverageDirectory: '../../../coverage/libs/clients/data-access',
};
