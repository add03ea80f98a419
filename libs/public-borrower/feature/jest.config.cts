module.exports = {
  displayName: 'public-borrower-feature',
  preset: '../../../jest.preset.js',
  coverageDirectory: '../../../coverage/libs/public-borrower/feature',
};
