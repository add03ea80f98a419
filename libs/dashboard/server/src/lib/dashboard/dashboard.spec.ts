import { sql } from 'drizzle-orm';
import { DASHBOARD_PATHS, P, sumMoney } from '@loan/shared-contract';
import { createTestApp, loginAs, loginWithPermissions, type AuthHeaders, type TestApp } from '@loan/shared-server/testing';
import { dashboardServer } from '../../index';
import { queryRows, type Db } from '@loan/shared-server';
import { monthRange, yesterdayUntilNow } from './period';

/**
 * Each figure is checked against an independent query on the base tables (the api reads
 * loan_stats_monthly and the trigger-kept totals; these read loan_applications, messages and
 * disbursements directly, and compute 'yesterday' with PostgreSQL's own Africa/Lusaka zone).
 */
let t: TestApp;
let officer: AuthHeaders;
const year = new Date().getUTCFullYear();

async function one<T>(db: Db, q: ReturnType<typeof sql>): Promise<T> {
  const [row] = await queryRows<T>(db, q);
  return row;
}

async function addApplication(db: Db, n: number, o: { kind?: string; status: string; amount: string; at: string }) {
  const prefix = o.kind === 'topup' ? 'TU' : 'LA';
  await db.execute(sql`
    INSERT INTO loan_applications (kind, reference_code, fullname, nrc, mobile, amount, total_amount_due, status, created_at)
    VALUES (${o.kind ?? 'application'}, ${`${prefix}-T-${n}`}, ${`Borrower ${n}`}, ${`${100000 + n}/10/1`}, '+260971234567',
            ${o.amount}::numeric, ${o.amount}::numeric, ${o.status}, ${o.at}::timestamptz)`);
}

