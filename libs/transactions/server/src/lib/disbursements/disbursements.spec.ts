import { sql } from 'drizzle-orm';
import { DISBURSEMENTS_PATHS, disbursementListSchema, disbursementDetailsSchema, fromNgwee, P, toNgwee } from '@loan/shared-contract';
import { queryRows, schema } from '@loan/shared-server';
import { createTestApp, createTestUser, loginWithPermissions, type AuthHeaders, type TestApp } from '@loan/shared-server/testing';
import { transactionsServer } from '../../index';

// The app validates answers against the routes' response schemas in tests (validateResponses),
// so every 200 below also proves the answer matches disbursementListSchema.
let t: TestApp;
let branchA: number;
let branchB: number;
let allBranches: AuthHeaders;

beforeAll(async () => {
  t = await createTestApp({ modules: [transactionsServer] });
  [branchA, branchB] = (await queryRows<{ id: string }>(t.db, sql`SELECT id FROM branches ORDER BY id LIMIT 2`)).map((b) => Number(b.id));
  // 20 records in branch A, 10 in branch B, a minute apart: 'Record 29' is the newest.
  await t.db.insert(schema.disbursements).values(
    Array.from({ length: 30 }, (_, i) => ({
      amount: '100.00',
      mode: 'instant_single' as const,
      recipient: i === 0 ? 'Zed 100% _special_' : `Record ${String(i).padStart(2, '0')}`,
      providerRef: i === 0 ? 'P100%_A' : i === 1 ? 'P1000' : null,
      branchId: i < 20 ? branchA : branchB,
      createdAt: new Date(Date.UTC(2026, 0, 1, 8, i)),
    })),
  );
  allBranches = await loginWithPermissions(t.app, [P.viewAllDisbursements, P.viewAllBranches]);
});
afterAll(() => t?.close());

const list = (headers: AuthHeaders | undefined, query = '') =>
  t.app.inject({ method: 'GET', url: `${DISBURSEMENTS_PATHS.list}${query}`, headers });

describe(`GET ${DISBURSEMENTS_PATHS.list}`, () => {
  it('answers 401 without a session and 403 without its permission', async () => {
    expect((await list(undefined)).statusCode).toBe(401);
    expect((await list(await loginWithPermissions(t.app, [P.viewAllBranches]))).statusCode).toBe(403);
  });

  it('pages newest first with an exact total', async () => {
    const first = await list(allBranches, '?pageSize=25');
    expect(first.statusCode).toBe(200);
    const page1 = disbursementListSchema.parse(first.json());
    expect(page1).toMatchObject({ total: 30, page: 1, pageSize: 25, nextCursor: expect.any(String) });
    expect(page1.items).toHaveLength(25);
    expect(page1.items[0].recipient).toBe('Record 29');
    const page2 = disbursementListSchema.parse((await list(allBranches, '?pageSize=25&page=2')).json());
    expect(page2.items.map((r) => r.recipient)).toEqual(['Record 04', 'Record 03', 'Record 02', 'Record 01', 'Zed 100% _special_']);
    expect(page2.nextCursor).toBeNull();
  });

  it("searches by prefix (the provider's reference here) with LIKE characters matching themselves", async () => {
    const search = async (term: string) =>
      disbursementListSchema.parse((await list(allBranches, `?search=${encodeURIComponent(term)}`)).json()).items.map((r) => r.recipient);
    expect(await search('p100%')).toEqual(['Zed 100% _special_']);
    expect(await search('P100%_')).toEqual(['Zed 100% _special_']);
    // `_` is a character, not "any one": P100_ matches neither P100% nor P1000.
    expect(await search('P100_')).toEqual([]);
    expect(await search('P10')).toEqual(['Record 01', 'Zed 100% _special_']);
  });

  it('seeks with the cursor of the previous page (keyset), to the last page', async () => {
    const page1 = disbursementListSchema.parse((await list(allBranches, '?pageSize=15')).json());
    expect(page1.nextCursor).toEqual(expect.any(String));
    const page2 = disbursementListSchema.parse((await list(allBranches, `?pageSize=15&cursor=${page1.nextCursor}`)).json());
    expect(page2.items).toHaveLength(15);
    expect(page2.items[0].recipient).toBe('Record 14');
    expect(page2.items[14].recipient).toBe('Zed 100% _special_');
    expect(page2.nextCursor).toBeNull();
  });

  it("keeps a user without 'can view all branches' to their own branch", async () => {
    const { headers, userId } = await createTestUser(t.app, [P.viewAllDisbursements]);
    await t.db.execute(sql`UPDATE users SET branch_id = ${branchB} WHERE id = ${userId}`);
    const own = disbursementListSchema.parse((await list(headers, '?pageSize=50')).json());
    expect(own.total).toBe(10);
    expect(new Set(own.items.map((r) => r.branch_id))).toEqual(new Set([branchB]));
  });

  it('refuses a page size outside 15/25/50/100 and a cursor it did not write with 422 naming the field', async () => {
    const size = await list(allBranches, '?pageSize=30');
    expect(size.statusCode).toBe(422);
    expect(Object.keys(size.json().errors)).toEqual(['pageSize']);
    const cursor = await list(allBranches, '?cursor=not-a-cursor');
    expect(cursor.statusCode).toBe(422);
    expect(Object.keys(cursor.json().errors)).toEqual(['cursor']);
  });
});

