#!/usr/bin/env node
// Reports benchmark: p50/p95/p99 latency and req/s of every report's JSON answer (issue 17:
// each at most 1 s p95 on PostgreSQL at scale), and the time and peak memory of streaming
// the closed-unsigned CSV and .xlsx whole.
//
//   node tools/bench/reports.mjs                         start the api on PGlite (demo seed) and measure
//   DATABASE_URL=postgres://... SEED_SCALE=100000 node tools/bench/reports.mjs
//   node tools/bench/reports.mjs --url http://127.0.0.1:3031   measure an api already running
//
// Options: --url, --port (3031), --duration seconds per call (10, at most 60), --warmup
// seconds (2), --connections (2), --data-dir (PGlite folder), --json file.
// Loopback only. Signs in as the demo finance user (reports, every branch).
import { benchOptions, finish, measure, signIn, startApi } from './harness.mjs';

const TARGET_P95_MS = 1000;
const opts = benchOptions({ port: 3031, connections: 2, dataDir: '/tmp/loan-bench-reports-pglite' });
await startApi(opts);
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

// The whole file, once each: time to the last byte and its size (the api streams it in batches).
for (const format of ['csv', 'xlsx']) {
  const t0 = performance.now();
  const res = await fetch(`${opts.base}${A}/reports/closed-unsigned?format=${format}`, { headers: session.headers ?? {} });
  let bytes = 0;
  if (res.body) for await (const chunk of res.body) bytes += chunk.length;
  console.log(`closed-unsigned ${format}: HTTP ${res.status}, ${(bytes / 1024).toFixed(0)} KiB in ${(performance.now() - t0).toFixed(0)} ms`);
}
finish(opts, results, { closedUnsigned });
