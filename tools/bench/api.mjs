#!/usr/bin/env node
// Api benchmark: req/s and p50/p95/p99 latency of the loan list calls the portal makes
// most (byStatus page 1, a deep page by number and by cursor, a search, total-value).
// Target (issue 3): p95 under 30 ms at 20 connections on PostgreSQL at 100,000 applications.
//
//   node tools/bench/api.mjs                      start the api on PGlite (demo seed) and measure
//   DATABASE_URL=postgres://... SEED_SCALE=100000 node tools/bench/api.mjs
//                                                 start it on PostgreSQL, seeded at that scale
//   node tools/bench/api.mjs --url http://127.0.0.1:3050   measure an api already running
//
// Options: --url, --port (3050), --duration seconds (10, at most 60), --warmup seconds
// before each measurement (2), --connections (20, at most 100), --data-dir (PGlite
// folder, default /tmp/loan-bench-pglite), --json file (the figures as JSON).
// Loopback only: it refuses any other host. It signs in as the demo admin.
import { benchOptions, finish, measure, signIn, startApi } from './harness.mjs';

const TARGET_P95_MS = 30;
const opts = benchOptions({ port: 3050, connections: 20, dataDir: '/tmp/loan-bench-pglite' });
await startApi(opts);
const session = await signIn(opts.base, 'admin@demo.zm', 'Demo#2026');

// Pick the paths from the data: a deep page 90% of the way down the requests, its
// cursor, and a borrower surname that many rows share.
const A = '/api/applyForLoan';
const first = await session.getJson(`${A}/byStatus?status=request&pageSize=15`);
const { total, pageSize } = first;
const lastPage = Math.max(1, Math.ceil(total / pageSize));
const deepPage = Math.max(1, Math.floor(lastPage * 0.9));
const deep = await session.getJson(`${A}/byStatus?status=request&pageSize=15&page=${deepPage - 1}`);
const deepCursor = deep.nextCursor;
const sample = first.items[0];
const surname = (sample?.fullname ?? 'a').split(/\s+/).pop();
const month = String(new Date().getUTCMonth() + 1).padStart(2, '0');

const scenarios = [
  { name: 'byStatus page 1', path: `${A}/byStatus?status=request&page=1` },
  { name: `byStatus page ${deepPage} (number)`, path: `${A}/byStatus?status=request&page=${deepPage}` },
  ...(deepCursor ? [{ name: `byStatus page ${deepPage} (cursor)`, path: `${A}/byStatus?status=request&page=${deepPage}&cursor=${deepCursor}` }] : []),
  { name: `search "${surname}"`, path: `${A}/byStatus?status=request&search=${encodeURIComponent(surname)}` },
  { name: `search NRC ${sample?.nrc ?? ''}`, path: `${A}/search?search=${encodeURIComponent(sample?.nrc ?? '1')}` },
  { name: 'total-value', path: `${A}/total-value?month=${month}&status=request&branch=` },
];
console.log(`requests: ${total} applications, ${lastPage} pages of 15; ${opts.connections} connections, ${opts.duration}s each`);

const results = [];
for (const s of scenarios) results.push(await measure(opts, session, s, TARGET_P95_MS));
finish(opts, results, { total });
