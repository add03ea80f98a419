import { sql } from 'drizzle-orm';
import {
  DISBURSEMENTS_PATHS,
  disburseBulkResultSchema,
  disbursementDetailsSchema,
  disbursementListSchema,
  disburseSingleResultSchema,
  P,
  payableListSchema,
  toNgwee,
  fromNgwee,
} from '@loan/shared-contract';
import { queryRows, SandboxMobileMoney, signCallback, CALLBACK_SIGNATURE_HEADER, type MobileMoneyPort } from '@loan/shared-server';
import { createTestApp, loginWithPermissions, type AuthHeaders, type TestApp } from '@loan/shared-server/testing';
import { transactionsServer } from '../../index';
import { settlePending } from './disburse';
import { KEY_IN_FLIGHT, KEY_REUSED } from './idempotency';

const SECRET = 'test-callback-secret-0123456789';
process.env['MOBILE_MONEY_CALLBACK_SECRET'] = SECRET;

let t: TestApp;
let finance: AuthHeaders;
let seq = 0;
/** The sandbox on a clock of the test's own: it settles 1 s (of this clock) after a transfer, or at once. */
let clock = 0;
let inner = new SandboxMobileMoney(0, () => clock);
const provider: MobileMoneyPort = { name: 'sandbox', initiate: (req) => inner.initiate(req), status: (ref) => inner.status(ref) };
const slowSandbox = () => (inner = new SandboxMobileMoney(1000, () => clock));

/** An approved loan with a signed offer letter (payable), returning its id. */
async function payableLoan(opts: { amount?: string; mobile?: string; signed?: boolean; status?: string } = {}): Promise<number> {
  seq++;
  const [b] = await queryRows<{ id: string }>(t.db, sql`SELECT id FROM branches ORDER BY id LIMIT 1`);
  const mobile = opts.mobile ?? `0971${String(seq).padStart(6, '0')}`;
  const [c] = await queryRows<{ id: string }>(
    t.db,
    sql`INSERT INTO clients (fullname, nrc, mobile, branch_id) VALUES (${`Borrower ${seq}`}, ${`${String(100000 + seq)}/11/1`}, ${mobile}, ${b.id}) RETURNING id`,
  );
  const [a] = await queryRows<{ id: string }>(
    t.db,
    sql`INSERT INTO loan_applications (reference_code, client_id, branch_id, fullname, nrc, mobile, amount, tenure_months, total_amount_due, status, approved_at)
        VALUES (${`LA-2026-${String(seq).padStart(6, '0')}`}, ${c.id}, ${b.id}, ${`Borrower ${seq}`}, ${`${String(100000 + seq)}/11/1`}, ${mobile},
                ${opts.amount ?? '1000.10'}, 6, ${opts.amount ?? '1000.10'}, ${opts.status ?? 'approved'}, now()) RETURNING id`,
  );
  await t.db.execute(sql`INSERT INTO offer_letters (application_id, token_hash, status, principal, total_amount_due, tenure_months, terms_conditions,
                                                    authorized_rep_name, authorized_rep_date, expires_at, signed_at)
        VALUES (${a.id}, ${`hash-${seq}-${Math.random()}`}, ${opts.signed === false ? 'pending' : 'signed'}, ${opts.amount ?? '1000.10'},
                ${opts.amount ?? '1000.10'}, 6, 'terms', 'Rep', '2026-01-01', now() + interval '7 days', ${opts.signed === false ? null : new Date()})`);
  return Number(a.id);
}

beforeAll(async () => {
  t = await createTestApp({ modules: [transactionsServer], ports: { mobileMoney: provider } });
  finance = await loginWithPermissions(t.app, [
    P.viewAllDisbursements,
    P.viewInstantDisbursements,
    P.instantSingleDisburse,
    P.instantBulkDisburse,
    P.reconcileDisbursements,
    P.deleteDisbursements,
    P.viewAllBranches,
  ]);
});
afterAll(() => t?.close());
beforeEach(() => {
  inner = new SandboxMobileMoney(0, () => clock);
});

