import { sql } from 'drizzle-orm';
import {
  type RepaymentFilter,
  P,
  REPAYMENT_PATHS,
  REPAYMENT_UPLOAD_MAX_BYTES,
  type BulkUploadReport,
  type LoanBalance,
  type RepaymentList,
  type RepaymentResult,
} from '@loan/shared-contract';
import { queryRows } from '@loan/shared-server';
import { createTestApp, csrfHeaders, loginWithPermissions, type AuthHeaders, type TestApp } from '@loan/shared-server/testing';
import { transactionsServer } from '../../index';
import { keptTotals, totals, whereOf } from './repository';
import { UPLOAD_RECEIPTS_JOB, sendUploadReceipts, type UploadReceiptsJob } from './receipts';
import { STAGE_BATCH, UploadRefused, upload } from './bulk';
import { PassThrough, Readable } from 'node:stream';

jest.setTimeout(180_000);

let t: TestApp;
let branchA: number;
let branchB: number;
let finance: AuthHeaders;
let seq = 0;

beforeAll(async () => {
  // The queue runs: a saved upload queues its SMS receipts as a job.
  t = await createTestApp({ modules: [transactionsServer], config: { jobs: true } });
  [branchA, branchB] = (await queryRows<{ id: string }>(t.db, sql`SELECT id FROM branches ORDER BY id LIMIT 2`)).map((b) => Number(b.id));
  finance = await loginWithPermissions(t.app, [P.viewRepayments, P.addRepayments, P.editRepayments, P.deleteRepayments, P.viewAllBranches]);
});
afterAll(() => t?.close());

/** A loan: 6,000.00 due over 3 months, paid out on 15 January 2026 unless `disbursed` is false. */
async function loan(opts: { disbursed?: boolean; branch?: number; total?: string; tenure?: number } = {}): Promise<{ id: number; code: string; mobile: string }> {
  seq += 1;
  const code = `LA-2026-7${String(seq).padStart(5, '0')}`;
  const mobile = `+26097${String(7000000 + seq)}`;
  const [row] = await queryRows<{ id: number }>(
    t.db,
    sql`INSERT INTO loan_applications (reference_code, fullname, nrc, mobile, branch_id, amount, interest, tenure_months, total_amount_due, status)
        VALUES (${code}, 'Mutale Banda', '123456/78/9', ${mobile}, ${opts.branch ?? branchA}, '5000.00', '1000.00', ${opts.tenure ?? 3},
                ${opts.total ?? '6000.00'}, 'approved')
        RETURNING id::int AS id`,
  );
  if (opts.disbursed !== false)
    await t.db.execute(sql`INSERT INTO disbursements (application_id, amount, mode, recipient, status, created_at)
                           VALUES (${row.id}, '5000.00', 'instant_single', ${mobile}, 'success', '2026-01-15T08:00:00Z')`);
  return { id: row.id, code, mobile };
}

const ref = () => `MM-${process.pid}-${++seq}`;
const body = (code: string, over: Record<string, unknown> = {}) => ({
  reference_code: code,
  amount: '1500.00',
  paid_at: '2026-02-10',
  method: 'mobile_money',
  reference: ref(),
  ...over,
});
const create = (headers: AuthHeaders | undefined, payload: unknown) =>
  t.app.inject({ method: 'POST', url: REPAYMENT_PATHS.create, headers, payload: payload as object });
const balanceOf = async (id: number) =>
  (await queryRows<{ balance: string; status: string }>(t.db, sql`SELECT balance::text, status FROM loan_balances WHERE application_id = ${id}`))[0];
const statusOf = async (id: number) =>
  (await queryRows<{ status: string }>(t.db, sql`SELECT status FROM loan_applications WHERE id = ${id}`))[0].status;

