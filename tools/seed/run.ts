/**
 * Seeds the api database from the command line (the same code `npm start` runs on an
 * empty database).
 *
 *   npm run seed                                  # PGlite at .data/pglite, demo size (or: npx nx run api:seed)
 *   npm run seed -- --scale 100000 --reset        # wipe, then 100,000 applications
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench npm run seed -- --scale 1000000 --reset
 *
 * Options: --scale N (applications; default SEED_SCALE or 2,000), --reset (truncate every
 * table first), --accounts-only (demo roles, users and branches only).
 */
import { sql } from 'drizzle-orm';
import { DEMO_APPLICATIONS, loadConfig, migrate, openDatabase, queryRows, seedDemoAccounts, seedDemoData } from '@loan/shared-server';

function parseArgs(argv: string[]) {
  const out = { scale: undefined as number | undefined, reset: false, accountsOnly: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--reset') out.reset = true;
    else if (a === '--accounts-only') out.accountsOnly = true;
    else if (a === '--scale' || a.startsWith('--scale=')) {
      const v = a.includes('=') ? a.split('=')[1] : argv[++i];
      const n = Number(v);
      if (!Number.isInteger(n) || n < 1 || n > 5_000_000) throw new Error(`--scale wants a whole number from 1 to 5,000,000, got '${v}'`);
      out.scale = n;
    } else throw new Error(`unknown option '${a}' (use --scale N, --reset, --accounts-only)`);
  }
  return out;
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const started = Date.now();
  const log = (line: string) => console.log(`[${((Date.now() - started) / 1000).toFixed(1)} s] ${line}`);
  try {
    log(`database: ${config.databaseUrl ? 'PostgreSQL' : `PGlite at ${config.dataDir}`}`);
    await migrate(database);
    if (args.reset) {
      const tables = await queryRows<{ name: string }>(
        database.db,
        sql`SELECT table_name AS name FROM information_schema.tables
             WHERE table_schema = 'public' AND table_type = 'BASE TABLE'
               AND table_name NOT IN ('schema_migrations', 'permissions')`,
      );
      log(`reset: truncating ${tables.length} tables`);
      await database.db.execute(sql.raw(`TRUNCATE ${tables.map((t) => `"${t.name}"`).join(', ')} RESTART IDENTITY CASCADE`));
    } else {
      const [row] = await queryRows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM loan_applications`);
      if (row.n > 0 && !args.accountsOnly) {
        throw new Error(`the database already holds ${row.n} applications: add --reset to start over`);
      }
    }
    await seedDemoAccounts(database.db);
    log('demo accounts ready');
    if (!args.accountsOnly) {
      await seedDemoData(database.db, { applications: args.scale ?? config.seedScale ?? DEMO_APPLICATIONS, log });
      // Fresh statistics and visibility maps after a bulk load: without them (autovacuum may
      // be off or not have run yet) the planner misjudges the new tables and index-only scans
      // read the heap, and benchmarks measure that instead of the queries.
      await database.db.execute(sql.raw('VACUUM (ANALYZE)'));
      log('vacuumed and analyzed');
    }
    log('finished');
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  const cause = err instanceof Error && err.cause instanceof Error ? `\n${err.cause.message}` : '';
  console.error(err instanceof Error ? `${err.message.split('\n')[0]}${cause}` : err);
  process.exit(1);
});
