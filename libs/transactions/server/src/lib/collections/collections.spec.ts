import { sql } from 'drizzle-orm';
import { COLLECTIONS_PATHS, P, REPAYMENT_PATHS, type Collection, type SuspenseItem, type SuspenseList } from '@loan/shared-contract';
import { CALLBACK_SIGNATURE_HEADER, queryRows, SandboxCollection, signCallback, type CollectionPort } from '@loan/shared-server';
import { createTestApp, loginWithPermissions, type AuthHeaders, type TestApp } from '@loan/shared-server/testing';
import { transactionsServer } from '../../index';
import { pollPending, applyStatus, callback, type Deps } from './service';
import { postCollection, repaymentsServiceRecorder } from './post';

const SECRET = 'test-collection-secret-0123456789';
process.env['COLLECTION_CALLBACK_SECRET'] = SECRET;
jest.setTimeout(180_000);

let t: TestApp;
let finance: AuthHeaders;
let seq = 0;
let clock = 0;
let inner = new SandboxCollection(1000, () => clock);
const port: CollectionPort = { name: 'sandbox', requestToPay: (r) => inner.requestToPay(r), status: (ref) => inner.status(ref) };
const deps = (): Deps => ({ port, record: repaymentsServiceRecorder(t.app.ports.sms) });

beforeAll(async () => {
  t = await createTestApp({ modules: [transactionsServer], ports: { collection: port } });
  finance = await loginWithPermissions(t.app, [P.requestPayment, P.manageSuspense, P.viewRepayments, P.viewAllBranches]);
});
afterAll(() => t?.close());
beforeEach(() => {
  clock = 0;
  inner = new SandboxCollection(1000, () => clock);
});

/** A loan of 6,000.00 over 3 months (2,000.00 an instalment), paid out on 15 January 2026. */
async function loan(mobile = `+26097${String(7100000 + ++seq)}`): Promise<number> {
  seq += 1;
  const [b] = await queryRows<{ id: string }>(t.db, sql`SELECT id FROM branches ORDER BY id LIMIT 1`);
  const [row] = await queryRows<{ id: number }>(
    t.db,
    sql`INSERT INTO loan_applications (reference_code, fullname, nrc, mobile, branch_id, amount, interest, tenure_months, total_amount_due, status)
        VALUES (${`LA-2026-8${String(seq).padStart(5, '0')}`}, 'Mutale Banda', '123456/78/9', ${mobile}, ${b.id}, '5000.00', '1000.00', 3, '6000.00', 'approved')
        RETURNING id::int AS id`,
  );
  await t.db.execute(sql`INSERT INTO disbursements (application_id, amount, mode, recipient, status, created_at)
                         VALUES (${row.id}, '5000.00', 'instant_single', ${mobile}, 'success', '2026-01-15T08:00:00Z')`);
  return row.id;
}
const ask = (payload: object, headers: AuthHeaders = finance) => t.app.inject({ method: 'POST', url: COLLECTIONS_PATHS.request, headers, payload });
const signed = (body: object, secret = SECRET) => {
  const raw = JSON.stringify(body);
  return t.app.inject({ method: 'POST', url: COLLECTIONS_PATHS.callback, headers: { 'content-type': 'application/json', [CALLBACK_SIGNATURE_HEADER]: signCallback(secret, raw) }, payload: raw });
};
const repayments = async (id: number) =>
  (await queryRows<{ n: number; total: string }>(t.db, sql`SELECT count(*)::int AS n, coalesce(sum(amount), 0)::text AS total FROM repayments WHERE application_id = ${id} AND method = 'mobile_money'`))[0];

