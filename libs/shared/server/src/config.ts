import { existsSync } from 'node:fs';
import path from 'node:path';
import {
  OFFER_VALID_DAYS_DEFAULT,
  SESSION_IDLE_MINUTES_DEFAULT,
  SESSION_MAX_HOURS_DEFAULT,
} from '@loan/shared-contract';

/** Everything the api reads from the environment, read once at start-up. */
export interface Config {
  /** A real PostgreSQL server; when absent the api runs on embedded PGlite. */
  databaseUrl: string | undefined;
  /** PGlite data folder ('memory://' keeps it in memory). */
  dataDir: string;
  host: string;
  port: number;
  /** 'demo' seeds demo accounts and business data into an empty database; 'none' seeds nothing (the production default). */
  seed: 'demo' | 'none';
  /** Number of applications to seed (default: the demo size, about 2,000). */
  seedScale: number | undefined;
  offerValidDays: number;
  sessionIdleMinutes: number;
  sessionMaxHours: number;
  /**
   * Marks cookies Secure and names the session cookie `__Host-...` (COOKIE_SECURE; on by
   * default when NODE_ENV=production; requests that arrive over https get both anyway).
   */
  secureCookies: boolean;
  /** Public origin of the apps, used in links sent by e-mail/SMS. */
  publicUrl: string;
  /**
   * Origin of the borrower app (/apply, /loan-offer-letter/:token): the contract links sent
   * to borrowers. BORROWER_APP_URL; else https://BORROWER_HOST when set, else PUBLIC_URL in
   * production (the api serves both apps), else the borrower app's dev server (port 4300).
   */
  borrowerAppUrl: string;
  /**
   * Checks every JSON answer against its route's `response` schema and answers 500 when
   * it does not match (on in test harnesses, VALIDATE_RESPONSES=1 elsewhere).
   */
  validateResponses: boolean;
  /** NODE_ENV=production: no embedded database unless allowed, no test sinks. */
  production: boolean;
  /** ALLOW_EMBEDDED_DB=1: production may run on embedded PGlite (a trial, never a lender's books). */
  allowEmbeddedDb: boolean;
  /**
   * Folder holding the built web apps (`portal/` and `public-borrower/`, as `npm run build`
   * writes them to dist/apps). Set: the api serves them on its own origin. WEB_DIR; in
   * production it defaults to dist/apps under the cwd when that folder exists.
   */
  webDir: string | undefined;
  /** Host name (e.g. apply.lender.zm) on which every page is the borrower app. BORROWER_HOST. */
  borrowerHost: string | undefined;
  /** Bearer token that opens GET /metrics (Prometheus); without it /metrics answers 404. METRICS_TOKEN. */
  metricsToken: string | undefined;
  /**
   * Runs the background job queue (pg-boss) in this instance: JOBS=on (default) or off.
   * Off in test harnesses unless a test asks for it.
   */
  jobs: boolean;
  /** Seconds between polls of an idle job worker (JOBS_POLL_SECONDS, default 2; at least 0.5). */
  jobsPollSeconds: number;
  /**
   * SMS: 'outbox' (default: recorded, not sent) or 'http' (SMS_PROVIDER), with SMS_GATEWAY_URL,
   * SMS_API_KEY, SMS_SENDER_ID; SMS_CALLBACK_TOKEN authenticates the gateway's delivery reports.
   */
  smsProvider: 'outbox' | 'http';
  smsGatewayUrl: string | undefined;
  smsApiKey: string | undefined;
  smsSenderId: string;
  smsCallbackToken: string | undefined;
  /**
   * Messages a second the SMS provider takes (SMS_RATE_PER_SECOND; by default 20 for the
   * http gateway, no limit for the outbox). Every SMS passes this one throttle (ports).
   */
  smsRatePerSecond: number;
  /** The same for e-mail (EMAIL_RATE_PER_SECOND; by default 10 over SMTP, no limit for the outbox). */
  emailRatePerSecond: number;
  /** E-mail over SMTP when SMTP_URL is set (smtp://user:pass@host:587), from MAIL_FROM; else the outbox. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** SMTP_IGNORE_TLS=1: never STARTTLS (a local test server only). */
  smtpIgnoreTls: boolean;
  /**
   * The outbox marks each recorded SMS delivered a moment later, as a gateway's report
   * would (SANDBOX_DELIVERY_REPORTS; on by default, off in test harnesses).
   */
  sandboxDeliveryReports: boolean;
  /** Disbursements' mobile-money provider: 'sandbox' (default) or 'mtn' (MOBILE_MONEY_PROVIDER, see ports/mobile-money.ts). */
  mobileMoneyProvider: 'sandbox' | 'mtn';
  /**
   * The demo inbox (GET /dev/inbox): every SMS and e-mail the local adapters "send", shown in
   * clear to whoever opens the page, so a person trying the product can read a one-time code or
   * a contract link. DEMO_INBOX; on by default only outside production with nothing real
   * configured (outbox SMS, no SMTP, sandbox mobile money). Turned on in production or beside a
   * real provider, the api refuses to start (demoInboxSetting).
   */
  demoInbox: boolean;
}