beforeAll(async () => {
  t = await createTestApp({ modules: [dashboardServer], seed: 'accounts' });
  officer = await loginWithPermissions(t.app, [P.viewDashboard, P.viewAllBranches, P.viewTransactionModule]);
  const db = t.db;
  // Applications around the business-day and month boundaries, with awkward cents.
  const rows: Array<{ kind?: string; status: string; amount: string; at: string }> = [];
  const [{ y0, y1, now }] = await queryRows<{ y0: string; y1: string; now: string }>(
    db,
    sql`SELECT ((date_trunc('day', now() AT TIME ZONE 'Africa/Lusaka') - interval '1 day') AT TIME ZONE 'Africa/Lusaka')::text AS y0,
               now()::text AS now, (now() - interval '1 hour')::text AS y1`,
  );
  rows.push(
    { status: 'request', amount: '1000.10', at: `${y0}` },
    { status: 'request', amount: '2500.05', at: y1 },
    { status: 'rejected', amount: '333.33', at: y1 },
    { status: 'approved', amount: '12500.00', at: y1 },
    { status: 'approved', amount: '0.01', at: now },
    { status: 'closed', amount: '700.00', at: y1 },
    { kind: 'topup', status: 'request', amount: '999.99', at: y1 },
  );
  // One second before yesterday began: outside the daily figures.
  const [{ before }] = await queryRows<{ before: string }>(db, sql`SELECT (${y0}::timestamptz - interval '1 second')::text AS before`);
  rows.push({ status: 'request', amount: '4444.44', at: before });
  // March of this year and of last year, on both sides of the month boundary (UTC).
  rows.push(
    { status: 'request', amount: '100.25', at: `${year}-03-01T00:00:00Z` },
    { status: 'approved', amount: '200.50', at: `${year}-03-31T23:59:59Z` },
    { status: 'rejected', amount: '300.75', at: `${year}-03-15T12:00:00Z` },
    { status: 'closed', amount: '50.00', at: `${year}-03-20T12:00:00Z` },
    { status: 'request', amount: '9.99', at: `${year}-04-01T00:00:00Z` },
    { status: 'request', amount: '8.88', at: `${year}-02-28T23:59:59Z` },
    { kind: 'topup', status: 'closed', amount: '75.00', at: `${year}-03-10T00:00:00Z` },
    { status: 'request', amount: '123.45', at: `${year - 1}-03-10T00:00:00Z` },
  );
  for (const [i, r] of rows.entries()) await addApplication(db, i + 1, r);
  const apps = await queryRows<{ id: string }>(db, sql`SELECT id FROM loan_applications ORDER BY id`);

  // Offer letters: pending (valid), pending past expiry, expired, signed; some in March.
  const offers: Array<[string, string, string]> = [
    ['pending', 'now() + interval \'3 days\'', 'now() - interval \'2 hours\''],
    ['pending', 'now() - interval \'1 day\'', 'now() - interval \'2 hours\''],
    ['expired', 'now() - interval \'1 day\'', 'now() - interval \'2 hours\''],
    ['signed', 'now() + interval \'3 days\'', 'now() - interval \'2 hours\''],
    ['signed', 'now() + interval \'3 days\'', `'${year}-03-05T00:00:00Z'::timestamptz`],
    ['pending', `'${year}-03-12T00:00:00Z'::timestamptz`, `'${year}-03-05T00:00:00Z'::timestamptz`],
    ['signed', 'now() + interval \'3 days\'', `'${year - 1}-03-05T00:00:00Z'::timestamptz`],
  ];
  for (const [i, [status, expires, created]] of offers.entries()) {
    await db.execute(sql`
      INSERT INTO offer_letters (application_id, token_hash, status, principal, total_amount_due, tenure_months, terms_conditions,
                                 authorized_rep_name, authorized_rep_date, expires_at, created_at)
      VALUES (${apps[i].id}, ${`hash-${i}`}, ${status}, 1000, 1100, 6, 'Terms', 'Rep', current_date,
              ${sql.raw(expires)}, ${sql.raw(created)})`);
  }

  // SMS and e-mail in every state; disbursements in every state, some reconciled.
  for (const [i, [channel, status, at]] of (
    [
      ['sms', 'queued', 'now()'],
      ['sms', 'sent', 'now()'],
      ['sms', 'delivered', "now() - interval '40 days'"],
      ['sms', 'failed', "now() - interval '400 days'"],
      ['sms', 'sent', 'now()'],
      ['email', 'sent', 'now()'],
    ] as const
  ).entries()) {
    await db.execute(sql`INSERT INTO messages (channel, recipient, body, status, created_at)
                         VALUES (${channel}, ${`r${i}`}, 'Hello', ${status}, ${sql.raw(at)})`);
  }
  for (const [status, reconciled, amount, at] of [
    ['success', true, '5000.10', 'now()'],
    ['success', false, '2500.05', "now() - interval '3 days'"],
    ['pending', false, '100.00', 'now()'],
    ['failed', false, '42.42', "now() - interval '3 days'"],
  ] as const) {
    await db.execute(sql`INSERT INTO disbursements (amount, mode, recipient, status, reconciled, created_at)
                         VALUES (${amount}::numeric, 'instant_single', '+260971234567', ${status}, ${reconciled}, ${sql.raw(at)})`);
  }
});
afterAll(() => t?.close());

const get = (url: string, headers: Record<string, string> = officer) => t.app.inject({ method: 'GET', url, headers });

/** Independent figures: status split of applications in a range, straight from loan_applications. */
async function expectedCards(where: ReturnType<typeof sql>, db: Db = t.db) {
  const rows = await queryRows<{ status: string; count: number; amount: string }>(
    db,
    sql`SELECT status, count(*)::int AS count, coalesce(sum(amount), 0)::text AS amount
          FROM loan_applications WHERE kind = 'application' AND ${where} GROUP BY status`,
  );
  const f = (s: string) => rows.find((r) => r.status === s) ?? { count: 0, amount: '0.00' };
  return {
    applicationsRequestsMoney: f('request').amount,
    applicationsRequestsCount: f('request').count,
    applicationsRejectedMoney: f('rejected').amount,
    applicationsRejectedCount: f('rejected').count,
    applicationsApprovedMoney: f('approved').amount,
    applicationsApprovedCount: f('approved').count,
  };
}

describe('authorization', () => {
  const urls = Object.values(DASHBOARD_PATHS);
  it.each(urls)('%s answers 401 without a session', async (url) => {
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });
  it.each(urls)('%s answers 403 without view main dashboard', async (url) => {
    // card-stats is also the contracts list's tab counts (issue 12): open to 'view loan offer letter'.
    const other = await loginWithPermissions(t.app, url === DASHBOARD_PATHS.offerLetterCardStats ? [P.viewLoanModule] : [P.viewLoanModule, P.viewOfferLetter]);
    expect((await get(url, other)).statusCode).toBe(403);
  });
  it('card-stats answers 200 with view loan offer letter alone (the contracts tabs)', async () => {
    const contracts = await loginWithPermissions(t.app, [P.viewOfferLetter, P.viewAllBranches]);
    expect((await get(DASHBOARD_PATHS.offerLetterCardStats, contracts)).statusCode).toBe(200);
  });
  it.each(urls)('%s answers 200 with view main dashboard alone', async (url) => {
    expect((await get(url)).statusCode).toBe(200);
  });
});

