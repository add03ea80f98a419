module.exports = {
  displayName: 'portal',
  preset: '../../jest.preset.js',
  coverageDirectory: '../../coverage/apps/portal',
};
