/**
 * The one place for the addresses the api's tests use. The test-pg targets set only
 * DB_DRIVER=pg; TEST_DATABASE_URL overrides the local default server.
 */

/** The local PostgreSQL of development machines and CI (trust auth, database `test`). */
export const DEFAULT_TEST_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';

/** Which database the api's tests run on: PGlite by default, PostgreSQL with DB_DRIVER=pg. */
export function testDriver(env: NodeJS.ProcessEnv = process.env): 'pglite' | 'pg' {
  return env['DB_DRIVER'] === 'pg' ? 'pg' : 'pglite';
}

/** The server on which each PostgreSQL test file creates (and drops) its own database. */
export function testDatabaseUrl(env: NodeJS.ProcessEnv = process.env): string {
  return env['TEST_DATABASE_URL'] || DEFAULT_TEST_DATABASE_URL;
}
