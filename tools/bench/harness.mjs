// What every api benchmark here shares: options, the loopback guard, starting (and
// stopping) the api, signing in like a browser, measuring one path with autocannon, and
// printing. A benchmark script only names its account, defaults and scenarios.
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1] : fallback;
}

/**
 * Reads the common options (--url, --port, --duration, --warmup, --connections,
 * --data-dir, --json) with the script's defaults, and refuses any host but loopback.
 */
export function benchOptions(defaults) {
  const port = Number(arg('port', String(defaults.port)));
  const opts = {
    port,
    duration: Math.min(60, Math.max(1, Number(arg('duration', '10')))),
    warmup: Math.min(10, Math.max(0, Number(arg('warmup', '2')))),
    connections: Math.min(100, Math.max(1, Number(arg('connections', String(defaults.connections))))),
    base: arg('url', `http://127.0.0.1:${port}`).replace(/\/$/, ''),
    external: process.argv.includes('--url'),
    dataDir: arg('data-dir', process.env.DATA_DIR ?? defaults.dataDir),
    jsonOut: arg('json', undefined),
  };
  const host = new URL(opts.base).hostname;
  if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(host)) {
    console.error(`Refusing to benchmark ${host}: loopback only.`);
    process.exit(2);
  }
  return opts;
}

let child;
/** Stops the api we started: it runs in its own process group (tsx starts a second node). */
export function stopApi() {
  if (child && child.exitCode === null) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      /* already gone */
    }
  }
}
process.on('exit', stopApi);
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

/** Starts the api (PGlite at opts.dataDir, or DATABASE_URL) unless --url names a running one. */
export async function startApi(opts) {
  if (opts.external) return;
  /** @type {NodeJS.ProcessEnv} */
  const env = {
    ...process.env,
    PORT: String(opts.port),
    HOST: '127.0.0.1',
    // The demo seed fills only an empty database; SEED=none says so outright.
    SEED: process.env.SEED ?? 'demo',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    DATA_DIR: opts.dataDir,
  };
  const where = env.DATABASE_URL ? `PostgreSQL ${(env.DATABASE_URL ?? '').replace(/\/\/[^@]*@/, '//')}` : `PGlite ${env.DATA_DIR}`;
  console.log(`Starting the api on ${opts.base} (${where}, SEED_SCALE=${env.SEED_SCALE ?? 'demo'}); first start migrates and seeds...`);
  const t0 = Date.now();
  child = spawn(join(root, 'node_modules/.bin/tsx'), ['--tsconfig', 'apps/api/tsconfig.app.json', 'apps/api/src/main.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  await waitFor(`${opts.base}/sanctum/csrf-cookie`, 30 * 60_000);
  console.log(`api up after ${((Date.now() - t0) / 1000).toFixed(1)}s`);
}

/** Signs in as a browser does (CSRF cookie, then POST /login); answers headers and getJson. */
export async function signIn(base, email, password) {
  const jar = new Map();
  const keep = (res) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair.indexOf('=');
      jar.set(pair.slice(0, i), pair.slice(i + 1));
    }
  };
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
    body: JSON.stringify({ email, password }),
  });
  keep(login);
  if (login.status >= 300) {
    console.error(`login failed: HTTP ${login.status} ${await login.text()}`);
    process.exit(1);
  }
  const headers = { cookie: cookieHeader(), accept: 'application/json' };
  const getJson = async (path) => {
    const r = await fetch(`${base}${path}`, { headers });
    if (r.status !== 200) throw new Error(`GET ${path}: HTTP ${r.status} ${await r.text()}`);
    return r.json();
  };
  return { headers, getJson };
}

/**
 * Runs fn with a client of the bench's PostgreSQL database (DATABASE_URL), or answers
 * undefined without one: an api on PGlite holds its data folder itself.
 */
