// The test runner of this lib's Storybook (`npx nx test-storybook <project>` against a running one): the shared setup.
export { default } from '../../../../tools/storybook/test-runner-jest.config.mjs';
