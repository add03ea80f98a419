#!/usr/bin/env node
// Loans benchmark (issue 12): p95 of the loan list pages an officer opens (each status list
// of applications, page 1 and a deep page by number and by cursor, the top-up requests, the
// contracts list, search by reference / NRC / mobile, the filter by date range + branch) and
// of the dashboard's default call, daily-card-stats, at the data set's scale.
// Goals: lists and search p95 <= 30 ms, the filter <= 50 ms, daily-card-stats <= 30 ms.
// Then the CSV export of about 100,000 closed loans, read as it streams: time and the api's
// resident memory before and at its peak.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench SEED_SCALE=100000 node tools/bench/loans.mjs
//                         start the api on PostgreSQL; an empty database is seeded at SEED_SCALE
//                         (or seed first: npm run seed -- --reset --scale 1000000, README "Data and benchmarks")
//   node tools/bench/loans.mjs                   the api on PGlite with the demo seed
//   node tools/bench/loans.mjs --url http://127.0.0.1:3060   measure an api already running
//
// Options: --url, --port (3060), --duration seconds per call (10, at most 60), --warmup
// seconds (2), --connections (20, at most 100), --data-dir (PGlite folder), --json file.
// Loopback only: it refuses any other host. Signs in as the demo admin.
import { benchOptions, download, finish, measure, signIn, startApi } from './harness.mjs';

const LIST_P95_MS = 30;
const FILTER_P95_MS = 50;
const opts = benchOptions({ port: 3060, connections: 20, dataDir: '/tmp/loan-bench-loans-pglite' });
await startApi(opts);
const session = await signIn(opts.base, process.env.BENCH_EMAIL ?? 'admin@demo.zm', process.env.BENCH_PASSWORD ?? 'Demo#2026');

const A = '/api/applyForLoan';
const T = '/api/loanTopUp';
const O = '/api/loan-offer-letter';
const enc = encodeURIComponent;

// Paths from the data: page 500 (the deep page), a deep page 90% of the way down the
// requests (and its cursor), and a sample row's reference, NRC and mobile.
const first = await session.getJson(`${A}/byStatus?status=request&pageSize=15`);
const lastPage = Math.max(1, Math.ceil(first.total / first.pageSize));
const deepPage = Math.max(1, Math.floor(lastPage * 0.9));
const before = await session.getJson(`${A}/byStatus?status=request&pageSize=15&page=${deepPage - 1}`);
const sample = first.items[0] ?? {};
const to = new Date();
const from = new Date(to.getTime() - 30 * 86_400_000);
const day = (d) => d.toISOString().slice(0, 10);

const list = (name, path) => ({ name, path, target: LIST_P95_MS });
const scenarios = [
  ...['request', 'approved', 'rejected', 'closed'].map((s) => list(`applications ${s} page 1`, `${A}/byStatus?status=${s}&page=1`)),
  ...(lastPage >= 500 ? [list('applications request page 500 (number)', `${A}/byStatus?status=request&page=500`)] : []),
  list(`applications request page ${deepPage} (number)`, `${A}/byStatus?status=request&page=${deepPage}`),
  ...(before.nextCursor ? [list(`applications request page ${deepPage} (cursor)`, `${A}/byStatus?status=request&page=${deepPage}&cursor=${before.nextCursor}`)] : []),
  list('top-ups request page 1', `${T}/byStatus?status=request&page=1`),
  list('contracts page 1', `${O}/all?page=1`),
  list('search reference', `${A}/byStatus?status=request&search=${enc(sample.reference_code ?? 'LA-')}`),
  list('search NRC', `${A}/byStatus?status=request&search=${enc(sample.nrc ?? '1')}`),
  list('search mobile', `${A}/byStatus?status=request&search=${enc(sample.mobile ?? '097')}`),
  { name: 'filter 30 days + branch', path: `${A}/filter?fromDate=${day(from)}&toDate=${day(to)}&branch=Lusaka&status=request`, target: FILTER_P95_MS },
  list('daily-card-stats (Yesterday)', '/api/dashboard/daily-card-stats'),
];
console.log(`requests: ${first.total} applications, ${lastPage} pages of 15; ${opts.connections} connections, ${opts.duration}s per call`);

const results = [];
for (const s of scenarios) results.push(await measure(opts, session, s, s.target));
console.log('\np95 summary:');
for (const r of results) console.log(`  ${r.name.padEnd(44)} ${r.p95.toFixed(1).padStart(7)} ms`);
// The CSV export of about 100,000 rows (streamed in keyset batches: memory should stay flat):
// the closed list over the shortest window back from today that holds that many (the list's
// total is left out past its count cap, so the window is found by exporting).
const EXPORT_ROWS = 100_000;
let days = 30;
let exported;
for (;;) {
  const path = `${A}/export?status=closed&fromDate=${day(new Date(to.getTime() - days * 86_400_000))}&toDate=${day(to)}`;
  exported = await download(opts, session, `export closed, last ${days} days`, path, { quiet: true });
  const rows = exported.lines - 1;
  if (exported.status !== 200 || rows >= EXPORT_ROWS || days >= 3650) break;
  days = Math.min(3650, Math.ceil(days * Math.min(4, Math.max(1.2, (EXPORT_ROWS * 1.05) / Math.max(1, rows)))));
}
exported = await download(opts, session, `export closed, ${exported.lines - 1} rows`, exported.path);
finish(opts, results, { total: first.total, seedScale: process.env.SEED_SCALE ?? null, exported });
