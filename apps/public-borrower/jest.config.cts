module.exports = {
  displayName: 'public-borrower',
  preset: '../../jest.preset.js',
  coverageDirectory: '../../coverage/apps/public-borrower',
};
