import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { ALL_PERMISSIONS, CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE, type PermissionName } from '@loan/shared-contract';
import { buildServer, type ServerOptions } from '../server';
import { testConfig, type Config } from '../config';
import { loadMigrations, migrate, openDatabase, queryRows, type Database, type Db } from '../db';
import { DEMO_ROLES, DEMO_USERS, ensureRole, seedDemoAccounts, type DemoAccount } from '../seed/accounts';
import { randomToken, sha256 } from '../http/session';
import { hashPassword } from '../password';
import type { Ports } from '../ports';
import { TestInbox } from './inbox';
import { testDatabaseUrl, testDriver } from './urls';

export interface TestAppOptions {
  /** 'accounts' (default): demo roles, users and branches. 'none': an empty migrated database. */
  seed?: 'accounts' | 'none';
  /** Also seed the demo business data at this many applications (small, e.g. 60). */
  demoData?: number;
  config?: Partial<Config>;
  ports?: Partial<Ports>;
  /** The domain plugins under test (libs/<domain>/server); none by default. */
  modules?: ServerOptions['modules'];
  /** Cache sessions in process, dropped by NOTIFY, as the api does (off by default: each request reads its session). */
  sessionCache?: boolean;
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  database: Database;
  config: Config;
  /** Every message the app sent, secrets in clear (the outbox table holds them masked). */
  inbox: TestInbox;
  /** Closes the app and the database (and drops the PostgreSQL test database). */
  close(): Promise<void>;
}

/** A fresh, migrated database for one test file, and how to get rid of it. */
export interface TestDatabase {
  database: Database;
  /** Closes the database (and drops it on PostgreSQL). */
  close(): Promise<void>;
}

/**
 * The one test database factory, for PGlite and PostgreSQL alike: PGlite in memory from
 * a cached migrated template by default; with DB_DRIVER=pg a new database on the test
 * server (testDatabaseUrl()), dropped at close(). Migrated, and seeded with the demo
 * roles, users and branches unless `seed` is 'none'.
 */
export async function createTestDatabase(seed: 'accounts' | 'none' = 'accounts'): Promise<TestDatabase> {
  if (testDriver() === 'pg') {
    const empty = await createEmptyPgDatabase(testDatabaseUrl(), 't', await pgTemplate(seed));
    const database = await openDatabase({ databaseUrl: empty.url, poolSize: 5 });
    // A no-op: the template is migrated (and seeded) already.
    await migrate(database);
    return {
      database,
      close: async () => {
        await database.close();
        await empty.drop();
      },
    };
  }
  const database = await openDatabase({ dataDir: 'memory://', loadDataDir: await pgliteTemplate(seed) });
  // A no-op unless a migration was added since the template was made.
  await migrate(database);
  return { database, close: () => database.close() };
}

/**
 * A new empty database on the test PostgreSQL server (nothing migrated), e.g. for an api
 * process to migrate and seed itself; drop() removes it (connections still open or not).
 */
