// Time to queue a bulk SMS to 50,000 clients (issue 15): the POST answers once every
// recipient has its queued row and the batch job is enqueued; sending runs later.
//
//   TSX_TSCONFIG_PATH=tsconfig.base.json npx tsx tools/bench/communication-queue.ts   PGlite in memory
//   ... with DB_DRIVER=pg TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test: PostgreSQL
//
// Options (environment): RECIPIENTS (50000).
import { sql } from 'drizzle-orm';
import { P } from '@loan/shared-contract';
import { createTestApp, loginWithPermissions } from '@loan/shared-server/testing';
import { communicationPlugin } from '@loan/communication-server';

async function main() {
  const n = Number(process.env['RECIPIENTS'] ?? 50_000);
  const t = await createTestApp({ modules: [communicationPlugin()], config: { jobs: true } });
  try {
    // Only send: no worker takes the batch while we measure.
    await t.app.jobs.stop();
    await t.app.jobs.start({ work: false });
    await t.db.execute(sql`INSERT INTO clients (fullname, nrc, mobile, branch_id)
      SELECT 'Bench client ' || g, lpad(g::text, 6, '0') || '/10/1', '09' || lpad(g::text, 8, '0'), (SELECT min(id) FROM branches)
      FROM generate_series(1, ${n}) g`);
    const headers = await loginWithPermissions(t.app, [P.viewCommunicationModule, P.createMessage, P.viewAllBranches]);
    const started = process.hrtime.bigint();
    const res = await t.app.inject({ method: 'POST', url: '/api/communication/sms', headers, payload: { all: true, body: 'Dear {name}, your statement is ready.' } });
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    if (res.statusCode !== 202) throw new Error(`send answered ${res.statusCode}: ${res.body}`);
    console.log(`${t.database.driver}: queued ${res.json().queued} SMS in ${ms.toFixed(0)} ms (${((res.json().queued / ms) * 1000).toFixed(0)} a second)`);
  } finally {
    await t.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
