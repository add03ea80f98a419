/**
 * Repayments benchmark (issue 14), on PostgreSQL (a throw-away database on TEST_DATABASE_URL):
 *  - bulk upload of 10,000 and 100,000 rows through the route in this process (the CSV as a
 *    text/csv body, streamed into the staging table, every row checked, the loans locked, one
 *    insert, loans paid in full closed): time and each phase's (the RSS here includes the
 *    files this script builds: the api's own memory is measured by repayments-upload.mjs,
 *    which uploads to a separate api process over HTTP);
 *  - the balance figures at 100,000 loans with 1,000,000 repayments: p50/p95 of a page of
 *    loan_balances (15 loans), of the balance list the add form shows (GET /api/repayments/loans),
 *    of one loan's schedule, and of the repayments list.
 * Each upload's phases (parse, stage, lock, check, insert, close, commit) come from the
 * upload's diagnostics channel (nothing in the product's logs); every figure carries the
 * load average of the moment, as the machine may be shared. On a busy machine the wall
 * time says little, so each upload also prints the CPU time it took: this process's and,
 * on PostgreSQL, that of the server processes of the bench's database (read from /proc,
 * same machine): their sum is about what the upload takes on an idle machine.
 *
 *   nice -n 10 npx tsx --tsconfig tsconfig.base.json tools/bench/repayments.ts [--loans 100000] [--repayments 1000000] [--pglite]
 */
import { subscribe } from 'node:diagnostics_channel';
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { P, REPAYMENT_PATHS } from '@loan/shared-contract';
import { queryRows } from '@loan/shared-server';
import { createTestApp, loginWithPermissions } from '@loan/shared-server/testing';
import { REPAYMENT_UPLOAD_PHASES, transactionsServer } from '@loan/transactions-server';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
// --pglite: the same run on embedded PGlite (one code path for both drivers).
if (!process.argv.includes('--pglite')) process.env['DB_DRIVER'] = 'pg';
const LOANS = arg('loans', 100_000);
const REPAYMENTS = arg('repayments', 1_000_000);

let peak = 0;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
const mb = (b: number) => `${Math.round(b / 1024 / 1024)} MB`;
/** The 1-minute load average now: beside each figure, since the machine may be busy. */
const load = () => `load ${readFileSync('/proc/loadavg', 'utf8').split(' ')[0]}`;

// The current upload's phases, as the upload publishes them.
let phases: string[] = [];
subscribe(REPAYMENT_UPLOAD_PHASES, (m) => {
  const { phase, ms } = m as { phase: string; ms: number };
  phases.push(`${phase} ${(ms / 1000).toFixed(2)}`);
});

function pct(xs: number[], p: number) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
}