function flag(value: string | undefined, fallback: boolean, name: string): boolean {
  if (value === undefined || value === '') return fallback;
  const v = value.toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(v)) return true;
  if (['0', 'false', 'no', 'off'].includes(v)) return false;
  throw new Error(`${name} must be 1/true/yes or 0/false/no, got '${value}'`);
}

function int(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got '${value}'`);
  return n;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  // Demo accounts have a published password: a production database is never seeded unless asked.
  const seed = (env['SEED'] ?? (env['NODE_ENV'] === 'production' ? 'none' : 'demo')).toLowerCase();
  if (seed !== 'demo' && seed !== 'none') throw new Error(`SEED must be 'demo' or 'none', got '${seed}'`);
  const scale = env['SEED_SCALE'];
  const production = env['NODE_ENV'] === 'production';
  const defaultWebDir = path.join(cwd, 'dist', 'apps');
  const sms = smsConfig(env);
  const smtpUrl = env['SMTP_URL'] || undefined;
  const mobileMoneyProvider = (env['MOBILE_MONEY_PROVIDER'] || 'sandbox').toLowerCase();
  if (mobileMoneyProvider !== 'sandbox' && mobileMoneyProvider !== 'mtn') {
    throw new Error(`MOBILE_MONEY_PROVIDER must be 'sandbox' or 'mtn', got '${mobileMoneyProvider}'`);
  }
  const realProviders = [
    ...(sms.smsProvider === 'http' ? ['SMS_PROVIDER=http'] : []),
    ...(smtpUrl ? ['SMTP_URL'] : []),
    ...(mobileMoneyProvider === 'mtn' ? ['MOBILE_MONEY_PROVIDER=mtn'] : []),
  ];
  if (env['METRICS_TOKEN'] !== undefined && env['METRICS_TOKEN'].length > 0 && env['METRICS_TOKEN'].length < 16) {
    throw new Error('METRICS_TOKEN must be at least 16 characters');
  }
  return {
    databaseUrl: env['DATABASE_URL'] || undefined,
    dataDir: env['DATA_DIR'] || path.join(cwd, '.data', 'pglite'),
    host: env['HOST'] || '127.0.0.1',
    port: int(env['PORT'], 3000, 'PORT'),
    seed,
    seedScale: scale ? int(scale, 0, 'SEED_SCALE') : undefined,
    offerValidDays: int(env['OFFER_VALID_DAYS'], OFFER_VALID_DAYS_DEFAULT, 'OFFER_VALID_DAYS'),
    sessionIdleMinutes: int(env['SESSION_IDLE_MINUTES'], SESSION_IDLE_MINUTES_DEFAULT, 'SESSION_IDLE_MINUTES'),
    sessionMaxHours: int(env['SESSION_MAX_HOURS'], SESSION_MAX_HOURS_DEFAULT, 'SESSION_MAX_HOURS'),
    // SECURE_COOKIES is the older name of the same setting.
    secureCookies: flag(env['COOKIE_SECURE'] ?? env['SECURE_COOKIES'], env['NODE_ENV'] === 'production', 'COOKIE_SECURE'),
    publicUrl: (env['PUBLIC_URL'] || 'http://localhost:4200').replace(/\/$/, ''),
    borrowerAppUrl: (
      env['BORROWER_APP_URL'] ||
      (env['BORROWER_HOST'] ? `https://${env['BORROWER_HOST'].toLowerCase()}` : production ? env['PUBLIC_URL'] || 'http://localhost:4200' : 'http://localhost:4300')
    ).replace(/\/$/, ''),
    validateResponses: ['1', 'true', 'yes'].includes((env['VALIDATE_RESPONSES'] ?? '').toLowerCase()),
    production,
    allowEmbeddedDb: ['1', 'true', 'yes'].includes((env['ALLOW_EMBEDDED_DB'] ?? '').toLowerCase()),
    webDir: env['WEB_DIR'] ? path.resolve(cwd, env['WEB_DIR']) : production && existsSync(defaultWebDir) ? defaultWebDir : undefined,
    borrowerHost: env['BORROWER_HOST']?.toLowerCase() || undefined,
    metricsToken: env['METRICS_TOKEN'] || undefined,
    jobs: flag(env['JOBS'], true, 'JOBS'),
    jobsPollSeconds: Math.max(0.5, Number(env['JOBS_POLL_SECONDS'] || 2) || 2),
    ...sms,
    smtpUrl,
    emailRatePerSecond: rate(env['EMAIL_RATE_PER_SECOND'], smtpUrl ? 10 : 0, 'EMAIL_RATE_PER_SECOND'),
    mailFrom: env['MAIL_FROM'] || 'Loans <no-reply@localhost>',
    smtpIgnoreTls: flag(env['SMTP_IGNORE_TLS'], false, 'SMTP_IGNORE_TLS'),
    sandboxDeliveryReports: flag(env['SANDBOX_DELIVERY_REPORTS'], true, 'SANDBOX_DELIVERY_REPORTS'),
    mobileMoneyProvider,
    demoInbox: demoInboxSetting(env['DEMO_INBOX'], production, realProviders),
  };
}

