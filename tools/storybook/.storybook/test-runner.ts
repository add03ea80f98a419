import { workbenchTestRunner } from '../test-runner';

export default workbenchTestRunner;
