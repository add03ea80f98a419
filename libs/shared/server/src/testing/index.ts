// Test helpers for the api and the domain server libs: a migrated database (PGlite, or a
// fresh database on TEST_DATABASE_URL with DB_DRIVER=pg) behind a built server.
export * from './harness';
export * from './routes';
export * from './inbox';