async function main() {
  // The queue on, without workers: a saved upload queues its receipts job (in its transaction)
  // and the SMS are not sent while the figures are taken.
  const t = await createTestApp({ modules: [transactionsServer], config: { jobs: true } });
  await t.app.jobs.stop();
  await t.app.jobs.start({ work: false });
  try {
    const headers = await loginWithPermissions(t.app, [P.viewRepayments, P.addRepayments, P.viewAllBranches]);
    const start = Date.now();
    await t.db.execute(sql`
      INSERT INTO loan_applications (reference_code, fullname, nrc, mobile, branch_id, amount, interest, tenure_months, total_amount_due, status, created_at)
      SELECT 'LB-2026-' || lpad(g::text, 7, '0'), 'Bench Borrower ' || g, lpad((g % 999999)::text, 6, '0') || '/11/1', '+26097' || lpad(g::text, 7, '0'),
             (SELECT min(id) FROM branches), 10000, 2000, 12, 12000000, 'approved', now() - interval '400 days'
        FROM generate_series(1, ${LOANS}) g`);
    await t.db.execute(sql`
      INSERT INTO disbursements (application_id, amount, mode, recipient, status, created_at)
      SELECT id, amount, 'instant_bulk', mobile, 'success', now() - interval '390 days' FROM loan_applications WHERE reference_code LIKE 'LB-%'`);
    await t.db.execute(sql`
      INSERT INTO repayments (application_id, amount, paid_at, method, reference, created_at)
      SELECT la.id, 100.00, current_date - (g % 300), 'payroll', 'BR-' || la.id || '-' || g, now()
        FROM loan_applications la, generate_series(1, ${Math.max(1, Math.round(REPAYMENTS / LOANS))}) g
       WHERE la.reference_code LIKE 'LB-%'`);
    // A database in use has been vacuumed (the visibility map lets balance reads stay in the index).
    await t.db.execute(sql`VACUUM ANALYZE`);
    const [n] = await queryRows<{ loans: number; reps: number }>(
      t.db,
      sql`SELECT (SELECT count(*) FROM loan_applications)::int AS loans, (SELECT count(*) FROM repayments)::int AS reps`,
    );
    console.log(`data: ${n.loans.toLocaleString('en-US')} loans, ${n.reps.toLocaleString('en-US')} repayments (${((Date.now() - start) / 1000).toFixed(1)} s to seed)`);

    // Reads of the one source of balances.
    const timeIt = async (label: string, runs: number, fn: (i: number) => Promise<unknown>) => {
      const xs: number[] = [];
      for (let i = 0; i < runs; i++) {
        const s = process.hrtime.bigint();
        await fn(i);
        xs.push(Number(process.hrtime.bigint() - s) / 1e6);
      }
      console.log(`${label}: p50 ${pct(xs, 50).toFixed(1)} ms, p95 ${pct(xs, 95).toFixed(1)} ms (${runs} runs; ${load()})`);
    };
    const ids = (await queryRows<{ id: number }>(t.db, sql`SELECT id::int AS id FROM loan_applications ORDER BY random() LIMIT 200`)).map((r) => r.id);
    await timeIt('balance page (15 loans from loan_balances, keyset on id)', 200, (i) =>
      t.db.execute(sql`SELECT * FROM loan_balances WHERE application_id >= ${ids[i % ids.length]} ORDER BY application_id LIMIT 15`),
    );
    await timeIt('GET /api/repayments/loans (balance list: 15 loans with balance and next instalment)', 100, () =>
      t.app.inject({ method: 'GET', url: `${REPAYMENT_PATHS.loans}?pageSize=15`, headers }),
    );
    await timeIt('GET /api/repayments/loans?search=... (balance list, searched)', 100, (i) =>
      t.app.inject({ method: 'GET', url: `${REPAYMENT_PATHS.loans}?pageSize=15&search=Borrower%20${ids[i % ids.length]}`, headers }),
    );
    await timeIt('one loan: balance + schedule', 200, (i) =>
      Promise.all([
        t.db.execute(sql`SELECT * FROM loan_balances WHERE application_id = ${ids[i % ids.length]}`),
        t.db.execute(sql`SELECT * FROM loan_schedule WHERE application_id = ${ids[i % ids.length]}`),
      ]),
    );
    await timeIt('GET /api/repayments/all (page 1 of 1M, with totals)', 30, () =>
      t.app.inject({ method: 'GET', url: `${REPAYMENT_PATHS.list}?pageSize=15`, headers }),
    );
    await timeIt('GET /api/repayments/all?loan=... (one loan)', 100, (i) =>
      t.app.inject({ method: 'GET', url: `${REPAYMENT_PATHS.list}?loan=LB-2026-${String((ids[i % ids.length] % LOANS) + 1).padStart(7, '0')}`, headers }),
    );

    // CPU ticks of the PostgreSQL server processes of this database (null on PGlite, which
    // runs inside this process, or when /proc cannot be read).
    const TICKS = 100;
    const serverCpu = async (): Promise<Map<number, number> | null> => {
      if (process.argv.includes('--pglite')) return null;
      const pids = await queryRows<{ pid: number }>(t.db, sql`SELECT pid FROM pg_stat_activity WHERE datname = current_database()`);
      try {
        return new Map(
          pids.map(({ pid }) => {
            const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
            return [pid, Number(f[11]) + Number(f[12])];
          }),
        );
      } catch {
        return null;
      }
    };

    // Bulk uploads: one row per loan (10k), then one per loan of 100k, checked alone first.
    const upload = async (label: string, csv: string, confirm: boolean) => {
      phases = [];
      peak = process.memoryUsage().rss;
      const before = peak;
      const pg0 = await serverCpu();
      const cpu0 = process.cpuUsage();
      const s = Date.now();
      const res = await t.app.inject({
        method: 'POST',
        url: `${REPAYMENT_PATHS.bulkUpload}?confirm=${confirm}&file_name=${label}.csv`,
        headers: { ...headers, 'content-type': 'text/csv' },
        payload: csv,
      });
      const secs = (Date.now() - s) / 1000;
      const cpu = process.cpuUsage(cpu0);
      const pg1 = await serverCpu();
      const nodeCpu = (cpu.user + cpu.system) / 1e6;
      const pgCpu = pg0 && pg1 ? [...pg1].reduce((sum, [pid, ticks]) => sum + ticks - (pg0.get(pid) ?? 0), 0) / TICKS : null;
      const body = res.json() as { rows?: number; saved?: boolean; message?: string; error_count?: number; report?: { error_count: number } };
      console.log(
        `${label}: ${res.statusCode} saved=${body.saved ?? false} errors=${body.error_count ?? body.report?.error_count ?? 0} in ${secs.toFixed(2)} s` +
          ` (${load()}); CPU ${nodeCpu.toFixed(2)} s api` +
          (pgCpu === null ? '' : ` + ${pgCpu.toFixed(2)} s PostgreSQL = ${(nodeCpu + pgCpu).toFixed(2)} s`) +
          `; RSS ${mb(before)} -> peak ${mb(peak)} (${(csv.length / 1e6).toFixed(1)} MB file)\n    phases (s): ${phases.join(', ')}` +
          (body.message ? `\n    "${body.message}"` : ''),
      );
    };
    const file = (rows: number, tag: string) => {
      const lines = ['reference_code,amount,paid_at,method,reference,note'];
      for (let i = 1; i <= rows; i++) lines.push(`LB-2026-${String(((i - 1) % LOANS) + 1).padStart(7, '0')},"1,000.50",2026-11-0${1 + (i % 9)},bank,${tag}-${i},bench`);
      return lines.join('\n');
    };
    await upload('upload 10,000 rows', file(10_000, 'UP10K'), true);
    const big = file(100_000, 'UP100K');
    await upload('check 100,000 rows (no save)', big, false);
    await upload('upload 100,000 rows', big, true);
    // A failure in row 99,999 leaves nothing.
    const bad = file(100_000, 'BAD').split('\n');
    bad[99_999] = bad[99_999].replace(/2026-11-0\d/, '2026-11-31');
    await upload('upload 100,000 rows, row 99,999 bad', bad.join('\n'), true);
    const [left] = await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM repayments WHERE reference LIKE 'BAD-%'`);
    console.log(`    rows of the bad file written: ${left.n}`);
  } finally {
    clearInterval(sampler);
    await t.close();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
