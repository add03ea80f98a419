#!/usr/bin/env node
// Load figure (issue 11 "Also"): an authenticated list's p95 and login throughput at 20
// connections, printed beside a Fastify hello-world measured the same way on the same
// machine at the same moment, so later changes compare by ratio rather than raw numbers.
//
//   DATABASE_URL=postgres://127.0.0.1/loan_bench node tools/bench/load.mjs
//                                                 start the api on PostgreSQL (demo seed) and measure
//   node tools/bench/load.mjs                      the same on PGlite
//   node tools/bench/load.mjs --url http://127.0.0.1:3060   measure an api already running
//
// Options: --url, --port (3060), --duration seconds (10, at most 60), --warmup (2),
// --connections (20), --data-dir (PGlite folder), --json file. Loopback only.
//
// Logins: each connection signs in from its own loopback address (127.0.1.N), as many
// browsers do, so the per-identifier-and-IP limit (5 failures a minute, counted while in
// flight) does not refuse parallel right passwords of one account. Every login is right.
import http from 'node:http';
import Fastify from 'fastify';
import autocannon from 'autocannon';
import { benchOptions, finish, measure, signIn, startApi } from './harness.mjs';

const opts = benchOptions({ port: 3060, connections: 20, dataDir: '/tmp/loan-bench-load-pglite' });
const EMAIL = process.env.BENCH_EMAIL ?? 'admin@demo.zm';
const PASSWORD = process.env.BENCH_PASSWORD ?? 'Demo#2026';

// The reference: Fastify answering a small JSON body, in this process, on another port.
const hello = Fastify({ logger: false });
hello.get('/', async () => ({ hello: 'world' }));
await hello.listen({ host: '127.0.0.1', port: opts.port + 1 });
const helloBase = `http://127.0.0.1:${opts.port + 1}`;

await startApi(opts);
const session = await signIn(opts.base, EMAIL, PASSWORD);

/** POST /login repeatedly on `connections` keep-alive sockets for `seconds`; answers the latencies. */
async function loginLoad(seconds) {
  const body = JSON.stringify({ email: EMAIL, password: PASSWORD });
  const token = 'bench-csrf-token-0123456789abcdefghijklmnopqrstu';
  const times = [];
  let bad = 0;
  const end = Date.now() + seconds * 1000;
  const worker = async (n) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1, localAddress: `127.0.1.${n + 1}` });
    while (Date.now() < end) {
      const t0 = performance.now();
      const status = await new Promise((resolve, reject) => {
        const url = new URL('/login', opts.base);
        const req = http.request(
          url,
          {
            method: 'POST',
            agent,
            headers: {
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(body),
              accept: 'application/json',
              cookie: `XSRF-TOKEN=${token}`,
              'x-xsrf-token': token,
            },
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode));
          },
        );
        req.on('error', reject);
        req.end(body);
      });
      times.push(performance.now() - t0);
      if (status !== 200) bad += 1;
    }
    agent.destroy();
  };
  await Promise.all(Array.from({ length: opts.connections }, (_, i) => worker(i)));
  return { times: times.sort((a, b) => a - b), bad };
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const results = [];

// 1. The reference, timed per response like the api's scenarios (p95 of the same kind).
await autocannon({ url: helloBase, connections: opts.connections, duration: opts.warmup || 1 });
const helloTimes = [];
const inst = autocannon({ url: helloBase, connections: opts.connections, duration: opts.duration });
inst.on('response', (_c, _s, _b, ms) => helloTimes.push(ms));
await inst;
helloTimes.sort((a, b) => a - b);
const helloFig = {
  name: 'fastify hello-world',
  reqPerSec: Math.round(helloTimes.length / opts.duration),
  p50: pct(helloTimes, 50),
  p95: pct(helloTimes, 95),
};
console.log(`${'fastify hello-world'.padEnd(34)} ${String(helloFig.reqPerSec).padStart(6)} req/s   p50 ${helloFig.p50.toFixed(1)} ms   p95 ${helloFig.p95.toFixed(1)} ms`);

// 2. An authenticated list (the applications list, page 1, as the portal asks for it).
const list = await measure(opts, session, { name: 'authenticated list (byStatus p1)', path: '/api/applyForLoan/byStatus?status=request&page=1' });
results.push(list);

// 3. Login throughput (scrypt per try, rate-limit bookkeeping, session insert).
await loginLoad(opts.warmup || 1);
const lg = await loginLoad(opts.duration);
const login = {
  name: 'login',
  requests: lg.times.length,
  reqPerSec: Math.round(lg.times.length / opts.duration),
  p50: pct(lg.times, 50),
  p95: pct(lg.times, 95),
  p99: pct(lg.times, 99),
  non200: lg.bad,
};
results.push(login);
console.log(
  `${'login'.padEnd(34)} ${String(login.reqPerSec).padStart(6)} req/s   p50 ${login.p50.toFixed(1)} ms   p95 ${login.p95.toFixed(1)} ms` +
    (login.non200 ? `   NON-200: ${login.non200}` : ''),
);

const ratios = {
  listP95OverHelloP95: list.p95 / Math.max(helloFig.p95, 0.1),
  listReqPerSecOverHello: list.reqPerSec / helloFig.reqPerSec,
  loginReqPerSecOverHello: login.reqPerSec / helloFig.reqPerSec,
};
console.log(
  `ratios at ${opts.connections} connections: list p95 / hello p95 = ${ratios.listP95OverHelloP95.toFixed(1)}x; ` +
    `list req/s = ${(ratios.listReqPerSecOverHello * 100).toFixed(1)}% of hello; login req/s = ${(ratios.loginReqPerSecOverHello * 100).toFixed(2)}% of hello`,
);
await hello.close();
finish(opts, results, { hello: helloFig, ratios });
