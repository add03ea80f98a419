import {
  assertProductionDatabase,
  closeOnSignals,
  fileDeliverySink,
  loadConfig,
  loadMigrations,
  loggerOptions,
  migrate,
  openDatabase,
  seedIfEmpty,
} from '@loan/shared-server';
import { startDisbursementPoller } from '@loan/transactions-server';
import { buildApp, MIGRATIONS_DIR } from './app';

async function main() {
  const config = loadConfig();
  assertProductionDatabase(config);
  // The e2e api writes each sent message, secrets in clear, to this file (the tests' phone);
  // nothing reachable over HTTP shows them. Never in production.
  const deliveredFile = process.env['DELIVERED_MESSAGES_FILE'];
  if (deliveredFile && config.production) throw new Error('DELIVERED_MESSAGES_FILE is for local tests only');

  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const applied = await migrate(database, loadMigrations(MIGRATIONS_DIR));
  const where = config.databaseUrl ? 'PostgreSQL' : `PGlite at ${config.dataDir}`;
  console.log(`api: database ${where}; ${applied.length ? `applied ${applied.join(', ')}` : 'schema up to date'}`);
  await seedIfEmpty(database.db, config, (line) => console.log(`api: seed ${line}`));

  const app = await buildApp({
    db: database.db,
    config,
    deliveredTo: deliveredFile ? fileDeliverySink(deliveredFile) : undefined,
    logger: loggerOptions(process.env['LOG_LEVEL'] ?? 'info'),
    trustProxy: ['1', 'true'].includes(process.env['TRUST_PROXY'] ?? ''),
    poolStats: database.poolStats,
    // Sessions cached in process, dropped on every instance by NOTIFY (session-cache.ts).
    listen: database.listen,
    // Closed last on shutdown: after the requests in flight, the pollers, the job queue and
    // the session listener (buildServer orders them).
    closeDatabase: () => database.close(),
  });
  // Pending disbursements: ask the mobile-money provider for their outcome (DISBURSE_POLL_MS, 0 = off).
  const pollMs = Number(process.env['DISBURSE_POLL_MS'] ?? 2000);
  if (pollMs > 0) startDisbursementPoller(app, pollMs);
  closeOnSignals(app);
  await app.listen({ host: config.host, port: config.port });
  const web = config.webDir ? `; serving the web apps from ${config.webDir}` : '';
  console.log(`api: listening on http://${config.host}:${config.port}${web}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
