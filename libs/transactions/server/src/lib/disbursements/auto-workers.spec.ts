import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { DISBURSEMENTS_PATHS, P } from '@loan/shared-contract';
import { buildServer, openDatabase, queryRows, SandboxMobileMoney, schema, type Database, type Db } from '@loan/shared-server';
import { createTestApp, loginWithPermissions, testDatabaseUrl, testDriver, type TestApp } from '@loan/shared-server/testing';
import { AUTO_DISBURSE_JOB, transactionsServer } from '../../index';
import { wakeAutoOnSigning } from '../transactions-server';

/*
 * The auto-disburse job on the pg-boss queue itself: two api instances (two apps, each with
 * its own pg-boss worker; on PostgreSQL each with its own connection pool to the same
 * database) run the job at the same time, and every loan is paid once.
 */

const LOANS = 12;
const JOBS_PER_INSTANCE = 4;

let a: TestApp;
let b: FastifyInstance;
let second: Database | undefined;

async function until(check: () => Promise<boolean>, ms = 60_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function payableLoan(db: Db, n: number, amount: string): Promise<number> {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`INSERT INTO loan_applications (reference_code, fullname, nrc, mobile, amount, tenure_months, total_amount_due, status, approved_at)
        VALUES (${`LA-2026-7${String(n).padStart(5, '0')}`}, 'Worker Borrower', '123456/78/9', ${`0977${String(n).padStart(6, '1')}`}, ${amount}, 6, ${amount}, 'approved', now()) RETURNING id`,
  );
  await db.execute(sql`INSERT INTO offer_letters (application_id, token_hash, status, principal, total_amount_due, tenure_months, terms_conditions,
                                                  authorized_rep_name, authorized_rep_date, expires_at, signed_at)
        VALUES (${row.id}, ${`workers-${n}`}, 'signed', ${amount}, ${amount}, 6, 't', 'Rep', '2026-01-01', now() + interval '7 days', now())`);
  return Number(row.id);
}

beforeAll(async () => {
  // Instance A: the test app with its job queue running (JOBS=on, fast polling).
  a = await createTestApp({ modules: [transactionsServer], ports: { mobileMoney: new SandboxMobileMoney(0) }, config: { jobs: true, jobsPollSeconds: 0.5 } });
  // Instance B: a second app on the same database; on PostgreSQL through a pool of its own.
  let dbB = a.db;
  if (testDriver() === 'pg') {
    const [{ name }] = await queryRows<{ name: string }>(a.db, sql`SELECT current_database() AS name`);
    const url = new URL(testDatabaseUrl());
    url.pathname = `/${name}`;
    second = await openDatabase({ databaseUrl: url.toString(), poolSize: 5 });
    dbB = second.db;
  }
  b = await buildServer({ db: dbB, config: a.config, ports: { mobileMoney: new SandboxMobileMoney(0) }, modules: [transactionsServer] });
  await b.ready();
}, 120_000);

afterAll(async () => {
  await b?.close();
  await second?.close();
  await a?.close();
});