export async function withPg(fn) {
  const url = process.env.DATABASE_URL;
  if (!url) return undefined;
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * Tops a table of the PostgreSQL bench database up to `target` rows, `batch` rows per
 * statement: `insert(have, n)` answers the statement (and its values) adding n rows to the
 * `have` already there (numbers past `have` stay unique across runs), set-based. Without
 * DATABASE_URL it says so and leaves the data as it is.
 */
export async function topUpTable(table, target, insert, batch = 100_000) {
  const done = await withPg(async (client) => {
    const { rows } = await client.query(`SELECT count(*)::int AS n FROM ${table}`);
    const have = rows[0].n;
    const missing = target - have;
    console.log(`${have} ${table}; adding ${Math.max(0, missing)}...`);
    const t0 = Date.now();
    for (let added = 0; added < missing; added += batch) {
      const n = Math.min(batch, missing - added);
      const [text, values] = insert(have + added, n);
      await client.query(text, values);
      process.stdout.write(`  ${added + n} / ${missing}\r`);
    }
    await client.query(`ANALYZE ${table}`);
    if (missing > 0) console.log(`${table}: ${missing} added in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    return true;
  });
  if (!done) console.log(`topping ${table} up needs DATABASE_URL (PostgreSQL); measuring the data as it is.`);
}

/** utime + stime of each of these processes, in milliseconds (those gone or unreadable left out). */
function procCpuByPid(pids) {
  const tick = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
  const out = new Map();
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(String(pid), ((Number(f[11]) + Number(f[12])) * 1000) / tick);
    } catch {
      /* gone or not readable */
    }
  }
  return out;
}

/** utime + stime of these processes, in milliseconds. */
function procCpuMs(pids) {
  let ms = 0;
  for (const v of procCpuByPid(pids).values()) ms += v;
  return ms;
}

/**
 * CPU used between two samples of procCpuByPid: a process in both counts its growth, one that
 * started in between counts whole, one that ended in between is lost (so the figure can be
 * low when the pool replaces connections, never negative as a difference of sums would be).
 */
export function cpuBetween(before, after) {
  if (!before || !after) return undefined;
  let ms = 0;
  for (const [pid, v] of after) ms += v - (before.get(pid) ?? 0);
  return ms;
}

/** The pids of the api we started (its process group: tsx and the api's node); empty without one. */
export function apiPids() {
  if (!child) return [];
  try {
    return execFileSync('ps', ['-o', 'pid=', '-g', String(child.pid)]).toString().split(/\s+/).filter(Boolean);
  } catch {
    return [];
  }
}

/** CPU ms used so far by the api we started (its process group): other load barely changes it. */
export function apiCpuMs() {
  const pids = apiPids();
  return pids.length ? procCpuMs(pids) : undefined;
}

/** CPU ms used so far by each PostgreSQL backend of the bench database (same machine), by pid. */
export async function dbCpuByPid() {
  try {
    return await withPg(async (c) => {
      const { rows } = await c.query('SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()');
      return procCpuByPid(rows.map((r) => r.pid));
    });
  } catch {
    return undefined;
  }
}

function percentile(sorted, p) {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * Measures one scenario: checks it answers 200, warms up unmeasured (JIT, caches), then
 * runs autocannon for opts.duration and prints req/s, p50/p95/p99 and CPU per request.
 */
export async function measure(opts, session, scenario, targetP95Ms) {
  const { base, connections, duration, warmup } = opts;
  const { headers } = session;
  await session.getJson(scenario.path);
  if (warmup > 0) await autocannon({ url: `${base}${scenario.path}`, connections, duration: warmup, headers });
  const times = [];
  let bad = 0;
  const inst = autocannon({ url: `${base}${scenario.path}`, connections, duration, headers });
  inst.on('response', (_client, statusCode, _bytes, ms) => {
    times.push(ms);
    if (statusCode !== 200) bad += 1;
  });
  const cpu0 = apiCpuMs();
  const db0 = await dbCpuByPid();
  const result = await inst;
  const cpu1 = apiCpuMs();
  const db1 = await dbCpuByPid();
  const dbMs = cpuBetween(db0, db1);
  times.sort((a, b) => a - b);
  const r = {
    name: scenario.name,
    path: scenario.path,
    requests: times.length,
    reqPerSec: Math.round(times.length / duration),
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    non200: bad + result.errors + result.timeouts,
    apiCpuMsPerRequest: cpu0 !== undefined && cpu1 !== undefined && times.length ? (cpu1 - cpu0) / times.length : undefined,
    dbCpuMsPerRequest: dbMs !== undefined && times.length ? dbMs / times.length : undefined,
  };
  const ms = (v) => `${v.toFixed(1).padStart(6)} ms`;
  console.log(
    `${r.name.padEnd(34)} ${String(r.reqPerSec).padStart(6)} req/s   p50 ${ms(r.p50)}   p95 ${ms(r.p95)}   p99 ${ms(r.p99)}` +
      (r.apiCpuMsPerRequest !== undefined ? `   api cpu ${r.apiCpuMsPerRequest.toFixed(2)} ms/req` : '') +
      (r.dbCpuMsPerRequest !== undefined ? `   db cpu ${r.dbCpuMsPerRequest.toFixed(2)} ms/req` : '') +
      (r.non200 ? `   NON-200: ${r.non200}` : '') +
      (targetP95Ms && r.p95 >= targetP95Ms ? `   OVER ${targetP95Ms} ms` : ''),
  );
  return r;
}

/** Resident memory of the api we started (its process group), in MiB; undefined with --url. */
function apiRssMb() {
  if (!child) return undefined;
  try {
    const pids = execFileSync('ps', ['-o', 'pid=', '-g', String(child.pid)]).toString().split(/\s+/).filter(Boolean);
    let kb = 0;
    for (const pid of pids) {
      const m = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (m) kb += Number(m[1]);
    }
    return kb / 1024;
  } catch {
    return undefined;
  }
}

/**
 * Downloads one path whole, reading it as it streams: HTTP status, bytes, lines, time to the
 * last byte, and the api's resident memory before and at its peak (sampled every 50 ms), so a
 * streamed export shows flat memory and a buffered one does not.
 */
export async function download(opts, session, name, path, { quiet = false } = {}) {
  const rss0 = apiRssMb();
  let peak = rss0 ?? 0;
  const timer = setInterval(() => {
    const now = apiRssMb();
    if (now !== undefined && now > peak) peak = now;
  }, 50);
  const t0 = performance.now();
  const res = await fetch(`${opts.base}${path}`, { headers: { ...session.headers, accept: '*/*' } });
  let bytes = 0;
  let lines = 0;
  if (res.body) {
    for await (const chunk of res.body) {
      bytes += chunk.length;
      for (const b of chunk) if (b === 10) lines += 1;
    }
  }
  const ms = performance.now() - t0;
  clearInterval(timer);
  const mem = rss0 !== undefined ? `   api RSS ${rss0.toFixed(0)} -> peak ${peak.toFixed(0)} MiB` : '';
  if (!quiet) console.log(`${name.padEnd(34)} HTTP ${res.status}   ${lines} lines   ${(bytes / 1048576).toFixed(1)} MiB in ${(ms / 1000).toFixed(2)} s${mem}`);
  return { name, path, status: res.status, lines, bytes, ms, rssBeforeMb: rss0, rssPeakMb: rss0 !== undefined ? peak : undefined };
}

/** Prints the machine line, writes --json, stops the api; exits 1 if any answer was not 200. */
export function finish(opts, results, extra = {}) {
  const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  console.log(`machine: ${execFileSync('nproc').toString().trim()} CPUs, load average now ${load}`);
  if (opts.jsonOut) {
    const { base, connections, duration } = opts;
    writeFileSync(opts.jsonOut, JSON.stringify({ base, connections, duration, load, ...extra, results }, null, 2));
  }
  stopApi();
  process.exit(results.some((r) => r.non200 > 0) ? 1 : 0);
}