it('daily card stats: applications from the start of yesterday (Lusaka) until now, exact sums', async () => {
  const res = await get(DASHBOARD_PATHS.dailyCardStats);
  expect(res.statusCode).toBe(200);
  const body = res.json();
  const expected = await expectedCards(
    sql`created_at >= (date_trunc('day', now() AT TIME ZONE 'Africa/Lusaka') - interval '1 day') AT TIME ZONE 'Africa/Lusaka'
        AND created_at <= now()`,
  );
  expect(body).toMatchObject(expected);
  // Hand-checked too: 1000.10 + 2500.05 (the row at the boundary counts, the one a second before does not).
  expect(body.applicationsRequestsMoney).toBe('3500.15');
  expect(body.applicationsRequestsCount).toBe(2);
  expect(body.applicationsApprovedMoney).toBe('12500.01');
  expect(body.applicationsRejectedMoney).toBe('333.33');
  expect(body.selected_month).toBeNull();
  const offers = await one<{ pending: number; expired: number; signed: number }>(
    t.db,
    sql`SELECT count(*) FILTER (WHERE status = 'pending' AND expires_at > now())::int AS pending,
               count(*) FILTER (WHERE status = 'expired' OR (status = 'pending' AND expires_at <= now()))::int AS expired,
               count(*) FILTER (WHERE status = 'signed')::int AS signed
          FROM offer_letters WHERE created_at >= ${body.from}::timestamptz AND created_at < ${body.to}::timestamptz`,
  );
  expect([body.offerLetterPendingCount, body.offerLetterExpiredCount, body.offerLetterSignedCount]).toEqual([
    offers.pending,
    offers.expired,
    offers.signed,
  ]);
  expect([offers.pending, offers.expired, offers.signed]).toEqual([1, 2, 1]);
});

it('monthly card stats: one month of the year, and the whole year for an empty month', async () => {
  const march = (await get(`${DASHBOARD_PATHS.monthlyCardStats}?month=03&year=${year}`)).json();
  expect(march).toMatchObject(
    await expectedCards(sql`date_trunc('month', created_at AT TIME ZONE 'UTC') = make_date(${year}, 3, 1)`),
  );
  expect(march).toMatchObject({ applicationsRequestsMoney: '100.25', applicationsApprovedMoney: '200.50', selected_month: '03' });
  expect([march.offerLetterPendingCount, march.offerLetterExpiredCount, march.offerLetterSignedCount]).toEqual([0, 1, 1]);

  const all = (await get(`${DASHBOARD_PATHS.monthlyCardStats}?month=&year=${year}`)).json();
  expect(all).toMatchObject(await expectedCards(sql`extract(year FROM created_at AT TIME ZONE 'UTC') = ${year}`));
  expect(all.selected_month).toBeNull();
  const lastYear = (await get(`${DASHBOARD_PATHS.monthlyCardStats}?month=03&year=${year - 1}`)).json();
  expect(lastYear).toMatchObject({ applicationsRequestsMoney: '123.45', applicationsRequestsCount: 1 });
});

