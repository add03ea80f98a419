#!/usr/bin/env node
// Per-request cost (issue 18): an authenticated GET /api/user at 20 connections beside a
// Fastify hello-world measured the same way, at the same moment, on the same machine, and
// their ratio (goal: at least 0.1x). The session is read through the in-process session
// cache that NOTIFY keeps honest (libs/shared/server/src/http/session-cache.ts).
//
//   node tools/bench/session.mjs                      start the api on PGlite (demo seed) and measure
//   DATABASE_URL=postgres://127.0.0.1/loan_bench node tools/bench/session.mjs   on PostgreSQL
//   node tools/bench/session.mjs --url http://127.0.0.1:3070   measure an api already running
//
// Options: --url, --port (3070; hello-world on port+1), --duration seconds (10), --warmup (2),
// --connections (20), --data-dir (PGlite folder), --json file. Loopback only.
import Fastify from 'fastify';
import { benchOptions, finish, measure, signIn, startApi } from './harness.mjs';

const GOAL = 0.1;
const opts = benchOptions({ port: 3070, connections: 20, dataDir: '/tmp/loan-bench-session-pglite' });

const hello = Fastify({ logger: false });
hello.get('/', async () => ({ hello: 'world' }));
await hello.listen({ host: '127.0.0.1', port: opts.port + 1 });

await startApi(opts);
const session = await signIn(opts.base, process.env.BENCH_EMAIL ?? 'admin@demo.zm', process.env.BENCH_PASSWORD ?? 'Demo#2026');

// Side by side: each measured twice, alternating, so a busy moment of the machine hits both.
const helloOpts = { ...opts, base: `http://127.0.0.1:${opts.port + 1}` };
const helloSession = { headers: {}, getJson: async (p) => (await fetch(`${helloOpts.base}${p}`)).json() };
const results = [];
for (let round = 1; round <= 2; round += 1) {
  results.push({ ...(await measure(helloOpts, helloSession, { name: `fastify hello-world (${round})`, path: '/' })) });
  results.push({ ...(await measure(opts, session, { name: `GET /api/user (${round})`, path: '/api/user' })) });
}
const sum = (re) => results.filter((r) => re.test(r.name)).reduce((n, r) => n + r.reqPerSec, 0);
const ratio = sum(/^GET/) / sum(/^fastify/);
console.log(
  `GET /api/user ${Math.round(sum(/^GET/) / 2)} req/s vs hello-world ${Math.round(sum(/^fastify/) / 2)} req/s at ${opts.connections} connections: ` +
    `${ratio.toFixed(3)}x (goal >= ${GOAL}x) ${ratio >= GOAL ? 'ok' : 'NOT MET'}`,
);
await hello.close();
finish(opts, results, { ratio, goal: GOAL });
