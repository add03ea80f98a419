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
  /** 'demo' seeds demo accounts and business data into an empty database; 'none' seeds nothing. */
  seed: 'demo' | 'none';
  /** Number of applications to seed (default: the demo size, about 2,000). */
  seedScale: number | undefined;
  offerValidDays: number;
  sessionIdleMinutes: number;
  sessionMaxHours: number;
  /** Marks cookies Secure (set behind https). */
  secureCookies: boolean;
  /** Public origin of the apps, used in links sent by e-mail/SMS. */
  publicUrl: string;
  /**
   * Checks every JSON answer against its route's `response` schema and answers 500 when
   * it does not match (on in test harnesses, VALIDATE_RESPONSES=1 elsewhere).
   */
  validateResponses: boolean;
}

function int(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got '${value}'`);
  return n;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const seed = (env['SEED'] ?? 'demo').toLowerCase();
  if (seed !== 'demo' && seed !== 'none') throw new Error(`SEED must be 'demo' or 'none', got '${seed}'`);
  const scale = env['SEED_SCALE'];
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
    secureCookies: ['1', 'true', 'yes'].includes((env['SECURE_COOKIES'] ?? '').toLowerCase()),
    publicUrl: (env['PUBLIC_URL'] || 'http://localhost:4200').replace(/\/$/, ''),
    validateResponses: ['1', 'true', 'yes'].includes((env['VALIDATE_RESPONSES'] ?? '').toLowerCase()),
  };
}

/** Defaults for tests: in-memory database, no seed, answers checked against their schemas. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({ SEED: 'none' }), dataDir: 'memory://', validateResponses: true, ...overrides };
}