it('monthly chart stats: applications and top-ups by month jan..dec with req/app/rej/clo', async () => {
  const body = (await get(`${DASHBOARD_PATHS.monthlyChartStats}?month=03&year=${year}`)).json();
  expect(body.selected_month).toBe('03');
  expect(body.year).toBe(String(year));
  expect(Object.keys(body.applications)).toEqual(['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec']);
  const rows = await queryRows<{ kind: string; m: number; status: string; n: number }>(
    t.db,
    sql`SELECT kind, extract(month FROM created_at AT TIME ZONE 'UTC')::int AS m, status, count(*)::int AS n
          FROM loan_applications WHERE extract(year FROM created_at AT TIME ZONE 'UTC') = ${year} GROUP BY 1, 2, 3`,
  );
  const key = { request: 'req', approved: 'app', rejected: 'rej', closed: 'clo' } as Record<string, string>;
  const abbr = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
  const expected = { applications: {} as Record<string, Record<string, number>>, topUps: {} as Record<string, Record<string, number>> };
  for (const g of [expected.applications, expected.topUps]) for (const a of abbr) g[a] = { req: 0, app: 0, rej: 0, clo: 0 };
  for (const r of rows) (r.kind === 'topup' ? expected.topUps : expected.applications)[abbr[r.m - 1]][key[r.status]] += r.n;
  expect(body.applications).toEqual(expected.applications);
  expect(body.topUps).toEqual(expected.topUps);
  expect(body.applications.mar).toEqual({ req: 1, app: 1, rej: 1, clo: 1 });
  expect(body.topUps.mar.clo).toBe(1);
  // No params: the current year.
  const none = (await get(DASHBOARD_PATHS.monthlyChartStats)).json();
  expect(none.year).toBe(String(year));
  expect(none.selected_month).toBeNull();
});

it('loan offer card stats: every letter with an empty payload, one month with month and year', async () => {
  const all = (await get(DASHBOARD_PATHS.offerLetterCardStats)).json();
  const expected = await one<{ pending: number; expired: number; signed: number }>(
    t.db,
    sql`SELECT count(*) FILTER (WHERE status = 'pending' AND expires_at > now())::int AS pending,
               count(*) FILTER (WHERE status <> 'signed' AND NOT (status = 'pending' AND expires_at > now()))::int AS expired,
               count(*) FILTER (WHERE status = 'signed')::int AS signed FROM offer_letters`,
  );
  expect(all).toEqual({ pendingCount: expected.pending, expiredCount: expected.expired, signedCount: expected.signed });
  expect(all).toEqual({ pendingCount: 1, expiredCount: 3, signedCount: 3 });
  const march = (await get(`${DASHBOARD_PATHS.offerLetterCardStats}?month=03&year=${year}`)).json();
  expect(march).toEqual({ pendingCount: 0, expiredCount: 1, signedCount: 1 });

  // The kept totals follow every change: a pending letter signed, an overdue one marked expired, one deleted.
  await t.db.execute(sql`UPDATE offer_letters SET status = 'signed' WHERE token_hash = 'hash-0'`);
  await t.db.execute(sql`UPDATE offer_letters SET status = 'expired' WHERE token_hash = 'hash-1'`);
  await t.db.execute(sql`DELETE FROM offer_letters WHERE token_hash = 'hash-6'`);
  expect((await get(DASHBOARD_PATHS.offerLetterCardStats)).json()).toEqual({ pendingCount: 0, expiredCount: 3, signedCount: 3 });
  const thisYear = (await get(`${DASHBOARD_PATHS.monthlyCardStats}?year=${year}`)).json();
  const inYear = await one<{ pending: number; expired: number; signed: number }>(
    t.db,
    sql`SELECT count(*) FILTER (WHERE status = 'pending' AND expires_at > now())::int AS pending,
               count(*) FILTER (WHERE status = 'expired' OR (status = 'pending' AND expires_at <= now()))::int AS expired,
               count(*) FILTER (WHERE status = 'signed')::int AS signed
          FROM offer_letters WHERE extract(year FROM created_at AT TIME ZONE 'UTC') = ${year}`,
  );
  expect([thisYear.offerLetterPendingCount, thisYear.offerLetterExpiredCount, thisYear.offerLetterSignedCount]).toEqual([
    inYear.pending,
    inYear.expired,
    inYear.signed,
  ]);
});

it('SMS stats count the sms outbox only, by state and recent volume', async () => {
  const body = (await get(DASHBOARD_PATHS.smsStats)).json();
  const e = await one<Record<string, number>>(
    t.db,
    sql`SELECT count(*)::int AS total,
               count(*) FILTER (WHERE status IN ('sent', 'delivered'))::int AS sent,
               count(*) FILTER (WHERE status = 'failed')::int AS failed,
               count(*) FILTER (WHERE status = 'queued')::int AS queued,
               count(*) FILTER (WHERE created_at >= date_trunc('day', now() AT TIME ZONE 'Africa/Lusaka') AT TIME ZONE 'Africa/Lusaka')::int AS today,
               count(*) FILTER (WHERE created_at >= date_trunc('month', now() AT TIME ZONE 'Africa/Lusaka') AT TIME ZONE 'Africa/Lusaka')::int AS month
          FROM messages WHERE channel = 'sms'`,
  );
  expect(body).toEqual({
    totalCount: e.total,
    sentCount: e.sent,
    failedCount: e.failed,
    pendingCount: e.queued,
    todayCount: e.today,
    thisMonthCount: e.month,
  });
  expect(body).toMatchObject({ totalCount: 5, sentCount: 3, failedCount: 1, pendingCount: 1, todayCount: 3 });
});

