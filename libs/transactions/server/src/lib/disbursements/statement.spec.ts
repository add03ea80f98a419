import { sql } from 'drizzle-orm';
import { DISBURSEMENTS_PATHS, P, reconcileResultSchema, statementMatchSchema } from '@loan/shared-contract';
import { queryRows, schema } from '@loan/shared-server';
import { createTestApp, createTestUser, loginWithPermissions, type AuthHeaders, type TestApp } from '@loan/shared-server/testing';
import { transactionsServer } from '../../index';

let t: TestApp;
let finance: AuthHeaders;
let branchA: number;
let branchB: number;
const ids: Record<string, number> = {};

// Paid at 10:00 Lusaka (08:00 UTC) on 2026-11-20, except 'late' paid at 23:30 Lusaka on 2026-11-20 (21:30 UTC).
const day = (h: number) => new Date(Date.UTC(2026, 10, 20, h, 0));

beforeAll(async () => {
  t = await createTestApp({ modules: [transactionsServer] });
  [branchA, branchB] = (await queryRows<{ id: string }>(t.db, sql`SELECT id FROM branches ORDER BY id LIMIT 2`)).map((b) => Number(b.id));
  const rows = [
    { key: 'a', providerRef: 'MTN-001', amount: '1500.25', status: 'success' as const, createdAt: day(8), branchId: branchA },
    { key: 'b', providerRef: 'MTN-002', amount: '2000.00', status: 'success' as const, createdAt: day(8), branchId: branchA },
    { key: 'c', providerRef: 'MTN-003', amount: '700.00', status: 'success' as const, createdAt: day(8), branchId: branchA },
    { key: 'failed', providerRef: 'MTN-004', amount: '900.00', status: 'failed' as const, createdAt: day(8), branchId: branchA },
    { key: 'late', providerRef: 'MTN-005', amount: '300.00', status: 'success' as const, createdAt: new Date(Date.UTC(2026, 10, 20, 21, 30)), branchId: branchA },
    { key: 'unlisted', providerRef: 'MTN-006', amount: '450.00', status: 'success' as const, createdAt: day(9), branchId: branchA },
    { key: 'otherBranch', providerRef: 'MTN-007', amount: '100.00', status: 'success' as const, createdAt: day(9), branchId: branchB },
  ];
  for (const r of rows) {
    const [d] = await t.db
      .insert(schema.disbursements)
      .values({ providerRef: r.providerRef, amount: r.amount, status: r.status, createdAt: r.createdAt, settledAt: r.createdAt, branchId: r.branchId, mode: 'instant_single', recipient: `09700${r.key}` })
      .returning();
    ids[r.key] = d.id;
  }
  finance = await loginWithPermissions(t.app, [P.viewAllDisbursements, P.reconcileDisbursements, P.viewAllBranches]);
});
afterAll(() => t?.close());

const statement = [
  { line: 1, reference: 'MTN-001', amount: '1,500.25', date: '2026-11-20' },
  { line: 2, reference: 'MTN-002', amount: '2000.01', date: '2026-11-20' },
  { line: 3, reference: 'MTN-003', amount: '700', date: '2026-11-19' },
  { line: 4, reference: 'MTN-004', amount: '900', date: '2026-11-20' },
  { line: 5, reference: 'MTN-999', amount: '50', date: '2026-11-20' },
  { line: 6, reference: 'MTN-005', amount: '300.00', date: '2026-11-20' },
  { line: 7, reference: 'MTN-001', amount: '1500.25', date: '2026-11-20' },
];

const post = (path: string, headers: AuthHeaders | undefined, lines: unknown) => t.app.inject({ method: 'POST', url: path, headers, payload: { lines } });