it('two job workers running auto-disburse at the same time pay each loan once', async () => {
  expect(a.app.jobs.state).toBe('running');
  expect(b.jobs.state).toBe('running');
  const loans: number[] = [];
  for (let i = 1; i <= LOANS; i++) loans.push(await payableLoan(a.db, i, `${100 + i}.50`));
  await a.db.insert(schema.autoDisburseRules).values({ name: 'Workers', kind: 'any', minAmount: '1.00', maxAmount: '100000.00' });

  // Both instances send the job, all at once: their workers take them concurrently.
  await Promise.all([
    ...Array.from({ length: JOBS_PER_INSTANCE }, () => a.app.jobs.send(AUTO_DISBURSE_JOB, {})),
    ...Array.from({ length: JOBS_PER_INSTANCE }, () => b.jobs.send(AUTO_DISBURSE_JOB, {})),
  ]);
  await until(async () => {
    const [r] = await queryRows<{ open: number; done: number }>(
      a.db,
      sql`SELECT count(*) FILTER (WHERE state IN ('created', 'retry', 'active'))::int AS open,
                 count(*) FILTER (WHERE state IN ('completed', 'failed'))::int AS done
            FROM pgboss.job WHERE name = ${AUTO_DISBURSE_JOB}`,
    );
    return r.open === 0 && r.done >= 2 * JOBS_PER_INSTANCE;
  });

  const [failed] = await queryRows<{ n: number }>(a.db, sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = ${AUTO_DISBURSE_JOB} AND state = 'failed'`);
  expect(failed.n).toBe(0);
  const paid = await queryRows<{ application_id: string; n: number }>(
    a.db,
    sql`SELECT application_id, count(*)::int AS n FROM disbursements WHERE application_id IN (${sql.join(loans, sql`, `)}) GROUP BY application_id`,
  );
  // Every loan paid, each exactly once, whichever worker got there first.
  expect(paid).toHaveLength(LOANS);
  expect(paid.every((p) => p.n === 1)).toBe(true);
  const [total] = await queryRows<{ s: string }>(a.db, sql`SELECT sum(amount)::text AS s FROM disbursements WHERE application_id IN (${sql.join(loans, sql`, `)})`);
  // 12 loans of 101.50 .. 112.50: 1284.00 exactly.
  expect(total.s).toBe('1284.00');
}, 120_000);

it('a rule added through the api pays a matching signed loan within seconds (a run is queued at once, not at the next minute)', async () => {
  const loan = await payableLoan(a.db, 99, '7777.77');
  const headers = await loginWithPermissions(a.app, [P.viewTransactionModule, P.viewAutoDisburse, P.addAutoDisburse]);
  const [{ t0 }] = await queryRows<{ t0: string }>(a.db, sql`SELECT now()::text AS t0`);
  const res = await a.app.inject({
    method: 'POST',
    url: DISBURSEMENTS_PATHS.autoRules,
    headers,
    payload: { name: 'Right away', kind: 'any', branch_id: null, min_amount: '7777.77', max_amount: '7777.77', daily_limit: '' },
  });
  expect(res.statusCode).toBe(201);
  // A run is queued as the rule is added (the schedule's next one is up to a minute away).
  await until(async () => {
    const [r] = await queryRows<{ n: number }>(a.db, sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = ${AUTO_DISBURSE_JOB} AND created_on >= ${t0}::timestamptz`);
    return r.n >= 1;
  }, 3_000);
  await until(async () => {
    const [r] = await queryRows<{ n: number }>(a.db, sql`SELECT count(*)::int AS n FROM disbursements WHERE application_id = ${loan}`);
    return r.n === 1;
  }, 45_000);
}, 60_000);

it('a loan signed after its rule exists is paid within seconds: the signature wakes a run (not the next minute)', async () => {
  await a.db.insert(schema.autoDisburseRules).values({ name: 'Next signed', kind: 'any', minAmount: '4321.09', maxAmount: '4321.09' });
  const [app] = await queryRows<{ id: string }>(
    a.db,
    sql`INSERT INTO loan_applications (reference_code, fullname, nrc, mobile, amount, tenure_months, total_amount_due, status, approved_at)
        VALUES ('LA-2026-799001', 'Next Borrower', '123456/78/9', '0977799001', '4321.09', 6, '4321.09', 'approved', now()) RETURNING id`,
  );
  await a.db.execute(sql`INSERT INTO offer_letters (application_id, token_hash, status, principal, total_amount_due, tenure_months, terms_conditions,
                                                    authorized_rep_name, authorized_rep_date, expires_at)
        VALUES (${app.id}, 'workers-next', 'pending', '4321.09', '4321.09', 6, 't', 'Rep', '2026-01-01', now() + interval '7 days')`);
  // The poller's first look takes the count; nothing was signed since, so nothing is queued.
  const seen = await wakeAutoOnSigning(a.app, null);
  expect(await wakeAutoOnSigning(a.app, seen)).toBe(seen);
  const [{ t0 }] = await queryRows<{ t0: string }>(a.db, sql`SELECT now()::text AS t0`);

  // The borrower signs (the loans domain's UPDATE); the next poll sees the count move and queues one run.
  await a.db.execute(sql`UPDATE offer_letters SET status = 'signed', signed_at = now() WHERE application_id = ${app.id}`);
  const moved = await wakeAutoOnSigning(a.app, seen);
  expect(moved).not.toBe(seen);
  // A second instance that saw the same count queues nothing more (one singleton per count).
  await wakeAutoOnSigning(b, seen);
  // (Queued a second ahead, which tells it from a run of the minute's schedule.)
  const [jobs] = await queryRows<{ n: number }>(
    a.db,
    sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = ${AUTO_DISBURSE_JOB} AND created_on >= ${t0}::timestamptz AND start_after >= created_on + interval '0.5 seconds'`,
  );
  expect(jobs.n).toBe(1);
  await until(async () => {
    const [r] = await queryRows<{ n: number }>(a.db, sql`SELECT count(*)::int AS n FROM disbursements WHERE application_id = ${app.id} AND mode = 'auto'`);
    return r.n === 1;
  }, 15_000);
}, 60_000);
