import { workbenchTestRunner } from '../../../../tools/storybook/test-runner';

export default workbenchTestRunner;
