// Test helpers for the api and the domain server libs: one harness (createTestDatabase,
// createTestApp) for PGlite and PostgreSQL (a fresh database per test file; DB_DRIVER=pg
// for the server of testDatabaseUrl()), and one place for the test addresses (urls.ts).
export * from './harness';
export * from './routes';
export * from './inbox';
export * from './urls';