let keyN = 0;
const newKey = () => `key-${Date.now()}-${++keyN}`;
const paySingle = (applicationId: number, key: string | null = newKey(), headers: AuthHeaders = finance) =>
  t.app.inject({
    method: 'POST',
    url: DISBURSEMENTS_PATHS.disburseSingle,
    headers: { ...headers, ...(key === null ? {} : { 'idempotency-key': key }) },
    payload: { application_id: applicationId },
  });
const count = async (applicationId: number, status = "('pending','success')") =>
  (await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM disbursements WHERE application_id = ${applicationId} AND status IN ${sql.raw(status)}`))[0].n;

describe('disburse-client (payable loans)', () => {
  it('lists signed, approved, not disbursed loans only, with their count and exact sum', async () => {
    const a = await payableLoan({ amount: '0.10' });
    const b = await payableLoan({ amount: '0.20' });
    const unsigned = await payableLoan({ signed: false });
    const res = await t.app.inject({ method: 'GET', url: `${DISBURSEMENTS_PATHS.payable}?pageSize=100`, headers: finance });
    expect(res.statusCode).toBe(200);
    const body = payableListSchema.parse(res.json());
    const ids = body.items.map((i) => i.application_id);
    expect(ids).toEqual(expect.arrayContaining([a, b]));
    expect(ids).not.toContain(unsigned);
    expect(body.totals.amount).toBe(fromNgwee(body.items.reduce((s, i) => s + toNgwee(i.amount), 0n)));
    expect((await t.app.inject({ method: 'GET', url: DISBURSEMENTS_PATHS.payable, headers: await loginWithPermissions(t.app, [P.viewAllDisbursements]) })).statusCode).toBe(403);
  });
});

describe('disburse single: Idempotency-Key and one payment per loan', () => {
  it('refuses a call without an Idempotency-Key (422 naming the header)', async () => {
    const res = await paySingle(await payableLoan(), null);
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['Idempotency-Key']);
  });

  it('pays, and a repeat with the same key answers the first answer marked as a replay', async () => {
    const id = await payableLoan({ amount: '1234.56' });
    const key = newKey();
    const first = await paySingle(id, key);
    expect(first.statusCode).toBe(200);
    const paid = disburseSingleResultSchema.parse(first.json());
    expect(paid).toMatchObject({ replayed: false, disbursement: { application_id: id, amount: '1234.56', status: 'success', mode: 'instant_single' } });
    expect(paid.disbursement.provider_ref).toMatch(/^SBX-/);
    const again = await paySingle(id, key);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(disburseSingleResultSchema.parse(again.json())).toEqual({ ...paid, replayed: true });
    expect(await count(id)).toBe(1);
  });

  it('answers 422 to the same key with a different body, 409 while the first is in flight', async () => {
    const a = await payableLoan();
    const b = await payableLoan();
    const key = newKey();
    expect((await paySingle(a, key)).statusCode).toBe(200);
    const other = await paySingle(b, key);
    expect(other.statusCode).toBe(422);
    expect(other.json().message).toBe(KEY_REUSED);
    // A first request still running: its key is claimed, no answer stored yet.
    const inflight = newKey();
    const [u] = await queryRows<{ user_id: string }>(t.db, sql`SELECT user_id FROM idempotency_keys LIMIT 1`);
    const { requestHash } = await import('./idempotency');
    await t.db.execute(sql`INSERT INTO idempotency_keys (scope, key, user_id, request_hash) VALUES (${`POST ${DISBURSEMENTS_PATHS.disburseSingle}`}, ${inflight}, ${u.user_id}, ${requestHash({ application_id: b })})`);
    const busy = await paySingle(b, inflight);
    expect(busy.statusCode).toBe(409);
    expect(busy.json().message).toBe(KEY_IN_FLIGHT);
    expect(await count(b)).toBe(0);
  });

  it('pays a loan once: a second key for the same loan answers 409, and so does an unsigned loan', async () => {
    const id = await payableLoan();
    expect((await paySingle(id)).statusCode).toBe(200);
    const second = await paySingle(id);
    expect(second.statusCode).toBe(409);
    expect(await count(id)).toBe(1);
    expect((await paySingle(await payableLoan({ signed: false }))).statusCode).toBe(409);
    expect((await paySingle(999999)).statusCode).toBe(404);
  });

  it('the database itself refuses a second live disbursement of a loan (partial unique index)', async () => {
    const id = await payableLoan();
    const insert = () =>
      t.db.execute(sql`INSERT INTO disbursements (application_id, amount, mode, recipient, status) VALUES (${id}, '10.00', 'instant_single', '0970000001', 'pending')`);
    await insert();
    await expect(insert()).rejects.toThrow();
    // A failed one does not count: a failed loan may be paid again.
    await t.db.execute(sql`UPDATE disbursements SET status = 'failed' WHERE application_id = ${id}`);
    await insert();
  });

  it('50 concurrent requests with 50 keys for the same loan make exactly one payment', async () => {
    const id = await payableLoan({ amount: '500.00' });
    const answers = await Promise.all(Array.from({ length: 50 }, () => paySingle(id)));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(49);
    expect(await count(id)).toBe(1);
    const [paid] = await queryRows<{ n: number; sum: string }>(t.db, sql`SELECT count(*)::int AS n, sum(amount)::text AS sum FROM disbursements WHERE application_id = ${id}`);
    expect(paid).toEqual({ n: 1, sum: '500.00' });
  });

  it('needs its permission', async () => {
    const res = await paySingle(await payableLoan(), newKey(), await loginWithPermissions(t.app, [P.viewInstantDisbursements]));
    expect(res.statusCode).toBe(403);
  });
});

describe('the provider: pending, poll or callback, success or failed', () => {
  it('stays pending until the provider settles; the poll settles it once and the borrower gets the SMS', async () => {
    slowSandbox();
    const id = await payableLoan({ amount: '2500.00' });
    const res = disburseSingleResultSchema.parse((await paySingle(id)).json());
    expect(res.disbursement.status).toBe('pending');
    expect(await settlePending(t.db, t.app.ports)).toBe(0);
    clock += 1000;
    expect(await settlePending(t.db, t.app.ports)).toBeGreaterThanOrEqual(1);
    expect(await settlePending(t.db, t.app.ports)).toBe(0);
    const details = disbursementDetailsSchema.parse(
      (await t.app.inject({ method: 'GET', url: DISBURSEMENTS_PATHS.byId.replace(':id', String(res.disbursement.id)), headers: finance })).json(),
    );
    expect(details.status).toBe('success');
    expect(details.events.map((e) => `${e.kind}:${e.status}`)).toEqual(['initiate:pending', 'poll:pending', 'poll:success']);
    expect(details.audit.map((a) => a.action)).toEqual(['disbursement.create', 'disbursement.success']);
    expect(details.loan?.reference_code).toMatch(/^LA-2026-/);
    const sms = t.inbox.messages.filter((m) => m.to === res.disbursement.recipient);
    expect(sms).toHaveLength(1);
    expect(sms[0].body).toContain('ZMW 2,500.00');
    expect(sms[0].body).toContain(details.provider_ref as string);
    expect(sms[0].body).toMatch(/due on \d{4}-\d{2}-\d{2}/);
  });

  it('a recipient ending in 0000 fails at the sandbox; retry is a new attempt; delete removes the failed one, audited', async () => {
    const id = await payableLoan({ mobile: '0977110000' });
    const failed = disburseSingleResultSchema.parse((await paySingle(id)).json()).disbursement;
    expect(failed).toMatchObject({ status: 'failed', failure_reason: expect.stringContaining('0000') });
    // Failed: the loan is payable again.
    const payable = payableListSchema.parse((await t.app.inject({ method: 'GET', url: `${DISBURSEMENTS_PATHS.payable}?pageSize=100`, headers: finance })).json());
    expect(payable.items.find((i) => i.application_id === id)?.last_failure).toContain('0000');
    const retry = await t.app.inject({ method: 'POST', url: DISBURSEMENTS_PATHS.retry.replace(':id', String(failed.id)), headers: { ...finance, 'idempotency-key': newKey() } });
    expect(retry.statusCode).toBe(200);
    expect(await count(id, "('failed')")).toBe(2);
    const del = await t.app.inject({ method: 'DELETE', url: DISBURSEMENTS_PATHS.remove.replace(':id', String(failed.id)), headers: finance });
    expect(del.statusCode).toBe(204);
    const [audit] = await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'disbursement.delete' AND entity_id = ${String(failed.id)}`);
    expect(audit.n).toBe(1);
  });

  it('never deletes a paid disbursement (409)', async () => {
    const paid = disburseSingleResultSchema.parse((await paySingle(await payableLoan())).json()).disbursement;
    expect((await t.app.inject({ method: 'DELETE', url: DISBURSEMENTS_PATHS.remove.replace(':id', String(paid.id)), headers: finance })).statusCode).toBe(409);
  });

  it('accepts a callback only with the shared-secret signature, and settles once', async () => {
    slowSandbox();
    const pending = disburseSingleResultSchema.parse((await paySingle(await payableLoan())).json()).disbursement;
    const [{ r: referenceId }] = await queryRows<{ r: string }>(t.db, sql`SELECT reference_id AS r FROM disbursements WHERE id = ${pending.id}`);
    const body = JSON.stringify({ referenceId, status: 'SUCCESSFUL', financialTransactionId: 'MTN-777' });
    const post = (signature: string | undefined, payload = body) =>
      t.app.inject({ method: 'POST', url: DISBURSEMENTS_PATHS.callback, headers: { 'content-type': 'application/json', ...(signature ? { [CALLBACK_SIGNATURE_HEADER]: signature } : {}) }, payload });
    expect((await post(undefined)).statusCode).toBe(401);
    expect((await post(signCallback('wrong-secret', body))).statusCode).toBe(401);
    expect((await post(signCallback(SECRET, body))).statusCode).toBe(200);
    const failedLater = JSON.stringify({ referenceId, status: 'FAILED', reason: 'late' });
    expect((await post(signCallback(SECRET, failedLater), failedLater)).statusCode).toBe(200);
    const [row] = await queryRows<{ status: string; provider_ref: string }>(t.db, sql`SELECT status, provider_ref FROM disbursements WHERE id = ${pending.id}`);
    expect(row).toEqual({ status: 'success', provider_ref: 'MTN-777' });
    expect((await post(signCallback(SECRET, '{bad'), '{bad')).statusCode).toBe(400);
  });
});

