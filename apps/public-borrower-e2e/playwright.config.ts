import { e2eConfig } from '../../tools/e2e/playwright-base';

export default e2eConfig({ project: 'public-borrower-e2e', app: 'public-borrower', apiPort: 3102, appPort: 4402 });
