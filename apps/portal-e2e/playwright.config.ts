import { e2eConfig } from '../../tools/e2e/playwright-base';

export default e2eConfig({ project: 'portal-e2e', app: 'portal', apiPort: 3101, appPort: 4401 });
