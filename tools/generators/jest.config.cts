module.exports = {
  displayName: 'workspace-generators',
  preset: '../../jest.preset.js',
  testEnvironment: 'node',
  coverageDirectory: '../../coverage/tools/generators',
};
