#!/usr/bin/env node
// Disbursements benchmarks (issue 13).
//
// 1. The list (list p95 at 1M disbursements at most 30 ms): p50/p95/p99 latency and req/s of the
//    list's first page, its filters (status, mode, branch, reconciled, date range), a search, the
//    next page by cursor, and the auto rules screen.
//
//   node tools/bench/disbursements.mjs                    start the api on PGlite (demo seed) and measure
//   DATABASE_URL=postgres://... node tools/bench/disbursements.mjs --rows 1000000
//                                                         start it on PostgreSQL and first top the
//                                                         disbursements table up to that many rows
//   node tools/bench/disbursements.mjs --url http://127.0.0.1:3032   measure an api already running
//
// 2. Bulk instant disbursement through the sandbox (--bulk N, PostgreSQL: the bench makes the
//    loans and counts the payments in the database itself): makes N payable loans (approved,
//    offer letter signed), pays them through POST /api/transactions/disburse/bulk in calls of
//    --chunk loans (500, the route's most; --chunk 1 is the portal's way, one call a loan), each
//    with its own Idempotency-Key and one batch label, waits until the provider has settled
//    every one (the api's status poll), then checks in the database: exactly N successful
//    payments, one per loan, no other attempt, their sum equal to the loans' sum to the ngwee;
//    and that repeating the first call with its key replays the answer and pays nothing more.
//    Prints the wall time (sent, and sent + settled) and the load average, then measures the
//    list (1.) at the size the run left.
//
//   DATABASE_URL=postgres://... node tools/bench/disbursements.mjs --bulk 1000 [--chunk 500]
//
// Options: --url, --port (3032), --rows (PostgreSQL only), --duration seconds per call (10,
// at most 60), --warmup seconds (2), --connections (4), --data-dir (PGlite folder), --json file,
// --bulk N, --chunk N (1 to 500).
// Loopback only. Signs in as the demo finance user (transactions, every branch).
import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import pg from 'pg';
import { benchOptions, finish, measure, signIn, startApi, stopApi, topUpTable } from './harness.mjs';

