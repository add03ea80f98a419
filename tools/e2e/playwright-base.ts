import { defineConfig, devices, type PlaywrightTestConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(__dirname, '../..');

/** Names the file of delivered messages for the test workers. */
export const DELIVERED_MESSAGES_ENV = 'E2E_DELIVERED_MESSAGES';
/** Names the api's own address (not the app's proxy) for clients that must reach it directly (loopbackClient). */
export const API_URL_ENV = 'E2E_API_URL';
/** Names the file of the e-mails the local SMTP server received (tools/e2e/smtp-sink.ts). */
export const SMTP_MAILBOX_ENV = 'E2E_SMTP_MAILBOX';

/**
 * Shared Playwright setup for the e2e projects: Debian's Chromium (never a downloaded
 * browser), a fresh api on embedded PGlite seeded with the demo data, and the built app
 * served by `vite preview`, which proxies the api's paths like the dev server does.
 */
export function e2eConfig(opts: {
  project: string;
  app: 'portal' | 'public-borrower';
  apiPort: number;
  appPort: number;
  /** A local SMTP server on this port receives the api's e-mails (SMTP_URL), written to the E2E_SMTP_MAILBOX file. */
  smtpPort?: number;
  /** More environment for the api (e.g. a provider's rate). */
  apiEnv?: Record<string, string>;
}): PlaywrightTestConfig {
  const dataDir = process.env['E2E_DATA_DIR'] ?? mkdtempSync(join(tmpdir(), `${opts.project}-pglite-`));
  // The api writes each message it sends, secrets in clear, here: the tests' phone and
  // mailbox (readOutbox in borrower-flows). Workers inherit the variable from the runner.
  const delivered = join(root, 'tmp/e2e-messages', `${opts.project}.jsonl`);
  process.env[DELIVERED_MESSAGES_ENV] = delivered;
  const mailbox = join(root, 'tmp/e2e-mail', `${opts.project}.jsonl`);
  process.env[SMTP_MAILBOX_ENV] = mailbox;
  // The api's e-mails go through SMTP to the local server (the delivered-messages file still gets a copy).
  const smtpEnv: Record<string, string> = {
    ...(opts.smtpPort ? { SMTP_URL: `smtp://127.0.0.1:${opts.smtpPort}`, SMTP_IGNORE_TLS: '1', MAIL_FROM: 'Loans <no-reply@lender.test>' } : {}),
    ...opts.apiEnv,
  };
  const smtpSink = opts.smtpPort
    ? [
        {
          command: `npx tsx tools/e2e/smtp-sink.ts`,
          cwd: root,
          port: opts.smtpPort,
          reuseExistingServer: false,
          timeout: 60_000,
          env: { SMTP_SINK_PORT: String(opts.smtpPort), SMTP_SINK_FILE: mailbox },
          stdout: 'ignore' as const,
          stderr: 'pipe' as const,
        },
      ]
    : [];
  const apiUrl = `http://127.0.0.1:${opts.apiPort}`;
  const baseURL = `http://127.0.0.1:${opts.appPort}`;
  // Workers inherit it: the api itself (in production mode it serves the apps on their port).
  process.env[API_URL_ENV] = process.env['E2E_SERVED_BY_API'] === '1' ? baseURL : apiUrl;
  /**
   * E2E_SERVED_BY_API=1: no Vite at all; the built api (its sources through tsx) serves the
   * built apps on the app port, as in production (`npm run build` first: both apps).
   */
  const servedByApi = () => ({
    command: `npx tsx --tsconfig apps/api/tsconfig.app.json apps/api/src/main.ts`,
    cwd: root,
    url: `${baseURL}/health/ready`,
    reuseExistingServer: false,
    timeout: 180_000,
    env: { PORT: String(opts.appPort), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED: 'demo', LOG_LEVEL: 'warn', DELIVERED_MESSAGES_FILE: delivered, WEB_DIR: join(root, 'dist/apps'), ...smtpEnv },
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
  });
  return defineConfig({
    testDir: './src',
    fullyParallel: false,
    workers: 1,
    forbidOnly: !!process.env['CI'],
    retries: process.env['CI'] ? 1 : 0,
    timeout: 30_000,
    expect: { timeout: 10_000 },
    outputDir: join(root, 'tmp/e2e', opts.project),
    reporter: [
      ['list'],
      ['json', { outputFile: join(root, `tmp/test-results/playwright-${opts.project}.json`) }],
    ],
    use: {
      baseURL,
      trace: 'retain-on-failure',
      screenshot: 'only-on-failure',
    },
    projects: [
      {
        name: 'chromium',
        use: {
          ...devices['Desktop Chrome'],
          launchOptions: {
            executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
            args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
          },
        },
      },
    ],
    webServer: process.env['E2E_SERVED_BY_API'] === '1' ? [...smtpSink, servedByApi()] : [
      ...smtpSink,
      {
        command: `npx tsx --tsconfig apps/api/tsconfig.app.json apps/api/src/main.ts`,
        cwd: root,
        url: `${apiUrl}/sanctum/csrf-cookie`,
        reuseExistingServer: false,
        timeout: 180_000,
        env: { PORT: String(opts.apiPort), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED: 'demo', LOG_LEVEL: 'warn', DELIVERED_MESSAGES_FILE: delivered, ...smtpEnv },
        stdout: 'ignore',
        stderr: 'pipe',
      },
      {
        command: `npx vite preview --config apps/${opts.app}/vite.config.mts`,
        cwd: root,
        url: baseURL,
        reuseExistingServer: false,
        timeout: 60_000,
        env: { PORT: String(opts.appPort), API_URL: apiUrl },
        stdout: 'ignore',
        stderr: 'pipe',
      },
    ],
  });
}
