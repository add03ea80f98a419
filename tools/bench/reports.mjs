#!/usr/bin/env node
// Reports benchmark: p50/p95/p99 latency and req/s of every report's JSON answer (issue 17:
// each at most 1 s p95 on PostgreSQL at scale), and the time and peak memory of streaming
// the closed-unsigned CSV and .xlsx whole.
//
//   node tools/bench/reports.mjs                         start the api on PGlite (demo seed) and measure
//   DATABASE_URL=postgres://... SEED_SCALE=100000 node tools/bench/reports.mjs
//   node tools/bench/reports.mjs --url http://127.0.0.1:3031   measure an api already running
//   DATABASE_URL=postgres://... SEED_SCALE=1000000 node tools/bench/reports.mjs --repayments 5000000
//                                                        the scale: 1M applications, and the
//                                                        repayments topped up to 5M (the seed makes fewer)
//
// Options: --url, --port (3031), --repayments N (PostgreSQL only), --duration seconds per call
// (10, at most 60), --warmup seconds (2), --connections (2), --data-dir (PGlite folder), --json file.
// Loopback only. Signs in as the demo finance user (reports, every branch).
// On PostgreSQL it also prints what the report summaries' triggers cost a bulk write: 10,000
// repayments inserted in one statement (rolled back), with the triggers and without.
import { benchOptions, download, finish, measure, signIn, startApi, topUpTable, withPg } from './harness.mjs';

const TARGET_P95_MS = 1000;
const opts = benchOptions({ port: 3031, connections: 2, dataDir: '/tmp/loan-bench-reports-pglite' });
const repaymentsArg = process.argv.indexOf('--repayments');
const targetRepayments = repaymentsArg > 0 ? Number(process.argv[repaymentsArg + 1]) : 0;
await startApi(opts);

/**
 * Tops the repayments up to `target` rows, 100,000 per statement, spread over every disbursed
 * loan (report_loan_balances lists them), one a day from the day after its disbursement (never
 * after today), 5.25 to 54.25 each. Plain inserts: the report summaries' statement triggers keep
 * report_daily and the balances in step, as they do for a bulk upload.
 */
const topUpRepayments = (target) =>
  topUpTable('repayments', target, (have, n) => [
    `INSERT INTO repayments (application_id, amount, paid_at, method, reference)
     SELECT l.ids[k.i], (5 + (k.g % 50))::numeric + 0.25, least(business_today(), l.days[k.i] + 1 + (k.g / l.n % 400)::int), 'payroll', 'BENCH-RP-' || k.g
       FROM (SELECT array_agg(application_id ORDER BY application_id) AS ids, array_agg(disbursed_on ORDER BY application_id) AS days, count(*) AS n
               FROM report_loan_balances) l
      CROSS JOIN LATERAL (SELECT $1::bigint + g AS g, 1 + (($1::bigint + g) % l.n)::int AS i FROM generate_series(1, $2::int) g) k
      WHERE l.n > 0`,
    [have, n],
  ]);
if (targetRepayments > 0) await topUpRepayments(targetRepayments);

/** Median ms of a bulk insert of (up to) 10,000 repayments in one statement (rolled back), with the report triggers and without. */
async function bulkRepaymentCost() {
  return withPg(async (c) => {
    const insert = `INSERT INTO repayments (application_id, amount, paid_at, method, reference)
                    SELECT application_id, 10.25, business_today(), 'payroll', 'BENCH-BULK-' || application_id
                      FROM report_loan_balances ORDER BY application_id DESC LIMIT 10000`;
    const runs = { triggers: [], none: [] };
    let rows = 0;
    for (let i = 0; i < 3; i++) {
      for (const kind of ['triggers', 'none']) {
        await c.query('BEGIN');
        if (kind === 'none') await c.query('ALTER TABLE repayments DISABLE TRIGGER USER');
        const t0 = performance.now();
        rows = (await c.query(insert)).rowCount;
        runs[kind].push(performance.now() - t0);
        await c.query('ROLLBACK');
      }
    }
    const median = (xs) => [...xs].sort((a, b) => a - b)[1];
    const r = { rows, withTriggersMs: Math.round(median(runs.triggers)), withoutTriggersMs: Math.round(median(runs.none)) };
    console.log(`bulk insert of ${rows} repayments (one statement, rolled back, median of 3): ${r.withTriggersMs} ms with the report triggers, ${r.withoutTriggersMs} ms without`);
    return r;
  });
}
const bulkRepayments = await bulkRepaymentCost();
const session = await signIn(opts.base, process.env.BENCH_EMAIL ?? 'finance@demo.zm', process.env.BENCH_PASSWORD ?? 'Demo#2026');

const year = new Date().getUTCFullYear();
const A = '/api/applyForLoan';
const R = '/api/reports';
const scenarios = [
  { name: 'closed-unsigned-stats-by-branch', path: `${A}/reports/closed-unsigned-stats-by-branch` },
  { name: 'unsigned-closed page 1', path: `${A}/unsigned-closed?page=1&pageSize=15` },
  { name: 'offer-letters (all)', path: `${R}/offer-letters` },
  { name: `offer-letters ${year}`, path: `${R}/offer-letters?fromDate=${year}-01-01&toDate=${year}-12-31` },
  { name: 'funnel (all)', path: `${R}/funnel` },
  { name: `funnel ${year}-01`, path: `${R}/funnel?fromDate=${year}-01-01&toDate=${year}-01-31` },
  { name: 'portfolio-at-risk', path: `${R}/portfolio-at-risk` },
  { name: `collections ${year}`, path: `${R}/collections?fromDate=${year}-01-01&toDate=${year}-12-31` },
  { name: `disbursed-vs-repaid ${year}`, path: `${R}/disbursed-vs-repaid?fromDate=${year}-01-01&toDate=${year}-12-31` },
];

const stats = await session.getJson(`${A}/reports/closed-unsigned-stats-by-branch`);
const closedUnsigned = stats.reduce((n, b) => n + b.count, 0);
console.log(`${closedUnsigned} closed unsigned loans; ${opts.connections} connections, ${opts.duration}s per call`);

const results = [];
for (const s of scenarios) results.push(await measure(opts, session, s, TARGET_P95_MS));

// The whole file, once each: time to the last byte, rows a second, and the api's resident
// memory before and at its peak (flat: the api streams it in keyset batches, 64 KiB chunks).
const downloads = [];
for (const format of ['csv', 'xlsx']) {
  const d = await download(opts, session, `closed-unsigned ${format}`, `${A}/reports/closed-unsigned?format=${format}`);
  if (format === 'csv') console.log(`  ${Math.round((d.lines - 1) / (d.ms / 1000)).toLocaleString('en-US')} rows a second`);
  downloads.push(d);
}
finish(opts, results, { closedUnsigned, bulkRepayments, downloads });
