#!/usr/bin/env node
// Dashboard benchmark: p50/p95/p99 latency and req/s of every call the dashboard makes
// (spec §7 'Dashboard' and the offer letters' card stats). Target: p95 under 100 ms each.
//
//   node tools/bench/dashboard.mjs                       start the api on PGlite (demo seed) and measure
//   DATABASE_URL=postgres://... SEED_SCALE=1000000 node tools/bench/dashboard.mjs
//                                                        start it on PostgreSQL, seeded at that scale
//   node tools/bench/dashboard.mjs --url http://127.0.0.1:3030   measure an api already running
//
// Options: --url, --port (3030), --duration seconds per call (10, at most 60),
// --connections (10, at most 100), --data-dir (PGlite folder), --json file.
// Loopback only: it refuses any other host. Signs in as the demo viewer (dashboard only).
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const EMAIL = process.env.BENCH_EMAIL ?? 'viewer@demo.zm';
const PASSWORD = process.env.BENCH_PASSWORD ?? 'Demo#2026';
const TARGET_P95_MS = 100;

function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1] : fallback;
}

const port = Number(arg('port', '3030'));
const duration = Math.min(60, Math.max(1, Number(arg('duration', '10'))));
const connections = Math.min(100, Math.max(1, Number(arg('connections', '10'))));
const base = arg('url', `http://127.0.0.1:${port}`).replace(/\/$/, '');
const jsonOut = arg('json', undefined);

const host = new URL(base).hostname;
if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(host)) {
  console.error(`Refusing to benchmark ${host}: loopback only.`);
  process.exit(2);
}

let child;
// The api runs under npx -> tsx -> node: stop the whole process group, not only npx.
function stopChild() {
  if (!child || child.exitCode !== null) return;
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    child.kill('SIGTERM');
  }
}
process.on('exit', stopChild);
process.on('SIGINT', () => process.exit(130));

async function waitFor(url, ms) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (child && child.exitCode !== null) throw new Error(`the api exited with code ${child.exitCode}`);
    try {
      const r = await fetch(url);
      if (r.status < 500) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not answer within ${ms / 1000}s`);
}

if (!process.argv.includes('--url')) {
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    SEED: 'demo',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    DATA_DIR: arg('data-dir', process.env.DATA_DIR ?? '/tmp/loan-bench-dashboard-pglite'),
  };
  const where = env.DATABASE_URL ? `PostgreSQL ${env.DATABASE_URL.replace(/\/\/[^@]*@/, '//')}` : `PGlite ${env.DATA_DIR}`;
  console.log(`Starting the api on ${base} (${where}, SEED_SCALE=${env.SEED_SCALE ?? 'demo'}); first start migrates and seeds...`);
  const t0 = Date.now();
  child = spawn('npx', ['tsx', '--tsconfig', 'apps/api/tsconfig.app.json', 'apps/api/src/main.ts'], {
    cwd: root,
    env,
    detached: true,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitFor(`${base}/sanctum/csrf-cookie`, 30 * 60_000);
  console.log(`api up after ${((Date.now() - t0) / 1000).toFixed(1)}s`);
}

/** Cookie jar of one browser: the session and XSRF cookies. */
const jar = new Map();
function keep(res) {
  for (const c of res.headers.getSetCookie()) {
    const [pair] = c.split(';');
    const i = pair.indexOf('=');
    jar.set(pair.slice(0, i), pair.slice(i + 1));
  }
}
const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');

keep(await fetch(`${base}/sanctum/csrf-cookie`));
const login = await fetch(`${base}/login`, {
  method: 'POST',
  headers: {
    'content-type': 'application/json',
    accept: 'application/json',
    cookie: cookieHeader(),
    'x-xsrf-token': decodeURIComponent(jar.get('XSRF-TOKEN') ?? ''),
  },
  body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
});
keep(login);
if (login.status >= 300) {
  console.error(`login failed: HTTP ${login.status} ${await login.text()}`);
  process.exit(1);
}
const headers = { cookie: cookieHeader(), accept: 'application/json' };

async function getJson(path) {
  const r = await fetch(`${base}${path}`, { headers });
  if (r.status !== 200) throw new Error(`GET ${path}: HTTP ${r.status} ${await r.text()}`);
  return r.json();
}

const now = new Date();
const year = String(now.getUTCFullYear());
const month = String(now.getUTCMonth() + 1).padStart(2, '0');
const D = '/api/dashboard';
const scenarios = [
  { name: 'daily-card-stats', path: `${D}/daily-card-stats` },
  { name: `monthly-card-stats ${month}`, path: `${D}/monthly-card-stats?month=${month}&year=${year}` },
  { name: 'monthly-card-stats all months', path: `${D}/monthly-card-stats?year=${year}` },
  { name: 'monthly-chart-stats', path: `${D}/monthly-chart-stats` },
  { name: `monthly-chart-stats ${month}`, path: `${D}/monthly-chart-stats?month=${month}&year=${year}` },
  { name: 'sms-stats', path: `${D}/sms-stats` },
  { name: 'disbursement-transactions-stats', path: `${D}/disbursement-transactions-stats` },
  { name: 'offer card-stats (all)', path: '/api/loan-offer-letter/card-stats' },
  { name: `offer card-stats ${month}`, path: `/api/loan-offer-letter/card-stats?month=${month}&year=${year}` },
];

const sizes = await getJson(`${D}/monthly-chart-stats?year=${year}`);
const yearTotal = Object.values(sizes.applications).reduce((n, m) => n + m.req + m.app + m.rej + m.clo, 0);
console.log(`${yearTotal} applications created in ${year}; ${connections} connections, ${duration}s per call`);

function percentile(sorted, p) {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function measure(s) {
  await getJson(s.path); // every answer must be 200: check once first
  const times = [];
  let bad = 0;
  const inst = autocannon({ url: `${base}${s.path}`, connections, duration, headers });
  inst.on('response', (_client, statusCode, _bytes, ms) => {
    times.push(ms);
    if (statusCode !== 200) bad += 1;
  });
  const result = await inst;
  times.sort((a, b) => a - b);
  return {
    name: s.name,
    path: s.path,
    requests: times.length,
    reqPerSec: Math.round(times.length / duration),
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    non200: bad + result.errors + result.timeouts,
  };
}

const results = [];
for (const s of scenarios) {
  const r = await measure(s);
  results.push(r);
  const over = r.p95 >= TARGET_P95_MS ? `   OVER ${TARGET_P95_MS} ms` : '';
  console.log(
    `${r.name.padEnd(34)} ${String(r.reqPerSec).padStart(6)} req/s   p50 ${r.p50.toFixed(1).padStart(6)} ms   p95 ${r.p95
      .toFixed(1)
      .padStart(6)} ms   p99 ${r.p99.toFixed(1).padStart(6)} ms${r.non200 ? `   NON-200: ${r.non200}` : ''}${over}`,
  );
}

if (jsonOut) writeFileSync(jsonOut, JSON.stringify({ base, yearTotal, connections, duration, results }, null, 2));
stopChild();
process.exit(results.some((r) => r.non200 > 0) ? 1 : 0);