describe('POST /api/repayments/create', () => {
  it('answers 401 without a session and 403 without can add repayments', async () => {
    const l = await loan();
    expect((await create(csrfHeaders(), body(l.code))).statusCode).toBe(401);
    expect((await create(await loginWithPermissions(t.app, [P.viewRepayments, P.viewAllBranches]), body(l.code))).statusCode).toBe(403);
  });

  it('records the repayment, recomputes the balance and next instalment, audits it and sends an SMS receipt', async () => {
    const l = await loan();
    const res = await create(finance, body(l.code, { amount: '2,500.00', note: 'Counter payment' }));
    expect(res.statusCode).toBe(201);
    const out = res.json<RepaymentResult>();
    expect(out.repayment).toMatchObject({ reference_code: l.code, amount: '2500.00', paid_at: '2026-02-10', note: 'Counter payment', reversed: false });
    expect(out.balance).toMatchObject({ paid: '2500.00', balance: '3500.00', next_due_no: 2, next_due_date: '2026-03-15', next_due_amount: '1500.00' });
    const [audit] = await queryRows<{ action: string }>(t.db, sql`SELECT action FROM audit_log WHERE entity = 'repayment' AND entity_id = ${String(out.repayment.id)}`);
    expect(audit.action).toBe('create');
    const sms = t.inbox.last(l.mobile, 'repayment_receipt');
    expect(sms?.body).toContain('ZMW 2,500.00');
    expect(sms?.body).toContain('Balance: ZMW 3,500.00');
  });

  it.each([
    ['an amount over the balance', { amount: '6000.01' }, 'amount', 'More than the balance of ZMW 6,000.00.'],
    ['a zero amount', { amount: '0' }, 'amount', 'Must be more than 0.00.'],
    ['a negative amount', { amount: '-5' }, 'amount', undefined],
    ['three decimals', { amount: '10.005' }, 'amount', undefined],
    ['a float that is not two decimals', { amount: 0.1 + 0.2 }, 'amount', undefined],
    ['a future date', { paid_at: '2099-01-01' }, 'paid_at', 'The date cannot be in the future.'],
    ['a date before the payout', { paid_at: '2026-01-01' }, 'paid_at', undefined],
    ['a date that does not exist', { paid_at: '2026-02-30' }, 'paid_at', undefined],
    ['an unknown method', { method: 'cheque' }, 'method', undefined],
    ['no reference', { reference: '' }, 'reference', 'Enter the payment reference.'],
    ['an unknown loan', { reference_code: 'LA-1999-000000' }, 'reference_code', 'No loan with this reference code.'],
  ])('refuses %s with 422 naming the field', async (_what, over, field, message) => {
    const l = await loan();
    const res = await create(finance, body(l.code, over));
    expect(res.statusCode).toBe(422);
    const errors = res.json<{ errors: Record<string, string[]> }>().errors;
    expect(Object.keys(errors)).toContain(field);
    if (message) expect(errors[field]).toContain(message);
    expect((await balanceOf(l.id)).balance).toBe('6000.00');
  });

  it('refuses a duplicate reference, a loan not paid out, and a loan of another branch (as unknown)', async () => {
    const l = await loan();
    const first = body(l.code);
    expect((await create(finance, first)).statusCode).toBe(201);
    const dup = await create(finance, body(l.code, { reference: first.reference }));
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors.reference).toEqual(['This reference was already recorded.']);

    const unpaid = await loan({ disbursed: false });
    const res = await create(finance, body(unpaid.code));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.reference_code).toEqual(['This loan has not been paid out yet: nothing is owed.']);

    const other = await loan({ branch: branchB });
    const ownBranch = await loginWithPermissions(t.app, [P.addRepayments]);
    await t.db.execute(sql`UPDATE users SET branch_id = ${branchA} WHERE branch_id IS NULL`);
    const outside = await create(ownBranch, body(other.code));
    expect(outside.statusCode).toBe(422);
    expect(outside.json().errors.reference_code).toEqual(['No loan with this reference code.']);
    expect((await create(ownBranch, body(l.code, { amount: '1.00' }))).statusCode).toBe(201);
  });

  it('never lets two repayments together pass the balance (the loan is locked for the check)', async () => {
    const l = await loan();
    const results = await Promise.all([create(finance, body(l.code, { amount: '4000.00' })), create(finance, body(l.code, { amount: '4000.00' }))]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 422]);
    expect((await balanceOf(l.id)).balance).toBe('2000.00');
  });

  it('closes a loan paid in full, and reopens it when a repayment is reversed or reduced', async () => {
    const l = await loan();
    const a = (await create(finance, body(l.code, { amount: '4000.00' }))).json<RepaymentResult>();
    const b = (await create(finance, body(l.code, { amount: '2000.00' }))).json<RepaymentResult>();
    expect(b.balance).toMatchObject({ balance: '0.00', state: 'paid', status: 'closed', next_due_no: null });
    expect(await statusOf(l.id)).toBe('closed');
    expect((await create(finance, body(l.code, { amount: '1.00' }))).json().errors.reference_code).toEqual(['This loan is closed: nothing is owed.']);

    // Reversal: a reason is required; the row stays, marked; the loan owes again and reopens.
    const del = (id: number, payload: object, headers = finance) =>
      t.app.inject({ method: 'DELETE', url: REPAYMENT_PATHS.delete.replace(':id', String(id)), headers, payload });
    expect((await del(b.repayment.id, {})).statusCode).toBe(422);
    expect((await del(b.repayment.id, { reason: 'x' }, await loginWithPermissions(t.app, [P.editRepayments, P.viewAllBranches]))).statusCode).toBe(403);
    const reversed = await del(b.repayment.id, { reason: 'Bounced at the bank' });
    expect(reversed.statusCode).toBe(200);
    expect(reversed.json<RepaymentResult>()).toMatchObject({
      repayment: { reversed: true, reversal_reason: 'Bounced at the bank' },
      balance: { balance: '2000.00', status: 'approved' },
    });
    expect(await statusOf(l.id)).toBe('approved');
    expect((await del(b.repayment.id, { reason: 'Again' })).statusCode).toBe(409);
    const actions = await queryRows<{ action: string }>(
      t.db,
      sql`SELECT action FROM audit_log WHERE entity = 'loan_application' AND entity_id = ${String(l.id)} ORDER BY id`,
    );
    expect(actions.map((x) => x.action)).toEqual(['close', 'reopen']);

    // Edit: the balance is counted without the old amount.
    const put = (id: number, payload: object) => t.app.inject({ method: 'PUT', url: REPAYMENT_PATHS.update.replace(':id', String(id)), headers: finance, payload });
    const over = await put(a.repayment.id, { amount: '6000.01', paid_at: '2026-02-10', method: 'bank', reference: a.repayment.reference });
    expect(over.statusCode).toBe(422);
    expect(over.json().errors.amount).toEqual(['More than the balance of ZMW 6,000.00.']);
    const edited = await put(a.repayment.id, { amount: '6000.00', paid_at: '2026-02-11', method: 'bank', reference: a.repayment.reference });
    expect(edited.statusCode).toBe(200);
    expect(edited.json<RepaymentResult>().balance).toMatchObject({ balance: '0.00', status: 'closed' });
    expect((await put(b.repayment.id, { amount: '1.00', paid_at: '2026-02-11', method: 'bank', reference: 'R' })).statusCode).toBe(409);
  });
});