const TARGET_P95_MS = 30;
const opts = benchOptions({ port: 3032, connections: 4, dataDir: '/tmp/loan-bench-disbursements-pglite' });
const numArg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const targetRows = numArg('rows', 0);
const bulkLoans = numArg('bulk', 0);
const chunkSize = Math.min(500, Math.max(1, numArg('chunk', 500)));
if (bulkLoans > 0 && !process.env.DATABASE_URL) {
  console.error('--bulk needs DATABASE_URL (PostgreSQL): the bench makes the loans and counts the payments in the database.');
  process.exit(2);
}

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
            (ARRAY['instant_single','instant_bulk','auto'])[1 + g % 3], 'mobile_money', '+260977' || lpad((g % 1000000)::text, 6, '0'),
            CASE WHEN g % 17 = 0 THEN 'failed' WHEN g % 29 = 0 THEN 'pending' ELSE 'success' END, 'sandbox',
            CASE WHEN g % 17 = 0 THEN NULL ELSE 'BENCH-' || ($1::bigint + g) END, g % 3 = 0,
            now() - (g % 730) * interval '1 day' - (g % 86400) * interval '1 second',
            now() - (g % 730) * interval '1 day' - (g % 86400) * interval '1 second' + interval '5 seconds'
       FROM generate_series(1, $2::int) g, (SELECT array_agg(id) AS ids FROM branches) b`,
    [done, n],
  ]);
/** POSTs JSON over plain http (no client-side timeout: a 500-loan call may take a while). */
function postJson(base, path, headers, body) {
  const data = Buffer.from(JSON.stringify(body));
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json', 'content-length': data.length } }, (res) => {
      const parts = [];
      res.on('data', (c) => parts.push(c));
      res.on('end', () => {
        const text = Buffer.concat(parts).toString('utf8');
        try {
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: JSON.parse(text) });
        } catch {
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text });
        }
      });
    });
    req.on('error', reject);
    req.end(data);
  });
}

/** The load average now (1, 5, 15 minutes). */
const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

/**
 * Makes `n` payable loans in one statement each table: a client, an approved application and a
 * signed offer letter per loan, in every branch, amounts with ngwee. Their NRCs (NNNNNN/98/7),
 * mobiles (+26097NNNNNN1: never ending in 0000, which the sandbox fails) and references (BENCH-NNNNNN) continue
 * after the last run's, so runs can repeat on one database. Answers the ids and their exact sum.
 */
async function makePayableLoans(client, n) {
  const { rows: last } = await client.query(`SELECT coalesce(max(split_part(nrc, '/', 1)::int), 0) AS m FROM clients WHERE nrc LIKE '%/98/7'`);
  const from = Number(last[0].m) + 1;
  if (from + n > 999_999) throw new Error('The bench NRC range is used up: use a fresh database.');
  await client.query('BEGIN');
  try {
    const { rows } = await client.query(
      `WITH src AS (
         SELECT g, b.ids[1 + (g % array_length(b.ids, 1))] AS branch_id, lpad(g::text, 6, '0') AS six,
                (500 + (g % 40) * 125)::numeric + ((g % 100)::numeric / 100) AS amount
           FROM generate_series($1::int, $1::int + $2::int - 1) g, (SELECT array_agg(id ORDER BY id) AS ids FROM branches WHERE active) b
       ), c AS (
         INSERT INTO clients (fullname, nrc, mobile, branch_id)
         SELECT 'Bench Borrower ' || six, six || '/98/7', '+26097' || six || '1', branch_id FROM src
         RETURNING id, nrc
       ), a AS (
         INSERT INTO loan_applications (reference_code, client_id, branch_id, fullname, nrc, mobile, amount, tenure_months, total_amount_due, status, approved_at)
         SELECT 'BENCH-' || src.six, c.id, src.branch_id, 'Bench Borrower ' || src.six, c.nrc, '+26097' || src.six || '1', src.amount, 6, src.amount * 1.2, 'approved', now()
           FROM src JOIN c ON c.nrc = src.six || '/98/7'
         RETURNING id, amount, total_amount_due
       ), o AS (
         INSERT INTO offer_letters (application_id, token_hash, status, principal, total_amount_due, tenure_months, terms_conditions,
                                    authorized_rep_name, authorized_rep_date, expires_at, signed_at)
         SELECT a.id, 'bench-' || a.id || '-' || md5(random()::text), 'signed', a.amount, a.total_amount_due, 6, 'Bench terms',
                'Bench Rep', current_date, now() + interval '7 days', now()
           FROM a
         RETURNING application_id
       )
       SELECT a.id, a.amount::text AS amount FROM a JOIN o ON o.application_id = a.id ORDER BY a.id`,
      [from, n],
    );
    await client.query('COMMIT');
    return rows.map((r) => ({ id: Number(r.id), amount: r.amount }));
  } catch (err) {
    await client.query('ROLLBACK');
    throw err;
  }
}

/** ZMW text (numeric(14,2)) to ngwee, exactly. */
const ngwee = (s) => {
  const [w, f = ''] = String(s).split('.');
  return BigInt(w) * 100n + BigInt((f + '00').slice(0, 2)) * (w.startsWith('-') ? -1n : 1n);
};

/** The bulk instant disbursement run (see the header); exits 0 only if every check holds. */
async function bulkRun(n) {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  const failures = [];
  try {
    // An active auto rule would race the bench for its loans (each is paid once either way, but
    // then not by this run): say so rather than pause someone's rules.
    const { rows: active } = await client.query(`SELECT count(*)::int AS n FROM auto_disburse_rules WHERE active`);
    if (active[0].n > 0) console.log(`note: ${active[0].n} active auto rule(s) may pay some of the loans first; the checks below would then fail.`);

    let t0 = Date.now();
    const loans = await makePayableLoans(client, n);
    const ids = loans.map((l) => l.id);
    const expectedSum = loans.reduce((s, l) => s + ngwee(l.amount), 0n);
    console.log(`${n} payable loans made in ${((Date.now() - t0) / 1000).toFixed(1)}s (ids ${ids[0]}..${ids[ids.length - 1]}, ZMW ${(expectedSum / 100n).toString()}.${String(expectedSum % 100n).padStart(2, '0')} in all)`);

    const session = await signIn(opts.base, process.env.BENCH_EMAIL ?? 'finance@demo.zm', process.env.BENCH_PASSWORD ?? 'Demo#2026');
    const xsrf = /(?:^|; )XSRF-TOKEN=([^;]*)/.exec(session.headers.cookie)?.[1] ?? '';
    const headers = { ...session.headers, 'x-xsrf-token': decodeURIComponent(xsrf) };
    const batch = `BENCH-${randomUUID()}`;
    const calls = [];
    for (let i = 0; i < ids.length; i += chunkSize) calls.push({ key: `${batch}-${i / chunkSize}`, body: { application_ids: ids.slice(i, i + chunkSize), batch } });

    console.log(`paying them: ${calls.length} call(s) of up to ${chunkSize} to POST /api/transactions/disburse/bulk, batch ${batch}; load average ${loadAverage()}`);
    t0 = Date.now();
    let sent = 0;
    const refused = [];
    for (const call of calls) {
      const res = await postJson(opts.base, '/api/transactions/disburse/bulk', { ...headers, 'idempotency-key': call.key }, call.body);
      if (res.status !== 200) throw new Error(`bulk call answered HTTP ${res.status}: ${JSON.stringify(res.body).slice(0, 300)}`);
      for (const r of res.body.results) {
        if (r.outcome === 'sent') sent++;
        else refused.push(r);
      }
    }
    const sentMs = Date.now() - t0;
    console.log(`sent ${sent}, refused ${refused.length} in ${(sentMs / 1000).toFixed(1)}s (${((sentMs / n) | 0) || '<1'} ms a loan)`);
    if (refused.length) failures.push(`${refused.length} refused, e.g. ${JSON.stringify(refused[0])}`);

    // Settled by the provider: the api's status poll (every 2 s, 200 at a time) after the sandbox's delay.
    const deadline = Date.now() + 15 * 60_000;
    let state;
    for (;;) {
      const { rows } = await client.query(
        `SELECT count(*) FILTER (WHERE status = 'pending')::int AS pending, count(*) FILTER (WHERE status = 'success')::int AS success,
                count(*) FILTER (WHERE status = 'failed')::int AS failed
           FROM disbursements WHERE application_id = ANY($1::bigint[])`,
        [ids],
      );
      state = rows[0];
      if (state.pending === 0 || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const wallMs = Date.now() - t0;
    console.log(`settled: ${state.success} success, ${state.failed} failed, ${state.pending} pending, ${(wallMs / 1000).toFixed(1)}s from the first call`);

    // The same first call again, same key: the first answer, marked as a replay; nothing more paid.
    const again = await postJson(opts.base, '/api/transactions/disburse/bulk', { ...headers, 'idempotency-key': calls[0].key }, calls[0].body);
    const replayed = again.status === 200 && again.headers['idempotent-replayed'] === 'true' && again.body.replayed === true;
    console.log(`repeat of call 1 with its key: HTTP ${again.status}, replayed ${replayed}`);
    if (!replayed) failures.push(`the repeated call was not a replay (HTTP ${again.status})`);

    const { rows: counted } = await client.query(
      `SELECT count(*)::int AS rows, count(*) FILTER (WHERE status = 'success')::int AS paid, count(DISTINCT application_id)::int AS loans,
              coalesce(sum(amount) FILTER (WHERE status = 'success'), 0)::numeric(18,2)::text AS amount,
              count(*) FILTER (WHERE batch_id = $2 AND mode = 'instant_bulk')::int AS in_batch
         FROM disbursements WHERE application_id = ANY($1::bigint[])`,
      [ids, batch],
    );
    const c = counted[0];
    console.log(`in the database: ${c.paid} successful payments of ${c.loans} loans (${c.rows} rows, ${c.in_batch} in the batch), ZMW ${c.amount}`);
    if (c.paid !== n) failures.push(`${c.paid} successful payments, not exactly ${n}`);
    if (c.rows !== n || c.loans !== n || c.in_batch !== n) failures.push(`${c.rows} rows for ${c.loans} loans (${c.in_batch} in the batch), not one each`);
    if (ngwee(c.amount) !== expectedSum) failures.push(`paid ZMW ${c.amount}, the loans add up to ${expectedSum} ngwee`);

    console.log(
      `RESULT bulk ${n} loans, ${calls.length} call(s) of ${chunkSize}: sent in ${(sentMs / 1000).toFixed(1)}s, all settled ${(wallMs / 1000).toFixed(1)}s, ` +
        `${c.paid} payments ${failures.length ? 'FAILED: ' + failures.join('; ') : '(exactly ' + n + ')'}`,
    );
  } finally {
    await client.end();
  }
  console.log(`machine: ${cpus().length} CPUs, load average now ${loadAverage()}`);
  return failures;
}

if (targetRows > 0) await topUp(targetRows);
if (bulkLoans > 0) {
  // A failed check ends the run (exit 1); otherwise the list is measured too, at the size the run left.
  if ((await bulkRun(bulkLoans)).length) {
    stopApi();
    process.exit(1);
  }
}

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
