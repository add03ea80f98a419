export { default } from '../test-runner-jest.config.mjs';