describe('bulk, list totals, reconcile', () => {
  it('pays several under one batch, refusing the ones already paid, each on its own', async () => {
    const a = await payableLoan({ amount: '100.01' });
    const b = await payableLoan({ amount: '200.02' });
    expect((await paySingle(b)).statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: DISBURSEMENTS_PATHS.disburseBulk,
      headers: { ...finance, 'idempotency-key': newKey() },
      payload: { application_ids: [a, b], batch: 'batch-1' },
    });
    expect(res.statusCode).toBe(200);
    const body = disburseBulkResultSchema.parse(res.json());
    expect(body.results.map((r) => [r.application_id, r.outcome])).toEqual([
      [a, 'sent'],
      [b, 'refused'],
    ]);
    expect(body.results[0].disbursement).toMatchObject({ mode: 'instant_bulk', batch_id: 'batch-1' });
  });

  it('pays a bulk once per loan, set-wise, whatever races it: a loan named twice, unsigned and unknown ones, single payments of the same loans at once', async () => {
    slowSandbox();
    const loans: number[] = [];
    for (let i = 0; i < 20; i++) loans.push(await payableLoan({ amount: `${100 + i}.${String(i + 1).padStart(2, '0')}` }));
    const unsigned = await payableLoan({ signed: false });
    const [bulk, ...singles] = await Promise.all([
      t.app.inject({
        method: 'POST',
        url: DISBURSEMENTS_PATHS.disburseBulk,
        headers: { ...finance, 'idempotency-key': newKey() },
        payload: { application_ids: [...loans, loans[0], unsigned, 999_999_999], batch: 'batch-set' },
      }),
      ...loans.slice(0, 5).map((id) => paySingle(id)),
    ]);
    expect(bulk.statusCode).toBe(200);
    const body = disburseBulkResultSchema.parse(bulk.json());
    // A loan named twice is asked once (the body's id list drops repeats).
    expect(body.results.map((r) => r.application_id)).toEqual([...loans, unsigned, 999_999_999]);
    // Each loan paid by exactly one of them: the bulk, or the single payment that came first.
    const paidBySingle = new Set(loans.slice(0, 5).filter((_, i) => singles[i].statusCode === 200));
    for (const [i, id] of loans.entries()) {
      expect(await count(id)).toBe(1);
      expect(body.results[i].outcome).toBe(paidBySingle.has(id) ? 'refused' : 'sent');
    }
    expect(body.results[20]).toMatchObject({ outcome: 'refused', message: 'Only an approved loan with a signed offer letter can be disbursed.' });
    expect(body.results[21].outcome).toBe('refused');
    expect(body.results.filter((r) => r.outcome === 'sent').every((r) => r.disbursement?.status === 'pending' && r.disbursement.batch_id === 'batch-set')).toBe(true);

    // Settled by the poll: one success, one audit record per action and one SMS per loan, the sum exact.
    clock += 1000;
    await settlePending(t.db, t.app.ports);
    const list = sql.join(loans.map((id) => sql`${id}`), sql`, `);
    const [paid] = await queryRows<{ n: number; loans: number; sum: string }>(
      t.db,
      sql`SELECT count(*)::int AS n, count(DISTINCT application_id)::int AS loans, sum(amount)::text AS sum FROM disbursements WHERE application_id IN (${list}) AND status = 'success'`,
    );
    const expected = loans.reduce((sum, _, i) => sum + toNgwee(`${100 + i}.${String(i + 1).padStart(2, '0')}`), 0n);
    expect(paid).toEqual({ n: 20, loans: 20, sum: fromNgwee(expected) });
    const audit = await queryRows<{ action: string; n: number }>(
      t.db,
      sql`SELECT action, count(*)::int AS n FROM audit_log WHERE entity = 'disbursement' AND entity_id IN (SELECT id::text FROM disbursements WHERE application_id IN (${list})) GROUP BY action ORDER BY action`,
    );
    expect(audit).toEqual([
      { action: 'disbursement.create', n: 20 },
      { action: 'disbursement.success', n: 20 },
    ]);
    const events = await queryRows<{ kind: string; n: number }>(
      t.db,
      sql`SELECT kind || ':' || status AS kind, count(*)::int AS n FROM disbursement_events WHERE disbursement_id IN (SELECT id FROM disbursements WHERE application_id IN (${list})) GROUP BY 1 ORDER BY 1`,
    );
    expect(events).toEqual([
      { kind: 'initiate:pending', n: 20 },
      { kind: 'poll:success', n: 20 },
    ]);
    const recipients = (await queryRows<{ recipient: string }>(t.db, sql`SELECT recipient FROM disbursements WHERE application_id IN (${list})`)).map((r) => r.recipient);
    const sms = t.inbox.messages.filter((m) => m.purpose === 'disbursement' && recipients.includes(m.to));
    expect(sms).toHaveLength(20);
    expect(new Set(sms.map((m) => m.to)).size).toBe(20);
  });

  it('totals the whole filtered set exactly, filters, and reconciles successful ones only', async () => {
    const list = async (q: string) => disbursementListSchema.parse((await t.app.inject({ method: 'GET', url: `${DISBURSEMENTS_PATHS.list}${q}`, headers: finance })).json());
    const all = await list('?pageSize=100&status=success');
    expect(all.totals.count).toBe(all.items.length);
    expect(all.totals.amount).toBe(fromNgwee(all.items.reduce((s, i) => s + toNgwee(i.amount), 0n)));
    expect(all.items.every((i) => i.status === 'success')).toBe(true);
    const failed = await list('?pageSize=100&status=failed');
    const ids = [all.items[0].id, ...(failed.items[0] ? [failed.items[0].id] : [])];
    const rec = await t.app.inject({ method: 'POST', url: DISBURSEMENTS_PATHS.reconcile, headers: finance, payload: { ids } });
    expect(rec.json()).toEqual({ reconciled: 1, skipped: ids.length - 1 });
    expect((await list('?pageSize=100&reconciled=true')).items.map((i) => i.id)).toContain(all.items[0].id);
    expect((await t.app.inject({ method: 'GET', url: `${DISBURSEMENTS_PATHS.list}?status=paid`, headers: finance })).statusCode).toBe(422);
    const csv = await t.app.inject({ method: 'GET', url: `${DISBURSEMENTS_PATHS.export}?status=success`, headers: finance });
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.body.trim().split('\r\n')).toHaveLength(all.items.length + 1);
  });
});