describe(`GET ${DISBURSEMENTS_PATHS.byId}`, () => {
  const byId = (headers: AuthHeaders | undefined, id: number | string) =>
    t.app.inject({ method: 'GET', url: DISBURSEMENTS_PATHS.byId.replace(':id', String(id)), headers });

  it('answers the record as the list shows it, 403 without the permission', async () => {
    const [newest] = disbursementListSchema.parse((await list(allBranches)).json()).items;
    const res = await byId(allBranches, newest.id);
    expect(res.statusCode).toBe(200);
    expect(disbursementDetailsSchema.parse(res.json())).toMatchObject(newest);
    expect((await byId(await loginWithPermissions(t.app, [P.viewAllBranches]), newest.id)).statusCode).toBe(403);
  });

  it("answers 404 for an unknown id and for another branch's record, 422 for a malformed id", async () => {
    expect((await byId(allBranches, 999999)).statusCode).toBe(404);
    const [newest] = disbursementListSchema.parse((await list(allBranches)).json()).items;
    const { headers, userId } = await createTestUser(t.app, [P.viewAllDisbursements]);
    await t.db.execute(sql`UPDATE users SET branch_id = ${newest.branch_id === branchA ? branchB : branchA} WHERE id = ${userId}`);
    expect((await byId(headers, newest.id)).statusCode).toBe(404);
    const bad = await byId(allBranches, '0x10');
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['id']);
  });
});

describe('the filtered totals kept by disbursement_day_totals (migration 1300)', () => {
  const recomputed = sql`SELECT (created_at AT TIME ZONE 'Africa/Lusaka')::date AS day, coalesce(branch_id, 0) AS branch_id, status, mode, reconciled,
                                count(*)::int AS count, sum(amount)::text AS amount
                           FROM disbursements GROUP BY 1, 2, 3, 4, 5`;
  const kept = sql`SELECT day, branch_id, status, mode, reconciled, count::int AS count, amount::text AS amount FROM disbursement_day_totals WHERE count <> 0`;

  it('stay equal to the rows through inserts, updates and deletes, and answer the list totals of every filter', async () => {
    await t.db.insert(schema.disbursements).values(
      Array.from({ length: 12 }, (_, i) => ({
        amount: `${10 + i}.0${i % 10}`,
        mode: (['instant_single', 'instant_bulk', 'auto'] as const)[i % 3],
        recipient: `+26097700${String(i).padStart(4, '0')}`,
        branchId: i % 2 ? branchA : branchB,
        status: i % 4 === 0 ? ('failed' as const) : ('success' as const),
        // 21:30 UTC is 23:30 in Lusaka: the day boundary is Lusaka's.
        createdAt: new Date(Date.UTC(2026, 1, 1 + (i % 3), 21 + (i % 2), 30)),
      })),
    );
    await t.db.execute(sql`UPDATE disbursements SET reconciled = true, reconciled_at = now() WHERE recipient LIKE '+26097700%' AND id % 2 = 0`);
    await t.db.execute(sql`DELETE FROM disbursements WHERE recipient = '+260977000005'`);
    const order = (rows: Record<string, unknown>[]) => rows.map((r) => JSON.stringify(r)).sort();
    expect(order(await queryRows(t.db, kept))).toEqual(order(await queryRows(t.db, recomputed)));

    for (const query of ['', '?status=failed', '?mode=auto', `?branch_id=${branchA}`, '?reconciled=true', '?fromDate=2026-02-02&toDate=2026-02-02', '?status=success&reconciled=false&fromDate=2026-02-01']) {
      const body = disbursementListSchema.parse((await list(allBranches, `${query}${query ? '&' : '?'}pageSize=100`)).json());
      expect({ query, count: body.totals.count, amount: body.totals.amount }).toEqual({
        query,
        count: body.items.length,
        amount: fromNgwee(body.items.reduce((n, r) => n + toNgwee(r.amount), 0n)),
      });
    }
  });
});
