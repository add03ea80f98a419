import { e2eConfig } from '../../tools/e2e/playwright-base';

export default e2eConfig({
  project: 'portal-e2e',
  app: 'portal',
  apiPort: 3101,
  appPort: 4401,
  smtpPort: 2601,
  // The SMS provider's rate: a bulk send to a branch (about 50 clients) takes some 10 s, so its progress shows.
  apiEnv: { SMS_RATE_PER_SECOND: '5' },
});
