import { fileDeliverySink, loadConfig, loadMigrations, migrate, openDatabase, seedIfEmpty } from '@loan/shared-server';
import { buildApp, MIGRATIONS_DIR } from './app';

async function main() {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const applied = await migrate(database, loadMigrations(MIGRATIONS_DIR));
  const where = config.databaseUrl ? 'PostgreSQL' : `PGlite at ${config.dataDir}`;
  console.log(`api: database ${where}; ${applied.length ? `applied ${applied.join(', ')}` : 'schema up to date'}`);
  await seedIfEmpty(database.db, config, (line) => console.log(`api: seed ${line}`));

  // The e2e api writes each sent message, secrets in clear, to this file (the tests' phone);
  // nothing reachable over HTTP shows them. Never in production.
  const deliveredFile = process.env['DELIVERED_MESSAGES_FILE'];
  if (deliveredFile && process.env['NODE_ENV'] === 'production') throw new Error('DELIVERED_MESSAGES_FILE is for local tests only');
  const app = await buildApp({
    db: database.db,
    config,
    deliveredTo: deliveredFile ? fileDeliverySink(deliveredFile) : undefined,
    logger: { level: process.env['LOG_LEVEL'] ?? 'info' },
    trustProxy: ['1', 'true'].includes(process.env['TRUST_PROXY'] ?? ''),
  });
  app.addHook('onClose', () => database.close());
  await app.listen({ host: config.host, port: config.port });
  console.log(`api: listening on http://${config.host}:${config.port}`);

  const stop = async () => {
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