export async function createEmptyPgDatabase(
  base = testDatabaseUrl(),
  prefix = 't',
  template?: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await onServer(base, template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  return { url: databaseUrlFor(base, name), drop: () => onServer(base, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

function databaseUrlFor(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Migrating a new PostgreSQL database takes seconds per test file; copying a migrated one
 * (CREATE DATABASE ... TEMPLATE) a fraction of one. The template is built once per content
 * of the migrations and seed (the key of the PGlite template), under an advisory lock so
 * parallel test processes build it once, under a temporary name renamed when complete (a
 * process killed half-way leaves no half-built template). Older templates are dropped.
 */
async function pgTemplate(seed: 'accounts' | 'none', base = testDatabaseUrl()): Promise<string> {
  const name = `tpl_${seed}_${templateKey(seed)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query('SELECT pg_advisory_lock(hashtext($1))', ['loan-test-template']);
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!found.rowCount) {
      const stale = await admin.query<{ datname: string }>(
        `SELECT datname FROM pg_database WHERE datname LIKE $1 AND datname <> $2`,
        [`tpl\\_${seed}\\_%`, name],
      );
      for (const { datname } of stale.rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
      const building = `${name}_build`;
      await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${building}`);
      const database = await openDatabase({ databaseUrl: databaseUrlFor(base, building), poolSize: 2 });
      try {
        await migrate(database);
        if (seed === 'accounts') await seedDemoAccounts(database.db);
      } finally {
        await database.close();
      }
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
    }
  } finally {
    await admin.query('SELECT pg_advisory_unlock(hashtext($1))', ['loan-test-template']).catch(() => undefined);
    await admin.end();
  }
  return name;
}

/** What a migrated (and seeded) template holds: the migrations and the demo accounts. */
function templateKey(seed: 'accounts' | 'none'): string {
  return createHash('sha256')
    .update(JSON.stringify([seed, TEMPLATE_VERSION, loadMigrations(), DEMO_ROLES, DEMO_USERS, ALL_PERMISSIONS]))
    .digest('hex')
    .slice(0, 16);
}

async function onServer(url: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/**
 * A fresh, migrated database (createTestDatabase) behind a built app, with response
 * schemas checked (testConfig). Create one per test file (beforeAll) where the tests can
 * share it: PGlite takes about a second to start.
 */
export async function createTestApp(opts: TestAppOptions = {}): Promise<TestApp> {
  const config = testConfig(opts.config);
  const testDb = await createTestDatabase(opts.seed ?? 'accounts');
  const { database } = testDb;
  if (opts.demoData) {
    const { seedDemoData } = await import('../seed/demo-data');
    await seedDemoData(database.db, { applications: opts.demoData });
  }
  const inbox = new TestInbox();
  const app = await buildServer({ db: database.db, config, ports: opts.ports, modules: opts.modules, deliveredTo: inbox.sink, poolStats: database.poolStats, listen: opts.sessionCache ? database.listen : undefined });
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    config,
    inbox,
    close: async () => {
      await app.close();
      await testDb.close();
    },
  };
}

/**
 * Starting PGlite and migrating takes seconds on a busy machine; loading a dump of an
 * already migrated (and seeded) database takes about one. The dump is cached in the
 * OS temp folder, keyed by the migrations' content, so every test file reuses it.
 */
async function pgliteTemplate(seed: 'accounts' | 'none'): Promise<Blob> {
  const migrations = loadMigrations();
  const key = templateKey(seed);
  const file = path.join(os.tmpdir(), `loan-api-pglite-${key}.tgz`);
  if (existsSync(file)) return new Blob([readFileSync(file)]);
  const database = await openDatabase({ dataDir: 'memory://' });
  await migrate(database, migrations);
  if (seed === 'accounts') await seedDemoAccounts(database.db);
  if (!database.dump) throw new Error("PGlite database without dump()");
  const dump = await database.dump();
  await database.close();
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
  renameSync(tmp, file);
  return dump;
}
// Bump when seedDemoAccounts changes, so old cached templates are not reused.
const TEMPLATE_VERSION = 1;

/** Headers for a request from a browser with a session: cookies plus the echoed XSRF token. */
export interface AuthHeaders {
  cookie: string;
  [CSRF_HEADER]: string;
  [key: string]: string;
}

/** CSRF headers only (an anonymous browser that fetched /sanctum/csrf-cookie). */
export function csrfHeaders(): AuthHeaders {
  const xsrf = randomToken();
  return { cookie: `${CSRF_COOKIE}=${xsrf}`, [CSRF_HEADER]: xsrf };
}

async function sessionFor(db: Db, userId: number): Promise<AuthHeaders> {
  const id = randomToken();
  const xsrf = randomToken();
  // As a sign-in does: the XSRF token is bound to the session.
  await db.execute(sql`INSERT INTO sessions (id_hash, user_id, csrf_hash) VALUES (${sha256(id)}, ${userId}, ${sha256(xsrf)})`);
  return { cookie: `${SESSION_COOKIE}=${id}; ${CSRF_COOKIE}=${xsrf}`, [CSRF_HEADER]: xsrf };
}

/** Signs in as one of the demo accounts (needs seed 'accounts'); answers inject headers. */
export async function loginAs(app: FastifyInstance, who: DemoAccount): Promise<AuthHeaders> {
  const [u] = await queryRows<{ id: string }>(app.db, sql`SELECT id FROM users WHERE email = ${DEMO_USERS[who].email}`);
  if (!u) throw new Error(`demo user ${who} missing: create the test app with seed 'accounts'`);
  return sessionFor(app.db, Number(u.id));
}

let testHash: Promise<string> | undefined;
let counter = 0;

/**
 * Creates a role holding exactly these permissions and a user with it, and signs in.
 * `[]` gives a signed-in user without any permission.
 */
export async function loginWithPermissions(app: FastifyInstance, permissions: readonly PermissionName[]): Promise<AuthHeaders> {
  return (await createTestUser(app, permissions)).headers;
}

/** Like loginWithPermissions, also answering the new user's and role's ids. */
export async function createTestUser(
  app: FastifyInstance,
  permissions: readonly PermissionName[],
): Promise<{ headers: AuthHeaders; userId: number; roleId: number }> {
  counter += 1;
  const tag = `${process.pid}-${counter}-${randomBytes(3).toString('hex')}`;
  const roleId = await ensureRole(app.db, `test role ${tag}`, permissions);
  const hash = await (testHash ??= hashPassword('Test#2026pass'));
  const [u] = await queryRows<{ id: string }>(
    app.db,
    sql`INSERT INTO users (fullname, email, unique_number, password_hash, role_id)
        VALUES (${`Test User ${tag}`}, ${`user-${tag}@test.zm`}, ${`T-${tag}`}, ${hash}, ${roleId}) RETURNING id`,
  );
  const userId = Number(u.id);
  return { headers: await sessionFor(app.db, userId), userId, roleId };
}

/** The password of users made by loginWithPermissions. */
export const TEST_USER_PASSWORD = 'Test#2026pass';