describe('request to pay', () => {
  it('answers 403 without can request payment, 422 on bad input or more than the balance', async () => {
    const id = await loan();
    expect((await ask({ application_id: id }, await loginWithPermissions(t.app, [P.viewRepayments]))).statusCode).toBe(403);
    const bad = await ask({ application_id: id, amount: '-5', msisdn: 'abc' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['amount', 'msisdn']));
    expect((await ask({ application_id: id, amount: '6000.01' })).json().errors).toHaveProperty('amount');
  });

  it('defaults to the next due, is pending, then a poll (no callback ever) posts one repayment; audited', async () => {
    const id = await loan();
    const res = await ask({ application_id: id });
    expect(res.statusCode).toBe(201);
    const c = res.json<Collection>();
    expect(c).toMatchObject({ amount: '2000.00', status: 'pending', provider: 'sandbox' });
    expect(await pollPending(t.db, deps())).toBe(0);
    clock = 1000;
    expect(await pollPending(t.db, deps())).toBe(1);
    const after = (await t.app.inject({ method: 'GET', url: COLLECTIONS_PATHS.byId.replace(':id', String(c.id)), headers: finance })).json<Collection>();
    expect(after).toMatchObject({ status: 'success', provider_transaction_id: expect.stringMatching(/^SBXC-/), repayment_id: expect.any(Number) });
    expect(await repayments(id)).toEqual({ n: 1, total: '2000.00' });
    const audits = await queryRows<{ action: string }>(t.db, sql`SELECT action FROM audit_log WHERE entity = 'collection_request' AND entity_id = ${String(c.id)} ORDER BY id`);
    expect(audits.map((a) => a.action)).toEqual(['collection.request', 'collection.success']);
    // A duplicate callback afterwards changes nothing.
    const dup = await signed({ referenceId: c.reference_id, status: 'SUCCESSFUL', financialTransactionId: after.provider_transaction_id, amount: '2000' });
    expect(dup.statusCode).toBe(200);
    expect(await repayments(id)).toEqual({ n: 1, total: '2000.00' });
  });

  it('a payer ending in 0000 fails; nothing is posted', async () => {
    const id = await loan();
    const c = (await ask({ application_id: id, msisdn: '0977110000' })).json<Collection>();
    clock = 1000;
    await pollPending(t.db, deps());
    expect((await t.app.inject({ method: 'GET', url: COLLECTIONS_PATHS.byId.replace(':id', String(c.id)), headers: finance })).json()).toMatchObject({ status: 'failed' });
    expect((await repayments(id)).n).toBe(0);
  });
});

describe('callback', () => {
  it('refuses a wrong signature (401) and changes nothing', async () => {
    const id = await loan();
    const c = (await ask({ application_id: id })).json<Collection>();
    const res = await signed({ referenceId: c.reference_id, status: 'SUCCESSFUL', financialTransactionId: 'X-1', amount: '2000' }, 'wrong-secret');
    expect(res.statusCode).toBe(401);
    expect((await repayments(id)).n).toBe(0);
  });

  it('settles by callback, and a duplicate callback posts nothing more', async () => {
    const id = await loan();
    const c = (await ask({ application_id: id, amount: '150.50' })).json<Collection>();
    const body = { referenceId: c.reference_id, status: 'SUCCESSFUL', financialTransactionId: `CB-${id}`, amount: '150.50' };
    expect((await signed(body)).statusCode).toBe(200);
    expect((await signed(body)).statusCode).toBe(200);
    expect(await repayments(id)).toEqual({ n: 1, total: '150.50' });
  });

  it('puts a payment with an unknown reference in suspense (once); finance matches it to a loan, and it never leaves twice', async () => {
    const body = { referenceId: 'not-one-of-ours', status: 'SUCCESSFUL', financialTransactionId: `UNK-${Date.now()}`, amount: '300.00', payer: { partyIdType: 'MSISDN', partyId: '260970000001' } };
    expect((await signed(body)).statusCode).toBe(200);
    expect((await signed(body)).statusCode).toBe(200);
    const list = (await t.app.inject({ method: 'GET', url: `${COLLECTIONS_PATHS.suspense}?status=open`, headers: finance })).json<SuspenseList>();
    const items = list.items.filter((i) => i.provider_transaction_id === body.financialTransactionId);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ amount: '300.00', payer_msisdn: '260970000001', status: 'open' });
    // The suspense screen's search (transaction id, payer, reference) and its loan picker (the repayable loans, for `can manage suspense` too).
    const found = (await t.app.inject({ method: 'GET', url: `${COLLECTIONS_PATHS.suspense}?search=${body.financialTransactionId.toLowerCase()}`, headers: finance })).json<SuspenseList>();
    expect(found.items.map((i) => i.id)).toEqual([items[0].id]);
    expect((await t.app.inject({ method: 'GET', url: `${COLLECTIONS_PATHS.suspense}?search=no-such-line`, headers: finance })).json<SuspenseList>().total).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: REPAYMENT_PATHS.loans, headers: await loginWithPermissions(t.app, [P.manageSuspense]) })).statusCode).toBe(200);
    // An unknown reference without a payment is a 404.
    expect((await signed({ referenceId: 'nope', status: 'FAILED' })).statusCode).toBe(404);

    const id = await loan();
    const url = COLLECTIONS_PATHS.suspenseMatch.replace(':id', String(items[0].id));
    expect((await t.app.inject({ method: 'POST', url, headers: finance, payload: {} })).statusCode).toBe(422);
    const m = await t.app.inject({ method: 'POST', url, headers: finance, payload: { application_id: id } });
    expect(m.statusCode).toBe(200);
    expect(m.json<SuspenseItem>()).toMatchObject({ status: 'matched', matched_application_id: id, repayment_id: expect.any(Number) });
    expect(await repayments(id)).toEqual({ n: 1, total: '300.00' });
    expect((await t.app.inject({ method: 'POST', url, headers: finance, payload: { application_id: id } })).statusCode).toBe(409);
    const refund = COLLECTIONS_PATHS.suspenseRefund.replace(':id', String(items[0].id));
    expect((await t.app.inject({ method: 'POST', url: refund, headers: finance, payload: { refund_reference: 'RF-1' } })).statusCode).toBe(409);
    const audit = await queryRows<{ action: string }>(t.db, sql`SELECT action FROM audit_log WHERE entity = 'suspense_item' AND entity_id = ${String(items[0].id)} ORDER BY id`);
    expect(audit.map((a) => a.action)).toEqual(['suspense.create', 'suspense.match']);
  });

  it('refunds an open line with a reference (422 without one), once', async () => {
    const body = { referenceId: 'stray', status: 'SUCCESSFUL', financialTransactionId: `RF-${Date.now()}`, amount: '10.00' };
    await signed(body);
    const [item] = await queryRows<{ id: number }>(t.db, sql`SELECT id::int AS id FROM suspense_items WHERE provider_transaction_id = ${body.financialTransactionId}`);
    const url = COLLECTIONS_PATHS.suspenseRefund.replace(':id', String(item.id));
    expect((await t.app.inject({ method: 'POST', url, headers: finance, payload: { refund_reference: ' ' } })).statusCode).toBe(422);
    expect((await t.app.inject({ method: 'POST', url, headers: finance, payload: { refund_reference: 'RF-77' } })).json()).toMatchObject({ status: 'refunded', refund_reference: 'RF-77' });
    expect((await t.app.inject({ method: 'POST', url, headers: finance, payload: { refund_reference: 'RF-78' } })).statusCode).toBe(409);
    expect((await t.app.inject({ method: 'GET', url: COLLECTIONS_PATHS.suspense, headers: await loginWithPermissions(t.app, [P.viewRepayments]) })).statusCode).toBe(403);
  });
});

