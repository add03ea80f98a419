module.exports = {
  displayName: 'public-borrower-data-access',
  preset: '../../../jest.preset.js',
  coverageDirectory: '../../../coverage/libs/public-borrower/data-access',
};
