#!/usr/bin/env node
// Disbursements list benchmark (issue 13: list p95 at 1M disbursements at most 30 ms):
// p50/p95/p99 latency and req/s of the list's first page, its filters (status, mode, branch,
// reconciled, date range), a search, the next page by cursor, and the auto rules screen.
//
//   node tools/bench/disbursements.mjs                    start the api on PGlite (demo seed) and measure
//   DATABASE_URL=postgres://... node tools/bench/disbursements.mjs --rows 1000000
//                                                         start it on PostgreSQL and first top the
//                                                         disbursements table up to that many rows
//   node tools/bench/disbursements.mjs --url http://127.0.0.1:3032   measure an api already running
//
// Options: --url, --port (3032), --rows (PostgreSQL only), --duration seconds per call (10,
// at most 60), --warmup seconds (2), --connections (4), --data-dir (PGlite folder), --json file.
// Loopback only. Signs in as the demo finance user (transactions, every branch).
import { benchOptions, finish, measure, signIn, startApi, topUpTable } from './harness.mjs';

const TARGET_P95_MS = 30;
const opts = benchOptions({ port: 3032, connections: 4, dataDir: '/tmp/loan-bench-disbursements-pglite' });
const rowsArg = process.argv.indexOf('--rows');
const targetRows = rowsArg > 0 ? Number(process.argv[rowsArg + 1]) : 0;

await startApi(opts);

/**
 * Tops the table up to `target` rows with synthetic settled payments spread over two years,
 * every branch, mode and status (PostgreSQL only: the api holds a PGlite folder itself).
 * Not tied to loans (application_id NULL): the once-per-loan index leaves them alone.
 */
const topUp = (target) =>
  topUpTable('disbursements', target, (done, n) => [
    `INSERT INTO disbursements (branch_id, amount, mode, method, recipient, status, provider, provider_ref, reconciled, created_at, settled_at)
     SELECT b.ids[1 + (g % array_length(b.ids, 1))], (500 + (g % 9500))::numeric + 0.25,
            (ARRAY['instant_single','instant_bulk','auto'])[1 + g % 3], 'mobile_money', '0977' || lpad((g % 1000000)::text, 6, '0'),
            CASE WHEN g % 17 = 0 THEN 'failed' WHEN g % 29 = 0 THEN 'pending' ELSE 'success' END, 'sandbox',
            CASE WHEN g % 17 = 0 THEN NULL ELSE 'BENCH-' || ($1::bigint + g) END, g % 3 = 0,
            now() - (g % 730) * interval '1 day' - (g % 86400) * interval '1 second',
            now() - (g % 730) * interval '1 day' - (g % 86400) * interval '1 second' + interval '5 seconds'
       FROM generate_series(1, $2::int) g, (SELECT array_agg(id) AS ids FROM branches) b`,
    [done, n],
  ]);
if (targetRows > 0) await topUp(targetRows);

const session = await signIn(opts.base, process.env.BENCH_EMAIL ?? 'finance@demo.zm', process.env.BENCH_PASSWORD ?? 'Demo#2026');
const L = '/api/transactions/disbursements';
const first = await session.getJson(`${L}?page=1&pageSize=15`);
const branches = await session.getJson(`${L}/branches`);
const branch = branches[0]?.id ?? 1;
const year = new Date().getUTCFullYear();
console.log(`${first.total} disbursements; ${opts.connections} connections, ${opts.duration}s per call`);

const scenarios = [
  { name: 'list page 1', path: `${L}?page=1&pageSize=15` },
  { name: 'list page 1 (100 rows)', path: `${L}?page=1&pageSize=100` },
  ...(first.nextCursor ? [{ name: 'list next page (cursor)', path: `${L}?pageSize=15&cursor=${encodeURIComponent(first.nextCursor)}` }] : []),
  { name: 'status=failed', path: `${L}?page=1&pageSize=15&status=failed` },
  { name: 'mode=auto', path: `${L}?page=1&pageSize=15&mode=auto` },
  { name: `branch_id=${branch}`, path: `${L}?page=1&pageSize=15&branch_id=${branch}` },
  { name: 'reconciled=false', path: `${L}?page=1&pageSize=15&reconciled=false` },
  { name: `date range ${year}-01`, path: `${L}?page=1&pageSize=15&fromDate=${year}-01-01&toDate=${year}-01-31` },
  { name: 'search recipient', path: `${L}?page=1&pageSize=15&search=0977000123` },
  { name: 'auto rules', path: '/api/transactions/auto-rules' },
];

const results = [];
for (const s of scenarios) results.push(await measure(opts, session, s, TARGET_P95_MS));
finish(opts, results, { disbursements: first.total });