describe('GET /api/repayments/all and /export', () => {
  it('filters by date range, method, loan and search, with totals of the rows not reversed', async () => {
    const l = await loan();
    const mk = async (over: Record<string, unknown>) => (await create(finance, body(l.code, over))).json<RepaymentResult>();
    await mk({ amount: '100.00', paid_at: '2026-02-01', method: 'cash', reference: `CASH-${seq}-A` });
    await mk({ amount: '200.50', paid_at: '2026-03-01', method: 'bank' });
    const r3 = await mk({ amount: '300.25', paid_at: '2026-04-01', method: 'bank' });
    await t.app.inject({ method: 'DELETE', url: REPAYMENT_PATHS.delete.replace(':id', String(r3.repayment.id)), headers: finance, payload: { reason: 'Wrong loan' } });
    const get = (q: string) => t.app.inject({ method: 'GET', url: `${REPAYMENT_PATHS.list}?loan=${l.code}${q}`, headers: finance });
    const all = (await get('')).json<RepaymentList>();
    expect(all.total).toBe(3);
    expect(all.totals).toEqual({ count: 2, amount: '300.50' });
    expect(all.items.map((i) => i.paid_at)).toEqual(['2026-04-01', '2026-03-01', '2026-02-01']);
    expect((await get('&method=bank')).json<RepaymentList>().totals).toEqual({ count: 1, amount: '200.50' });
    expect((await get('&fromDate=2026-02-15&toDate=2026-03-15')).json<RepaymentList>().items).toHaveLength(1);
    expect((await get('&status=reversed')).json<RepaymentList>().items.map((i) => i.reversal_reason)).toEqual(['Wrong loan']);
    expect((await get('&search=CASH-')).json<RepaymentList>().items).toHaveLength(1);
    const bad = await get('&fromDate=2026-05-01&toDate=2026-04-01&method=cheque');
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['method']);
    expect(Object.keys((await get('&fromDate=2026-05-01&toDate=2026-04-01')).json().errors)).toEqual(['toDate']);
    const csv = await t.app.inject({ method: 'GET', url: `${REPAYMENT_PATHS.export}?loan=${l.code}`, headers: finance });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain('"300.25"');
    expect(lines[1]).toContain('"yes"');
  });

  it('answers the every-branch totals from repayment_day_totals, equal to summing the rows', async () => {
    const every = { all: true } as const;
    const cases: RepaymentFilter[] = [{}, { method: 'bank' }, { status: 'active' }, { status: 'reversed' }, { fromDate: '2026-02-15', toDate: '2026-03-15' }];
    for (const q of cases) {
      expect({ q, t: await keptTotals(t.db, q, every, undefined) }).toEqual({ q, t: await totals(t.db, whereOf(q, every, undefined)) });
    }
    // A branch, a loan or a search: the rows are summed (undefined here).
    expect(await keptTotals(t.db, { search: 'CASH' }, every, undefined)).toBeUndefined();
    expect(await keptTotals(t.db, {}, { all: false, branchId: 1 }, 1)).toBeUndefined();
    const recomputed = await queryRows(
      t.db,
      sql`SELECT paid_at::text AS day, method, reversed_at IS NOT NULL AS reversed, count(*)::int AS count, sum(amount)::text AS amount FROM repayments GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
    );
    const kept = await queryRows(
      t.db,
      sql`SELECT day::text AS day, method, reversed, count::int AS count, amount::text AS amount FROM repayment_day_totals WHERE count <> 0 ORDER BY 1, 2, 3`,
    );
    expect(kept).toEqual(recomputed);
  });

  it('offers the payable loans with their balance and next instalment to the add form', async () => {
    const l = await loan();
    await loan({ disbursed: false });
    const res = await t.app.inject({ method: 'GET', url: `${REPAYMENT_PATHS.loans}?search=${l.code}`, headers: finance });
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toEqual([
      expect.objectContaining({ reference_code: l.code, balance: '6000.00', next_due_no: 1, next_due_date: '2026-02-15', next_due_amount: '2000.00' }),
    ]);
  });
});

describe('POST /api/repayments/bulk-upload', () => {
  const HEADER = 'reference_code,amount,paid_at,method,reference,note';
  const up = (csv: string, confirm: boolean, headers: AuthHeaders | undefined = finance) =>
    t.app.inject({
      method: 'POST',
      url: `${REPAYMENT_PATHS.bulkUpload}?confirm=${confirm}&file_name=r.csv`,
      headers: { ...headers, 'content-type': 'text/csv; charset=utf-8' },
      payload: csv,
    });

  it('names every bad row and column, saves nothing while one row is bad, then saves all rows of the fixed file at once', async () => {
    const a = await loan();
    const b = await loan();
    const unpaid = await loan({ disbursed: false });
    const u = `U${process.pid}-${seq}`;
    const good = [`${a.code},"1,000.00",2026-02-01,mobile_money,${u}-1,first`, `${b.code},500,2026-02-02,bank,${u}-2,`];
    const bad = [
      ...good,
      `${a.code},abc,2026-02-03,cash,${u}-3,`,
      `LA-1999-000000,10.00,2099-01-01,cheque,${u}-1,`,
      `${unpaid.code},10.00,2026-02-03,cash,${u}-5,`,
      `${a.code},5000.01,2026-02-03,cash,${u}-6,`,
      `LA-1999-000001,10.00,2026-02-03,cash,${u}-7,`,
    ];
    const check = await up([HEADER, ...bad].join('\n'), false);
    expect(check.statusCode).toBe(200);
    const report = check.json<BulkUploadReport>();
    expect(report).toMatchObject({ saved: false, rows: 5 });
    expect(report.errors).toEqual([
      { row: 3, column: 'amount', message: 'Not a positive amount with at most two decimals.' },
      { row: 4, column: 'paid_at', message: 'The date cannot be in the future.' },
      { row: 4, column: 'method', message: 'Must be one of mobile_money, bank, cash, payroll.' },
      { row: 4, column: 'reference', message: 'The same reference is in row 1.' },
      { row: 5, column: 'reference_code', message: 'This loan has not been paid out yet: nothing is owed.' },
      { row: 6, column: 'amount', message: 'More than the balance left: ZMW 5,000.00 after the earlier rows of this loan.' },
      { row: 7, column: 'reference_code', message: 'No loan with this reference code.' },
    ]);
    const refused = await up([HEADER, ...bad].join('\n'), true);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toMatch(/^Row 3, amount: /);
    expect(refused.json().report.error_count).toBe(7);
    expect((await balanceOf(a.id)).balance).toBe('6000.00');

    const saved = await up([HEADER, ...good].join('\r\n'), true);
    expect(saved.statusCode).toBe(200);
    expect(saved.json<BulkUploadReport>()).toMatchObject({ saved: true, rows: 2, loans: 2, total_amount: '1500.00', error_count: 0 });
    expect((await balanceOf(a.id)).balance).toBe('5000.00');
    expect((await balanceOf(b.id)).balance).toBe('5500.00');
    const [audit] = await queryRows<{ details: { rows: number } }>(
      t.db,
      sql`SELECT details FROM audit_log WHERE entity = 'repayment_upload' AND entity_id = ${String(saved.json().upload_id)}`,
    );
    expect(audit.details.rows).toBe(2);

    // The same file again: refused as a duplicate (file hash and the stored references).
    const again = await up([HEADER, ...good].join('\r\n'), true);
    expect(again.statusCode).toBe(422);
    const errs = again.json().report.errors as { row: number; column: string; message: string }[];
    expect(errs[0]).toMatchObject({ row: 0, column: 'file' });
    expect(errs.filter((e) => e.column === 'reference')).toHaveLength(2);
  });

  it('leaves nothing written when the last of many rows (past several staging batches) is bad, and closes the loans a file pays in full', async () => {
    const loans = [await loan({ total: '3000.00' }), await loan({ total: '3000.00' })];
    const u = `V${process.pid}-${seq}`;
    // Batches of 500 here (5,000 in the api): the same path through several batches, cheaply.
    const stageBatch = 500;
    expect(STAGE_BATCH).toBeGreaterThan(stageBatch);
    const many = 2 * stageBatch + 200;
    const amount = (3000 / many).toFixed(2);
    expect(Number(amount) * many).toBe(3000);
    const [{ userId }] = await queryRows<{ userId: number }>(t.db, sql`SELECT min(id)::int AS "userId" FROM users`);
    const actor = { userId, scope: { all: true } as const, who: { userId, ip: null, userAgent: null } };
    const send = (lines: string[]) => upload(t.db, t.app.jobs, actor, Readable.from([[HEADER, ...lines].join('\n')]), { confirm: true, stageBatch });
    const rows = Array.from({ length: many }, (_, i) => `${loans[i % 2].code},${amount},2026-02-0${1 + (i % 9)},cash,${u}-${i},`);
    const lastBad = [...rows.slice(0, -2), `${loans[0].code},${amount},2026-13-01,cash,${u}-x,`, rows[many - 1]];
    let refused: UploadRefused | undefined;
    await send(lastBad).catch((err: unknown) => {
      refused = err as UploadRefused;
    });
    expect(refused?.statusCode).toBe(422);
    expect(refused?.report.errors).toEqual([{ row: many - 1, column: 'paid_at', message: 'Not a date such as 2026-01-31.' }]);
    expect(refused?.report.rows).toBe(many - 1);
    const [written] = await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM repayments WHERE reference LIKE ${`${u}-%`}`);
    expect(written.n).toBe(0);

    expect(await send(rows)).toMatchObject({ saved: true, rows: many, total_amount: '3000.00', loans: 2 });
    expect((await balanceOf(loans[0].id)).balance).toBe('1500.00');
    const full = [`${loans[0].code},1500,2026-03-01,bank,${u}-full,`].join('\n');
    expect((await up(`${HEADER}\n${full}`, true)).statusCode).toBe(200);
    expect(await statusOf(loans[0].id)).toBe('closed');
    const late = await up(`${HEADER}\n${loans[0].code},1.00,2026-03-02,bank,${u}-late,`, true);
    expect(late.statusCode).toBe(422);
    expect(late.json().report.errors).toEqual([{ row: 1, column: 'reference_code', message: 'This loan is closed: nothing is owed.' }]);
  });

  it('audits each saved repayment in the upload transaction, and sends each SMS receipt once, by a job after the commit', async () => {
    const a = await loan();
    const b = await loan();
    const u = `W${process.pid}-${seq}`;
    const csv = [HEADER, `${a.code},1000,2026-02-01,bank,${u}-1,`, `${b.code},250.50,2026-02-02,cash,${u}-2,`, `${a.code},500,2026-02-03,cash,${u}-3,`].join('\n');
    // The earlier tests' receipts sent first; then queued only: no worker runs until the
    // assertions about the upload itself are done.
    const busy = async () =>
      (await queryRows(t.db, sql`SELECT 1 FROM pgboss.job WHERE name = ${UPLOAD_RECEIPTS_JOB} AND state IN ('created', 'retry', 'active')`)).length > 0;
    for (const end = Date.now() + 90_000; (await busy()) && Date.now() < end; ) await new Promise((r) => setTimeout(r, 200));
    await t.app.jobs.stop();
    await t.app.jobs.start({ work: false });
    const receipts = async () =>
      queryRows<{ recipient: string; body: string }>(
        t.db,
        sql`SELECT recipient, body FROM messages WHERE purpose = 'repayment_receipt' AND recipient IN (${a.mobile}, ${b.mobile}) ORDER BY id`,
      );
    try {
      // A refused file queues nothing.
      expect((await up(`${csv}\n${a.code},99999,2026-02-04,cash,${u}-4,`, true)).statusCode).toBe(422);
      const saved = await up(csv, true);
      expect(saved.statusCode).toBe(200);
      const uploadId = saved.json<BulkUploadReport>().upload_id as number;
      const audits = await queryRows<{ entity_id: string; details: Record<string, unknown> }>(
        t.db,
        sql`SELECT entity_id, details FROM audit_log WHERE entity = 'repayment' AND action = 'create' AND details->>'upload_id' = ${String(uploadId)} ORDER BY entity_id::bigint`,
      );
      const ids = await queryRows<{ id: string }>(t.db, sql`SELECT id FROM repayments WHERE upload_id = ${uploadId} ORDER BY id`);
      expect(audits.map((x) => x.entity_id)).toEqual(ids.map((r) => String(r.id)));
      expect(audits[1].details).toMatchObject({ reference_code: b.code, amount: '250.50', paid_at: '2026-02-02', method: 'cash', reference: `${u}-2` });
      // Nothing was sent inside the upload: one job waits for it.
      expect(await receipts()).toEqual([]);
      const jobs = await queryRows<{ data: UploadReceiptsJob }>(t.db, sql`SELECT data FROM pgboss.job WHERE name = ${UPLOAD_RECEIPTS_JOB} AND (data->>'uploadId')::bigint = ${uploadId}`);
      expect(jobs).toHaveLength(1);

      await t.app.jobs.stop();
      await t.app.jobs.start();
      const end = Date.now() + 60_000;
      while ((await receipts()).length < 3 && Date.now() < end) await new Promise((r) => setTimeout(r, 100));
      const sent = await receipts();
      expect(sent.map((m) => m.recipient)).toEqual([a.mobile, b.mobile, a.mobile]);
      // Each receipt gives the balance just after its repayment; the latest one the next instalment.
      expect(sent[0].body).toContain(`we received ZMW 1,000.00 for loan ${a.code} on 2026-02-01 (ref ${u}-1). Balance: ZMW 5,000.00.`);
      expect(sent[0].body).not.toContain('Next due');
      expect(sent[2].body).toContain('Balance: ZMW 4,500.00. Next due 2026-02-15: ZMW 500.00.');
      // The job again (a retry, another instance): nobody gets a receipt twice.
      expect(await sendUploadReceipts(t.db, t.app.ports.sms, jobs[0].data)).toBe(0);
      expect(await receipts()).toHaveLength(3);
    } finally {
      if (t.app.jobs.state !== 'running') await t.app.jobs.start();
    }
  });

  it('reads the body as a stream: a character split across two chunks stays whole, and a body past the limit is a 413 with nothing written', async () => {
    const a = await loan();
    const u = `S${process.pid}-${seq}`;
    const [{ userId }] = await queryRows<{ userId: number }>(t.db, sql`SELECT min(id)::int AS "userId" FROM users`);
    const actor = { userId, scope: { all: true } as const, who: { userId, ip: null, userAgent: null } };
    const bytes = Buffer.from(`${HEADER}\n${a.code},10.00,2026-02-01,cash,${u}-1,Mwaiseni café\n`, 'utf8');
    const at = bytes.indexOf(Buffer.from('é')) + 1;
    const chunks = [bytes.subarray(0, at), bytes.subarray(at)];
    const r = await upload(t.db, t.app.jobs, actor, Readable.from(chunks), { confirm: true, fileName: 's.csv' });
    expect(r).toMatchObject({ saved: true, rows: 1 });
    const [saved] = await queryRows<{ note: string }>(t.db, sql`SELECT note FROM repayments WHERE reference = ${`${u}-1`}`);
    expect(saved.note).toBe('Mwaiseni café');

    const big = [HEADER, ...Array.from({ length: 50 }, (_, i) => `${a.code},1.00,2026-02-01,cash,${u}-b${i},`)].join('\n');
    await expect(upload(t.db, t.app.jobs, actor, Readable.from([big]), { confirm: true, maxBytes: 1000 })).rejects.toMatchObject({ statusCode: 413 });
    const [left] = await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM repayments WHERE reference LIKE ${`${u}-b%`}`);
    expect(left.n).toBe(0);
    // Through the route: a body over the limit (Content-Length), and a JSON body, are refused.
    const huge = await up(`${HEADER}\n${'x'.repeat(REPAYMENT_UPLOAD_MAX_BYTES)}`, false);
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toMatch(/^The file is too large/);
    const json = await t.app.inject({ method: 'POST', url: `${REPAYMENT_PATHS.bulkUpload}?confirm=false`, headers: finance, payload: { csv: HEADER } });
    expect(json.statusCode).toBe(415);
  });

  it('holds no database transaction while the body is still arriving (a slow client holds a file, not a connection)', async () => {
    const a = await loan();
    const u = `L${process.pid}-${seq}`;
    const [{ userId }] = await queryRows<{ userId: number }>(t.db, sql`SELECT min(id)::int AS "userId" FROM users`);
    const actor = { userId, scope: { all: true } as const, who: { userId, ip: null, userAgent: null } };
    const body = new PassThrough();
    body.write(`${HEADER}\n${a.code},10.00,2026-02-01,cash,${u}-1,\n`);
    const pending = upload(t.db, t.app.jobs, actor, body, { confirm: true, fileName: 'slow.csv' });
    await new Promise((r) => setTimeout(r, 300));
    // Another transaction goes through at once (PGlite has one connection: an open upload
    // transaction would make it wait), and no session of this database waits in one.
    const [open] = await t.db.transaction((tx) =>
      queryRows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND state LIKE 'idle in transaction%'`),
    );
    expect(open.n).toBe(0);
    body.end(`${a.code},5.00,2026-02-02,cash,${u}-2,\n`);
    expect(await pending).toMatchObject({ saved: true, rows: 2, total_amount: '15.00' });
  });

  it('refuses a wrong header, an empty file, and callers without can add repayments', async () => {
    const wrong = await up('ref,amount\nx,1', false);
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.csv).toEqual([`The first line must be the header ${HEADER}.`]);
    // A control character (NUL) in a cell: that cell's error, never a database error.
    const nul = await up(`${HEADER}\nLA-1,1\u0000,2026-01-01,ca\u0000sh,R\u0000,n\u0000`, false);
    expect(nul.statusCode).toBe(200);
    expect(nul.json<BulkUploadReport>().errors.map((e) => e.column)).toEqual(['amount', 'method', 'reference', 'note']);
    expect((await up('', false)).json().errors.csv).toEqual(['Choose a file.']);
    expect((await up(HEADER, false)).json<BulkUploadReport>().errors[0]).toMatchObject({ column: 'file', message: 'The file has no rows.' });
    expect((await up(HEADER, false, await loginWithPermissions(t.app, [P.viewRepayments]))).statusCode).toBe(403);
    expect((await up(HEADER, false, csrfHeaders())).statusCode).toBe(401);
    const tpl = await t.app.inject({ method: 'GET', url: REPAYMENT_PATHS.bulkTemplate, headers: finance });
    expect(tpl.body.split('\r\n')[0]).toBe(HEADER);
  });
});

describe('balance views agree with the answers', () => {
  it('gives the same balance in the list, the create answer and the view', async () => {
    const l = await loan();
    const res = (await create(finance, body(l.code, { amount: '123.45' }))).json<RepaymentResult>();
    const view = (await queryRows<LoanBalance>(t.db, sql`SELECT balance::text AS balance FROM loan_balances WHERE application_id = ${l.id}`))[0];
    expect(res.balance?.balance).toBe(view.balance);
    expect(view.balance).toBe('5876.55');
  });
});