it('disbursement stats need the transactions module as well as the dashboard (403 with the dashboard alone)', async () => {
  const dashboardOnly = await loginWithPermissions(t.app, [P.viewDashboard, P.viewAllBranches]);
  expect((await get(DASHBOARD_PATHS.disbursementStats, dashboardOnly)).statusCode).toBe(403);
  expect((await get(DASHBOARD_PATHS.disbursementStats)).statusCode).toBe(200);
});

it('disbursement stats: exact sums by outcome, reconciliation, today and this month, kept up to date by the triggers', async () => {
  const check = async () => {
    const body = (await get(DASHBOARD_PATHS.disbursementStats)).json();
    const rows = await queryRows<{ k: string; count: number; amount: string }>(
      t.db,
      sql`SELECT 'total' AS k, count(*)::int AS count, coalesce(sum(amount), 0)::text AS amount FROM disbursements
          UNION ALL SELECT 'success', count(*)::int, coalesce(sum(amount), 0)::text FROM disbursements WHERE status = 'success'
          UNION ALL SELECT 'pending', count(*)::int, coalesce(sum(amount), 0)::text FROM disbursements WHERE status = 'pending'
          UNION ALL SELECT 'failed', count(*)::int, coalesce(sum(amount), 0)::text FROM disbursements WHERE status = 'failed'
          UNION ALL SELECT 'reconciled', count(*)::int, '0' FROM disbursements WHERE reconciled
          UNION ALL SELECT 'today', count(*)::int, coalesce(sum(amount), 0)::text FROM disbursements
                     WHERE created_at >= date_trunc('day', now() AT TIME ZONE 'Africa/Lusaka') AT TIME ZONE 'Africa/Lusaka'
          UNION ALL SELECT 'month', count(*)::int, coalesce(sum(amount), 0)::text FROM disbursements
                     WHERE created_at >= date_trunc('month', now() AT TIME ZONE 'Africa/Lusaka') AT TIME ZONE 'Africa/Lusaka'`,
    );
    const e = Object.fromEntries(rows.map((r) => [r.k, { count: r.count, amount: sumMoney(r.amount) }]));
    expect(body).toEqual({
      total: e['total'],
      successful: e['success'],
      pending: e['pending'],
      failed: e['failed'],
      reconciledCount: e['reconciled'].count,
      unreconciledCount: e['total'].count - e['reconciled'].count,
      today: e['today'],
      thisMonth: e['month'],
    });
    return body;
  };
  const before = await check();
  expect(before.total).toEqual({ count: 4, amount: '7642.57' });
  expect(before.successful).toEqual({ count: 2, amount: '7500.15' });
  await t.db.execute(sql`UPDATE disbursements SET status = 'success', reconciled = true WHERE status = 'pending'`);
  await t.db.execute(sql`DELETE FROM disbursements WHERE status = 'failed'`);
  const after = await check();
  expect(after.successful).toEqual({ count: 3, amount: '7600.15' });
  expect(after.reconciledCount).toBe(2);
});

it('rejects malformed month and year with 422 and field errors', async () => {
  for (const q of ['month=13', 'month=3', 'year=26', 'year=abcd', 'month=03&year=1800']) {
    const res = await get(`${DASHBOARD_PATHS.monthlyCardStats}?${q}`);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toBeDefined();
  }
  expect((await get(`${DASHBOARD_PATHS.offerLetterCardStats}?month=00`)).statusCode).toBe(422);
  expect((await get(`${DASHBOARD_PATHS.monthlyChartStats}?year=x`)).statusCode).toBe(422);
});

