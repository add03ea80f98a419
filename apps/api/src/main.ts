import { buildApp } from './app';
import { loadConfig } from './config';
import { migrate, openDatabase } from './db';
import { seedIfEmpty } from './db/seed';

async function main() {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const applied = await migrate(database);
  const where = config.databaseUrl ? 'PostgreSQL' : `PGlite at ${config.dataDir}`;
  console.log(`api: database ${where}; ${applied.length ? `applied ${applied.join(', ')}` : 'schema up to date'}`);
  await seedIfEmpty(database.db, config, (line) => console.log(`api: seed ${line}`));

  const app = await buildApp({
    db: database.db,
    config,
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
