import { API, COMMUNICATION_PATHS, P } from '@loan/shared-contract';
import { DEMO_INBOX_MESSAGES_PATH, SECRET_MASK, type DemoInboxMessage } from '@loan/shared-server';
import { csrfHeaders, loginWithPermissions, type TestApp } from '@loan/shared-server/testing';
import { exitOf, freePort, startApi } from './test/api-process';
import { createTestApp } from './test/test-app';

jest.setTimeout(120_000);

/**
 * The demo inbox (issue 32) in the whole api: a borrower's one-time code reads in clear there,
 * while every staff api keeps it masked; and the real process refuses to start with the inbox
 * asked for in production.
 */
describe('demo inbox in the api', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: 'none', config: { demoInbox: true } });
  });
  afterAll(() => t?.close());

  it('shows the /apply code in clear; the staff message list shows it masked', async () => {
    const mobile = '0971234001';
    const sent = await t.app.inject({ method: 'POST', url: `${API.web}/otp/send`, payload: { mobile }, headers: csrfHeaders() });
    expect(sent.statusCode).toBe(200);
    const inbox = (await t.app.inject({ method: 'GET', url: DEMO_INBOX_MESSAGES_PATH })).json() as { messages: DemoInboxMessage[] };
    const otp = inbox.messages.find((m) => m.to === '+260971234001' && m.purpose === 'otp');
    const code = /\b(\d{6})\b/.exec(otp?.body ?? '')?.[1];
    expect(code).toBeDefined();

    const staff = await loginWithPermissions(t.app, [P.viewCommunicationModule, P.viewAllBranches]);
    const list = await t.app.inject({ method: 'GET', url: `${COMMUNICATION_PATHS.list}?per_page=100`, headers: staff });
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain(SECRET_MASK);
    expect(list.body).not.toContain(code as string);
  });
});

describe('demo inbox in production', () => {
  it('stops the api at start-up when DEMO_INBOX is on with NODE_ENV=production', async () => {
    const output = { stdout: [] as string[], stderr: [] as string[] };
    const api = startApi({
      port: await freePort(),
      dataDir: 'memory://',
      output,
      env: { NODE_ENV: 'production', DEMO_INBOX: '1', ALLOW_EMBEDDED_DB: '1', SEED: 'none' },
    });
    expect(await exitOf(api)).toBe(1);
    expect(output.stderr.join('\n')).toContain('DEMO_INBOX shows one-time codes and links in clear: it is refused with NODE_ENV=production');
    expect(output.stdout.join('\n')).not.toContain('listening');
  });
});
