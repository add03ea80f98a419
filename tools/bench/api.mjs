#!/usr/bin/env node
// Api benchmark: req/s and p50/p95/p99 latency of the loan list calls the portal makes
// most (byStatus page 1, a deep page by number and by cursor, a search, total-value).
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
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const DEMO_EMAIL = 'admin@demo.zm';
const DEMO_PASSWORD = 'Demo#2026';

function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1] : fallback;
}

const port = Number(arg('port', '3050'));
const duration = Math.min(60, Math.max(1, Number(arg('duration', '10'))));
const connections = Math.min(100, Math.max(1, Number(arg('connections', '20'))));
const base = arg('url', `http://127.0.0.1:${port}`).replace(/\/$/, '');
const jsonOut = arg('json', undefined);
const warmup = Math.min(10, Math.max(0, Number(arg('warmup', '2'))));

const host = new URL(base).hostname;
if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(host)) {
  console.error(`Refusing to benchmark ${host}: loopback only.`);
  process.exit(2);
}

let child;
function stopChild() {
  // The api runs in its own process group (tsx starts a second node): end the group.
  if (child && child.exitCode === null) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      /* already gone */
    }
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
    DATA_DIR: arg('data-dir', process.env.DATA_DIR ?? '/tmp/loan-bench-pglite'),
  };
  const where = env.DATABASE_URL ? `PostgreSQL ${env.DATABASE_URL.replace(/\/\/[^@]*@/, '//')}` : `PGlite ${env.DATA_DIR}`;
  console.log(`Starting the api on ${base} (${where}, SEED_SCALE=${env.SEED_SCALE ?? 'demo'}); first start migrates and seeds...`);
  const t0 = Date.now();
  child = spawn(join(root, 'node_modules/.bin/tsx'), ['--tsconfig', 'apps/api/tsconfig.app.json', 'apps/api/src/main.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  await waitFor(`${base}/sanctum/csrf-cookie`, 15 * 60_000);
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
  body: JSON.stringify({ email: DEMO_EMAIL, password: DEMO_PASSWORD }),
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

// Pick the paths from the data: a deep page 90% of the way down the requests, its
// cursor, and a borrower surname that many rows share.
const A = '/api/applyForLoan';
const first = await getJson(`${A}/byStatus?status=request&per_page=15`);
const { total, last_page: lastPage } = first.meta;
const deepPage = Math.max(1, Math.floor(lastPage * 0.9));
const deep = await getJson(`${A}/byStatus?status=request&per_page=15&page=${deepPage - 1}`);
const deepCursor = deep.meta.next_cursor;
const sample = first.data[0];
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
console.log(`requests: ${total} applications, ${lastPage} pages of 15; ${connections} connections, ${duration}s each`);

/**
 * CPU milliseconds used so far by the api we started (its whole process group), from
 * /proc: a figure that other load on the machine barely changes. Undefined with --url.
 */
function apiCpuMs() {
  if (!child) return undefined;
  try {
    const pids = execFileSync('ps', ['-o', 'pid=', '-g', String(child.pid)]).toString().split(/\s+/).filter(Boolean);
    return procCpuMs(pids);
  } catch {
    return undefined;
  }
}

/** utime + stime of these processes, in milliseconds. */
function procCpuMs(pids) {
  const tick = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
  let ticks = 0;
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(f[11]) + Number(f[12]);
    } catch {
      /* gone or not readable */
    }
  }
  return (ticks * 1000) / tick;
}

/**
 * CPU milliseconds used so far by the PostgreSQL backends serving the bench database
 * (same machine only: loopback is all this script talks to). Undefined on PGlite.
 */
async function dbCpuMs() {
  const url = process.env.DATABASE_URL;
  if (!url) return undefined;
  try {
    const { default: pg } = await import('pg');
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    const { rows } = await c.query('SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()');
    await c.end();
    return procCpuMs(rows.map((r) => r.pid));
  } catch {
    return undefined;
  }
}

function percentile(sorted, p) {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function measure(s) {
  // Every status must be 200: check once before measuring; then warm up (JIT, caches) unmeasured.
  await getJson(s.path);
  if (warmup > 0) await autocannon({ url: `${base}${s.path}`, connections, duration: warmup, headers });
  const times = [];
  let bad = 0;
  const inst = autocannon({ url: `${base}${s.path}`, connections, duration, headers });
  inst.on('response', (_client, statusCode, _bytes, ms) => {
    times.push(ms);
    if (statusCode !== 200) bad += 1;
  });
  const cpu0 = apiCpuMs();
  const db0 = await dbCpuMs();
  const result = await inst;
  const cpu1 = apiCpuMs();
  const db1 = await dbCpuMs();
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
    apiCpuMsPerRequest: cpu0 !== undefined && cpu1 !== undefined && times.length ? (cpu1 - cpu0) / times.length : undefined,
    dbCpuMsPerRequest: db0 !== undefined && db1 !== undefined && times.length ? (db1 - db0) / times.length : undefined,
  };
}

const results = [];
for (const s of scenarios) {
  const r = await measure(s);
  results.push(r);
  console.log(
    `${r.name.padEnd(34)} ${String(r.reqPerSec).padStart(6)} req/s   p50 ${r.p50.toFixed(1).padStart(6)} ms   p95 ${r.p95
      .toFixed(1)
      .padStart(6)} ms   p99 ${r.p99.toFixed(1).padStart(6)} ms${
      r.apiCpuMsPerRequest !== undefined ? `   api cpu ${r.apiCpuMsPerRequest.toFixed(2)} ms/req` : ''
    }${r.dbCpuMsPerRequest !== undefined ? `   db cpu ${r.dbCpuMsPerRequest.toFixed(2)} ms/req` : ''}${r.non200 ? `   NON-200: ${r.non200}` : ''}`,
  );
}

const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
console.log(`machine: ${execFileSync('nproc').toString().trim()} CPUs, load average now ${load}`);
if (jsonOut) writeFileSync(jsonOut, JSON.stringify({ base, total, connections, duration, load, results }, null, 2));
const failed = results.some((r) => r.non200 > 0);
stopChild();
process.exit(failed ? 1 : 0);