describe(`POST ${DISBURSEMENTS_PATHS.statementMatch}`, () => {
  it('matches on provider reference, amount and date, and lists what is unmatched on both sides with the reason', async () => {
    const res = await post(DISBURSEMENTS_PATHS.statementMatch, finance, statement);
    expect(res.statusCode).toBe(200);
    const m = statementMatchSchema.parse(res.json());
    // Line 6: 23:30 in Lusaka is still the 20th (21:30 UTC), so the Lusaka day matches.
    expect(m.matched.map((x) => [x.line, x.disbursement_id, x.already_reconciled])).toEqual([
      [1, ids['a'], false],
      [6, ids['late'], false],
    ]);
    expect(m.unmatched_lines.map((x) => [x.line, x.reason])).toEqual([
      [2, 'The amount differs: 2000.00 was paid.'],
      [3, 'The date differs: paid on 2026-11-20.'],
      [4, 'The disbursement is failed, not successful.'],
      [5, 'No disbursement has this provider reference.'],
      [7, 'This reference is in the statement twice.'],
    ]);
    // Successful, not reconciled disbursements of the statement's days no line matched (b and c mismatched, 'unlisted' absent).
    expect(m.unmatched_disbursements.map((d) => d.id).sort((x, y) => x - y)).toEqual([ids['b'], ids['c'], ids['unlisted'], ids['otherBranch']].sort((x, y) => x - y));
    expect(m).toMatchObject({ from: '2026-11-19', to: '2026-11-20' });
    // Matching reads only.
    const [n] = await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM disbursements WHERE reconciled`);
    expect(n.n).toBe(0);
  });

  it("keeps a user without 'can view all branches' to their branch's disbursements", async () => {
    const { headers, userId } = await createTestUser(t.app, [P.viewAllDisbursements, P.reconcileDisbursements]);
    await t.db.execute(sql`UPDATE users SET branch_id = ${branchB} WHERE id = ${userId}`);
    const m = statementMatchSchema.parse((await post(DISBURSEMENTS_PATHS.statementMatch, headers, statement)).json());
    expect(m.matched).toEqual([]);
    expect(m.unmatched_disbursements.map((d) => d.id)).toEqual([ids['otherBranch']]);
  });

  it('answers 403 without the reconcile permission and 422 naming the line and field for a bad line', async () => {
    const viewer = await loginWithPermissions(t.app, [P.viewAllDisbursements, P.viewAllBranches]);
    expect((await post(DISBURSEMENTS_PATHS.statementMatch, viewer, statement)).statusCode).toBe(403);
    const bad = await post(DISBURSEMENTS_PATHS.statementMatch, finance, [{ line: 1, reference: 'MTN-001', amount: '12.345', date: '2026-02-30' }]);
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['lines.0.amount', 'lines.0.date']);
    expect((await post(DISBURSEMENTS_PATHS.statementMatch, finance, [])).statusCode).toBe(422);
    expect((await post(DISBURSEMENTS_PATHS.statementMatch, finance, 'x')).statusCode).toBe(422);
  });
});

describe(`POST ${DISBURSEMENTS_PATHS.statementConfirm}`, () => {
  it('marks only the matched ones reconciled, with an audit row each, and a repeat changes nothing', async () => {
    const first = await post(DISBURSEMENTS_PATHS.statementConfirm, finance, statement);
    expect(first.statusCode).toBe(200);
    expect(reconcileResultSchema.parse(first.json())).toEqual({ reconciled: 2, skipped: 0 });
    const rows = await queryRows<{ id: string }>(t.db, sql`SELECT id FROM disbursements WHERE reconciled ORDER BY id`);
    expect(rows.map((r) => Number(r.id))).toEqual([ids['a'], ids['late']]);
    const [audit] = await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'disbursement.reconcile'`);
    expect(audit.n).toBe(2);
    const again = await post(DISBURSEMENTS_PATHS.statementConfirm, finance, statement);
    expect(reconcileResultSchema.parse(again.json())).toEqual({ reconciled: 0, skipped: 2 });
    const [after] = await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'disbursement.reconcile'`);
    expect(after.n).toBe(2);
    // The match now says so.
    const m = statementMatchSchema.parse((await post(DISBURSEMENTS_PATHS.statementMatch, finance, statement)).json());
    expect(m.matched.every((x) => x.already_reconciled)).toBe(true);
  });
});