/**
 * Whether the demo inbox is on. It shows secrets (one-time codes, reset and contract links) in
 * clear to anyone who can reach the api, so it exists only on a developer's machine: never
 * with NODE_ENV=production, never beside a real SMS, e-mail or mobile-money provider. Asking
 * for it there is a start-up error rather than a silent "off", so nobody believes it is on.
 */
export function demoInboxSetting(value: string | undefined, production: boolean, realProviders: readonly string[]): boolean {
  const on = flag(value, !production && realProviders.length === 0, 'DEMO_INBOX');
  if (on && production) {
    throw new Error('DEMO_INBOX shows one-time codes and links in clear: it is refused with NODE_ENV=production (unset DEMO_INBOX).');
  }
  if (on && realProviders.length) {
    throw new Error(`DEMO_INBOX is for the local adapters only, but ${realProviders.join(', ')} is set: unset DEMO_INBOX or the provider.`);
  }
  return on;
}

function smsConfig(env: NodeJS.ProcessEnv) {
  const smsProvider = (env['SMS_PROVIDER'] || 'outbox').toLowerCase();
  if (smsProvider !== 'outbox' && smsProvider !== 'http') throw new Error(`SMS_PROVIDER must be 'outbox' or 'http', got '${smsProvider}'`);
  const smsGatewayUrl = env['SMS_GATEWAY_URL'] || undefined;
  const smsApiKey = env['SMS_API_KEY'] || undefined;
  if (smsProvider === 'http' && (!smsGatewayUrl || !smsApiKey)) throw new Error('SMS_PROVIDER=http needs SMS_GATEWAY_URL and SMS_API_KEY');
  const smsCallbackToken = env['SMS_CALLBACK_TOKEN'] || undefined;
  if (smsCallbackToken && smsCallbackToken.length < 16) throw new Error('SMS_CALLBACK_TOKEN must be at least 16 characters');
  const smsSenderId = env['SMS_SENDER_ID'] || 'LOANS';
  if (smsSenderId.length > 11) throw new Error('SMS_SENDER_ID must be at most 11 characters');
  const smsRatePerSecond = rate(env['SMS_RATE_PER_SECOND'], smsProvider === 'http' ? 20 : 0, 'SMS_RATE_PER_SECOND');
  return { smsProvider: smsProvider as 'outbox' | 'http', smsGatewayUrl, smsApiKey, smsSenderId, smsCallbackToken, smsRatePerSecond };
}

/** A provider's rate: messages a second, 0 for no limit; the provider's default when unset. */
function rate(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a number of messages a second (0: no limit), got '${value}'`);
  return n;
}

/** Defaults for tests: in-memory database, no seed, answers checked against their schemas. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({ SEED: 'none' }), dataDir: 'memory://', validateResponses: true, jobs: false, jobsPollSeconds: 0.5, sandboxDeliveryReports: false, smsRatePerSecond: 0, emailRatePerSecond: 0, demoInbox: false, ...overrides };
}

/**
 * Production runs on PostgreSQL: embedded PGlite is one process with one connection, no
 * backups by pg_dump and no second instance. ALLOW_EMBEDDED_DB=1 permits it (a trial).
 */
export function assertProductionDatabase(config: Pick<Config, 'production' | 'databaseUrl' | 'allowEmbeddedDb'>): void {
  if (config.production && !config.databaseUrl && !config.allowEmbeddedDb) {
    throw new Error(
      'NODE_ENV=production needs a PostgreSQL server: set DATABASE_URL (or ALLOW_EMBEDDED_DB=1 to run a trial on embedded PGlite).',
    );
  }
}