describe('periods', () => {
  it('starts yesterday at midnight in Lusaka (UTC+2)', () => {
    expect(yesterdayUntilNow(new Date('2026-03-16T07:05:00Z')).from.toISOString()).toBe('2026-03-14T22:00:00.000Z');
    // 23:30 UTC is already the next day in Lusaka.
    expect(yesterdayUntilNow(new Date('2026-03-16T23:30:00Z')).from.toISOString()).toBe('2026-03-15T22:00:00.000Z');
  });
  it('spans a month or the whole year', () => {
    expect(monthRange(2026, '12')).toEqual({ from: new Date('2026-12-01T00:00:00Z'), to: new Date('2027-01-01T00:00:00Z') });
    expect(monthRange(2026, '')).toEqual({ from: new Date('2026-01-01T00:00:00Z'), to: new Date('2027-01-01T00:00:00Z') });
  });
  it('adds money exactly', () => {
    expect(sumMoney('0.10', '0.20')).toBe('0.30');
    expect(sumMoney('99999999999.99', '0.01')).toBe('100000000000.00');
    expect(sumMoney('-1.05', '1.00')).toBe('-0.05');
  });
});

describe('on the demo seed', () => {
  // The seeded demo data (deterministic, dates relative to today): every figure the
  // dashboard shows equals an independent query on the base tables.
  let demo: TestApp;
  let headers: AuthHeaders;
  beforeAll(async () => {
    demo = await createTestApp({ modules: [dashboardServer], seed: 'accounts', demoData: 400 });
    headers = await loginAs(demo.app, 'admin');
  });
  afterAll(() => demo?.close());
  const dget = async (url: string) => {
    const res = await demo.app.inject({ method: 'GET', url, headers });
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const offersWhere = async (where: ReturnType<typeof sql>) => {
    const r = await one<{ pending: number; expired: number; signed: number }>(
      demo.db,
      sql`SELECT count(*) FILTER (WHERE status = 'pending' AND expires_at > now())::int AS pending,
                 count(*) FILTER (WHERE status = 'expired' OR (status = 'pending' AND expires_at <= now()))::int AS expired,
                 count(*) FILTER (WHERE status = 'signed')::int AS signed
            FROM offer_letters WHERE ${where}`,
    );
    return { pendingCount: r.pending, expiredCount: r.expired, signedCount: r.signed };
  };

  it('has data to count', async () => {
    const n = await one<{ apps: number; offers: number; sms: number; disb: number }>(
      demo.db,
      sql`SELECT (SELECT count(*)::int FROM loan_applications) AS apps, (SELECT count(*)::int FROM offer_letters) AS offers,
                 (SELECT count(*)::int FROM messages WHERE channel = 'sms') AS sms, (SELECT count(*)::int FROM disbursements) AS disb`,
    );
    expect(n.apps).toBeGreaterThanOrEqual(400);
    expect(n.offers).toBeGreaterThan(0);
    expect(n.sms).toBeGreaterThan(0);
    expect(n.disb).toBeGreaterThan(0);
  });

  it('daily card stats', async () => {
    const body = await dget(DASHBOARD_PATHS.dailyCardStats);
    const since = sql`created_at >= (date_trunc('day', now() AT TIME ZONE 'Africa/Lusaka') - interval '1 day') AT TIME ZONE 'Africa/Lusaka' AND created_at <= now()`;
    expect(body).toMatchObject(await expectedCards(since, demo.db));
    const offers = await offersWhere(sql`created_at >= ${body.from}::timestamptz AND created_at < ${body.to}::timestamptz`);
    expect([body.offerLetterPendingCount, body.offerLetterExpiredCount, body.offerLetterSignedCount]).toEqual([
      offers.pendingCount,
      offers.expiredCount,
      offers.signedCount,
    ]);
  });

  it('monthly card stats for every month of the year and for All Months', async () => {
    let seen = 0;
    for (let m = 1; m <= 12; m++) {
      const code = String(m).padStart(2, '0');
      const body = await dget(`${DASHBOARD_PATHS.monthlyCardStats}?month=${code}&year=${year}`);
      const inMonth = sql`date_trunc('month', created_at AT TIME ZONE 'UTC') = make_date(${year}, ${m}, 1)`;
      expect(body).toMatchObject(await expectedCards(inMonth, demo.db));
      const offers = await offersWhere(inMonth);
      expect(await dget(`${DASHBOARD_PATHS.offerLetterCardStats}?month=${code}&year=${year}`)).toEqual(offers);
      seen += body.applicationsRequestsCount + body.applicationsApprovedCount + body.applicationsRejectedCount;
    }
    expect(seen).toBeGreaterThan(0);
    const all = await dget(`${DASHBOARD_PATHS.monthlyCardStats}?year=${year}`);
    expect(all).toMatchObject(await expectedCards(sql`extract(year FROM created_at AT TIME ZONE 'UTC') = ${year}`, demo.db));
  });

  it('monthly chart stats', async () => {
    const body = await dget(DASHBOARD_PATHS.monthlyChartStats);
    const rows = await queryRows<{ kind: string; m: number; status: string; n: number }>(
      demo.db,
      sql`SELECT kind, extract(month FROM created_at AT TIME ZONE 'UTC')::int AS m, status, count(*)::int AS n
            FROM loan_applications WHERE extract(year FROM created_at AT TIME ZONE 'UTC') = ${year} GROUP BY 1, 2, 3`,
    );
    const key: Record<string, 'req' | 'app' | 'rej' | 'clo'> = { request: 'req', approved: 'app', rejected: 'rej', closed: 'clo' };
    let total = 0;
    for (const r of rows) {
      const group = r.kind === 'topup' ? body.topUps : body.applications;
      const abbr = Object.keys(group)[r.m - 1];
      expect(group[abbr][key[r.status]]).toBe(r.n);
      total += r.n;
    }
    const shown = ['applications', 'topUps'].reduce(
      (n, g) => n + Object.values(body[g] as Record<string, Record<string, number>>).reduce((a, m) => a + m['req'] + m['app'] + m['rej'] + m['clo'], 0),
      0,
    );
    expect(shown).toBe(total);
  });

  it('offer, SMS and disbursement stats over all rows', async () => {
    expect(await dget(DASHBOARD_PATHS.offerLetterCardStats)).toEqual(await offersWhere(sql`true`));
    const sms = await dget(DASHBOARD_PATHS.smsStats);
    const e = await one<Record<string, number>>(
      demo.db,
      sql`SELECT count(*)::int AS total, count(*) FILTER (WHERE status IN ('sent', 'delivered'))::int AS sent,
                 count(*) FILTER (WHERE status = 'failed')::int AS failed, count(*) FILTER (WHERE status = 'queued')::int AS queued
            FROM messages WHERE channel = 'sms'`,
    );
    expect(sms).toMatchObject({ totalCount: e.total, sentCount: e.sent, failedCount: e.failed, pendingCount: e.queued });
    const disb = await dget(DASHBOARD_PATHS.disbursementStats);
    const d = await queryRows<{ status: string; count: number; amount: string }>(
      demo.db,
      sql`SELECT coalesce(status, 'total') AS status, count(*)::int AS count, sum(amount)::text AS amount
            FROM disbursements GROUP BY ROLLUP (status)`,
    );
    const by = (s: string) => {
      const r = d.find((x) => x.status === s);
      return r ? { count: r.count, amount: sumMoney(r.amount) } : { count: 0, amount: '0.00' };
    };
    expect(disb).toMatchObject({ total: by('total'), successful: by('success'), pending: by('pending'), failed: by('failed') });
  });
  describe('inside the branch scope (NOTES.md: without `can view all branches`, only the own branch)', () => {
    // The demo viewer works at Kitwe and holds only `view main dashboard`.
    const kitwe = sql`(SELECT id FROM branches WHERE name = 'Kitwe')`;
    const vget = async (url: string, h: AuthHeaders) => {
      const res = await demo.app.inject({ method: 'GET', url, headers: h });
      expect(res.statusCode).toBe(200);
      return res.json();
    };

    it("shows a branch-bound user their branch's figures only, each equal to the base tables", async () => {
      const viewer = await loginAs(demo.app, 'viewer');
      const all = await vget(`${DASHBOARD_PATHS.monthlyCardStats}?year=${year}`, viewer);
      const inYear = sql`extract(year FROM created_at AT TIME ZONE 'UTC') = ${year}`;
      expect(all).toMatchObject(await expectedCards(sql`${inYear} AND branch_id = ${kitwe}`, demo.db));
      // ...which is less than the whole book the officer sees.
      const book = await dget(`${DASHBOARD_PATHS.monthlyCardStats}?year=${year}`);
      const count = (c: Record<string, number>) => c['applicationsRequestsCount'] + c['applicationsApprovedCount'] + c['applicationsRejectedCount'];
      expect(count(all)).toBeGreaterThan(0);
      expect(count(all)).toBeLessThan(count(book));

      expect(await vget(DASHBOARD_PATHS.offerLetterCardStats, viewer)).toEqual(
        await offersWhere(sql`application_id IN (SELECT id FROM loan_applications WHERE branch_id = ${kitwe})`),
      );
      const chart = await vget(DASHBOARD_PATHS.monthlyChartStats, viewer);
      const [n] = await queryRows<{ n: number }>(
        demo.db,
        sql`SELECT count(*)::int AS n FROM loan_applications WHERE kind = 'application' AND branch_id = ${kitwe} AND ${inYear}`,
      );
      const charted = Object.values(chart.applications as Record<string, Record<string, number>>).reduce(
        (a, m) => a + m['req'] + m['app'] + m['rej'] + m['clo'],
        0,
      );
      expect(charted).toBe(n.n);

      const sms = await vget(DASHBOARD_PATHS.smsStats, viewer);
      const [e] = await queryRows<{ total: number }>(
        demo.db,
        sql`SELECT count(*)::int AS total FROM messages WHERE channel = 'sms' AND client_id IN (SELECT id FROM clients WHERE branch_id = ${kitwe})`,
      );
      expect(sms.totalCount).toBe(e.total);
      // Money paid out is the transactions staff's figure: the viewer holds no transactions permission.
      expect((await demo.app.inject({ method: 'GET', url: DASHBOARD_PATHS.disbursementStats, headers: viewer })).statusCode).toBe(403);
    });

    it('shows a user with neither a branch nor `can view all branches` no branch-bound figure', async () => {
      const h = await loginWithPermissions(demo.app, [P.viewDashboard, P.viewTransactionModule]);
      const all = await vget(`${DASHBOARD_PATHS.monthlyCardStats}?year=${year}`, h);
      expect(all).toMatchObject({ applicationsRequestsCount: 0, applicationsApprovedCount: 0, applicationsRejectedCount: 0 });
      expect(await vget(DASHBOARD_PATHS.offerLetterCardStats, h)).toEqual({ pendingCount: 0, expiredCount: 0, signedCount: 0 });
      expect((await vget(DASHBOARD_PATHS.disbursementStats, h)).total.count).toBe(0);
    });
  });
});

// Last: it adds rows (and removes them) that the hand-checked figures above do not expect.
it('daily card stats: figures equal a direct count over many rows; the covering index is there (issue 12: p95 at 1M applications)', async () => {
  // Many rows around the period, so the plan and the figures are checked on more than a handful.
  await t.db.execute(sql`INSERT INTO loan_applications (reference_code, fullname, nrc, mobile, amount, tenure_months, interest_rate, interest,
      total_amount_due, status, kind, created_at)
    SELECT 'LA-2026-7' || lpad(g::text, 5, '0'), 'Cover Test', lpad((200000 + g)::text, 6, '0') || '/11/1', '+260971234567', (100 + g)::numeric + 0.25, 6, 30, 10, 200,
           (ARRAY['request','approved','rejected','closed'])[1 + g % 4], 'application', now() - make_interval(hours => g % 80)
      FROM generate_series(1, 400) g`);
  const res = await get(DASHBOARD_PATHS.dailyCardStats);
  const body = res.json();
  const direct = await one<{ n: number; amount: string }>(
    t.db,
    sql`SELECT count(*)::int AS n, coalesce(sum(amount), 0)::numeric(18,2)::text AS amount FROM loan_applications
         WHERE kind = 'application' AND status = 'request' AND created_at >= ${body.from}::timestamptz AND created_at < ${body.to}::timestamptz`,
  );
  expect([body.applicationsRequestsCount, body.applicationsRequestsMoney]).toEqual([direct.n, direct.amount]);
  // The index that covers the query: its period and every column it reads.
  const [idx] = await queryRows<{ indexdef: string }>(t.db, sql`SELECT indexdef FROM pg_indexes WHERE indexname = 'loan_applications_created_cover_idx'`);
  expect(idx.indexdef).toMatch(/\(kind, created_at\) INCLUDE \(status, amount, branch_id\)/);
  await t.db.execute(sql`DELETE FROM loan_applications WHERE fullname = 'Cover Test'`);
});