describe('exactly once under concurrency', () => {
  it('50 concurrent callbacks and polls for one request (30% duplicates) post exactly one repayment', async () => {
    const id = await loan();
    const c = (await ask({ application_id: id, amount: '500.00' })).json<Collection>();
    clock = 1000;
    const ref = (await port.status(c.reference_id)).providerRef as string;
    const body = { referenceId: c.reference_id, status: 'SUCCESSFUL', financialTransactionId: ref, amount: '500.00' };
    const work = Array.from({ length: 50 }, (_, i) => {
      if (i % 10 < 3) return signed(body); // duplicates of one callback
      if (i % 2) return callback(t.db, deps(), c.reference_id, { state: 'success', providerRef: ref, reason: null, amount: '500.00', payer: null, raw: body });
      return applyStatus(t.db, deps(), c.id, { state: 'success', providerRef: ref, reason: null, amount: '500.00', payer: null, raw: {} }, 'poll');
    });
    const results = await Promise.allSettled(work);
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    expect(await repayments(id)).toEqual({ n: 1, total: '500.00' });
    const [p] = await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM collection_payments WHERE provider_transaction_id = ${ref}`);
    expect(p.n).toBe(1);
    const [s] = await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM suspense_items WHERE provider_transaction_id = ${ref}`);
    expect(s.n).toBe(0);
  });

  it('the posting boundary alone (no request lock): 50 concurrent posts of one payment, 30% duplicate calls, post one repayment', async () => {
    const id = await loan();
    const ref = `BOUNDARY-${id}`;
    const payment = { provider: 'sandbox', providerRef: ref, amount: '250.00', payer: null, reference: null, requestId: null, applicationId: id };
    const calls = Array.from({ length: 50 }, (_, i) => (i % 10 < 3 ? [0, 1] : [0]))
      .flat()
      .map(() => t.db.transaction((tx) => postCollection(tx, repaymentsServiceRecorder(t.app.ports.sms), payment)));
    const outcomes = await Promise.all(calls);
    expect(outcomes.filter((o) => o.kind === 'repayment')).toHaveLength(1);
    expect(outcomes.filter((o) => o.kind === 'suspense')).toHaveLength(0);
    expect(await repayments(id)).toEqual({ n: 1, total: '250.00' });
  });
});
