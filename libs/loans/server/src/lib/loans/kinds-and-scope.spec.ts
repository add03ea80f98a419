import { sql } from 'drizzle-orm';
import { API, P, type ListEnvelope, type LoanApplication, type LoanStatus, type PermissionName } from '@loan/shared-contract';
import { queryRows } from '@loan/shared-server';
import { loanApplications } from '@loan/shared-server/schema';
import { createTestApp, createTestUser, loginAs, type AuthHeaders, type TestApp } from '@loan/shared-server/testing';
import { loansServer } from '../../index';

/**
 * /api/loanTopUp answers the same calls as /api/applyForLoan for top-ups only, under the
 * top-up permissions; and every list, details page, figure and change stays inside the
 * caller's branch scope (NOTES.md, `can view all branches`).
 */

jest.setTimeout(120_000);

const A = API.applications;
const T = API.topups;
const STATUSES: LoanStatus[] = ['request', 'approved', 'rejected', 'closed'];

let t: TestApp;
let admin: AuthHeaders;
let branchIds: number[];
/** 16 applications and 8 top-ups over two branches, every status. */
let rows: { id: number; kind: 'application' | 'topup'; status: LoanStatus; branchId: number; reference: string }[];

beforeAll(async () => {
  t = await createTestApp({ modules: [loansServer] });
  admin = await loginAs(t.app, 'admin');
  branchIds = (await queryRows<{ id: string }>(t.db, sql`SELECT id FROM branches ORDER BY id LIMIT 2`)).map((b) => Number(b.id));
  const values = Array.from({ length: 24 }, (_, i) => {
    const kind = i < 16 ? ('application' as const) : ('topup' as const);
    return {
      kind,
      referenceCode: `${kind === 'application' ? 'LA' : 'TU'}-2026-${String(700 + i).padStart(6, '0')}`,
      branchId: branchIds[i % 2],
      fullname: `Scope Borrower ${i}`,
      nrc: `${300000 + i}/11/1`,
      mobile: `+26097${2000000 + i}`,
      employer: 'ZESCO',
      amount: `${1000 + i}.00`,
      totalAmountDue: `${1100 + i}.00`,
      status: STATUSES[Math.floor(i / 2) % 4],
      createdAt: new Date(Date.UTC(2026, 2, 1 + i)),
    };
  });
  const inserted = await t.db
    .insert(loanApplications)
    .values(values)
    .returning({ id: loanApplications.id, reference: loanApplications.referenceCode });
  rows = values.map((v, i) => ({ id: inserted[i].id, kind: v.kind, status: v.status, branchId: v.branchId, reference: v.referenceCode }));
});

afterAll(() => t?.close());

async function get<T>(url: string, headers: AuthHeaders) {
  const res = await t.app.inject({ method: 'GET', url, headers });
  return { status: res.statusCode, body: res.json() as T };
}

async function send(method: 'PUT' | 'DELETE', url: string, payload: object, headers: AuthHeaders) {
  const res = await t.app.inject({ method, url, headers, payload });
  return { status: res.statusCode, body: res.json() };
}

/** A user holding exactly these permissions, in the given branch (none by default). */
async function userWith(permissions: readonly PermissionName[], branchId: number | null = null): Promise<AuthHeaders> {
  const u = await createTestUser(t.app, permissions);
  await t.db.execute(sql`UPDATE users SET branch_id = ${branchId} WHERE id = ${u.userId}`);
  return u.headers;
}

const topups = () => rows.filter((r) => r.kind === 'topup');

describe('/api/loanTopUp', () => {
  it('lists top-ups only, with TU- reference codes, under the top-up permissions', async () => {
    const officer = await userWith([P.viewRequestTopups, P.viewLoanTopups, P.viewAllBranches]);
    const res = await get<ListEnvelope<LoanApplication>>(`${T}/byStatus?status=request`, officer);
    expect(res.status).toBe(200);
    const expected = topups().filter((r) => r.status === 'request');
    expect(res.body.items.map((i) => i.id).sort()).toEqual(expected.map((r) => r.id).sort());
    expect(res.body.items.every((i) => i.kind === 'topup' && i.reference_code.startsWith('TU-'))).toBe(true);
    expect(res.body.total).toBe(expected.length);
    const all = await get<ListEnvelope<LoanApplication>>(`${T}/all`, officer);
    expect(all.body.items.map((i) => i.reference_code).sort()).toEqual(topups().map((r) => r.reference).sort());
    const search = await get<ListEnvelope<LoanApplication>>(`${T}/search?search=TU-2026-0007`, officer);
    expect(search.body.items).toHaveLength(8);
    const filter = await get<ListEnvelope<LoanApplication>>(`${T}/filter?reference_code=LA-2026`, officer);
    expect(filter.body.items).toHaveLength(0);
  });

  it('application permissions do not open top-ups, and top-up permissions do not open applications', async () => {
    const appOfficer = await userWith([P.viewRequestApplications, P.viewLoanApplications, P.viewApplication, P.editApplication, P.deleteApplication, P.approveApplication]);
    const topupOfficer = await userWith([P.viewRequestTopups, P.viewLoanTopups, P.viewTopup, P.editTopup, P.deleteTopup, P.approveTopup, P.viewAllBranches]);
    const tu = topups().find((r) => r.status === 'request') as (typeof rows)[number];
    const la = rows.find((r) => r.kind === 'application' && r.status === 'request') as (typeof rows)[number];
    expect((await get(`${T}/byStatus?status=request`, appOfficer)).status).toBe(403);
    expect((await get(`${T}/all`, appOfficer)).status).toBe(403);
    expect((await get(`${T}/byId/${tu.id}`, appOfficer)).status).toBe(403);
    expect((await send('PUT', `${T}/update`, { id: tu.id, status: 'approved' }, appOfficer)).status).toBe(403);
    expect((await send('PUT', `${T}/comment`, { id: tu.id, comment: 'x' }, appOfficer)).status).toBe(403);
    expect((await send('DELETE', `${T}/delete`, { ids: [tu.id] }, appOfficer)).status).toBe(403);
    expect((await get(`${A}/byStatus?status=request`, topupOfficer)).status).toBe(403);
    expect((await get(`${A}/byId/${la.id}`, topupOfficer)).status).toBe(403);
    // The top-up officer's calls work on top-ups.
    expect((await get(`${T}/byId/${tu.id}`, topupOfficer)).status).toBe(200);
    // The viewing of one status needs its own permission.
    expect((await get(`${T}/byStatus?status=approved`, topupOfficer)).status).toBe(403);
  });

  it('keeps the kinds apart: an application id is unknown to /api/loanTopUp and the reverse', async () => {
    const tu = topups().find((r) => r.status === 'request') as (typeof rows)[number];
    const la = rows.find((r) => r.kind === 'application' && r.status === 'request') as (typeof rows)[number];
    expect((await get(`${T}/byId/${la.id}`, admin)).status).toBe(404);
    expect((await get(`${A}/byId/${tu.id}`, admin)).status).toBe(404);
    expect((await send('PUT', `${T}/update`, { id: la.id, employer: 'Other' }, admin)).status).toBe(404);
    expect((await send('PUT', `${T}/comment`, { id: la.id, comment: 'x' }, admin)).status).toBe(404);
    expect((await send('DELETE', `${T}/delete`, { ids: [la.id] }, admin)).status).toBe(404);
    const c = await send('PUT', `${A}/comment`, { id: la.id, comment: 'on the application' }, admin);
    expect((await send('PUT', `${T}/comment-status`, { id: c.body.id, status: 'resolved' }, admin)).status).toBe(404);
    expect((await get<LoanApplication>(`${A}/byId/${la.id}`, admin)).body.employer).toBe('ZESCO');
  });

  it('changes, comments and counts top-ups by their own rules and figures', async () => {
    const tu = topups().filter((r) => r.status === 'request')[1];
    const count = async (s: LoanStatus) => (await get<{ count: number }>(`${T}/stats/byStatus?status=${s}`, admin)).body.count;
    const before = { request: await count('request'), approved: await count('approved') };
    expect(before.request).toBe(topups().filter((r) => r.status === 'request').length);
    const approver = await userWith([P.approveTopup, P.viewAllBranches]);
    const ok = await send('PUT', `${T}/update`, { id: tu.id, status: 'approved' }, approver);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ id: tu.id, kind: 'topup', status: 'approved' });
    expect(await count('request')).toBe(before.request - 1);
    expect(await count('approved')).toBe(before.approved + 1);
    const [audit] = await queryRows<{ entity: string }>(t.db, sql`SELECT entity FROM audit_log WHERE action = 'approved' AND entity_id = ${String(tu.id)}`);
    expect(audit.entity).toBe('topup');
    const c = await send('PUT', `${T}/comment`, { id: tu.id, comment: 'Settles the open loan' }, admin);
    expect(c.status).toBe(200);
    expect((await send('PUT', `${T}/comment-status`, { id: c.body.id, status: 'resolved' }, admin)).status).toBe(200);
    const stats = await get<{ total: { count: number } }>(`${T}/requests-stats`, admin);
    expect(stats.body.total.count).toBe(topups().length);
    const tv = await get<{ count: number }>(`${T}/total-value?month=03&year=2026`, admin);
    expect(tv.body.count).toBe(topups().length);
  });
});

describe('branch scope', () => {
  it('a user without `can view all branches` sees only their branch in lists and figures', async () => {
    const [mine, other] = branchIds;
    const local = await userWith([P.viewRequestApplications, P.viewLoanApplications, P.viewApplication], mine);
    const list = await get<ListEnvelope<LoanApplication>>(`${A}/byStatus?status=request`, local);
    expect(list.status).toBe(200);
    expect(list.body.items.length).toBeGreaterThan(0);
    expect(list.body.items.every((i) => i.branch_id === mine)).toBe(true);
    for (const url of [`${A}/all`, `${A}/search?search=Scope`, `${A}/filter?employer=ZESCO`]) {
      const r = await get<ListEnvelope<LoanApplication>>(url, local);
      expect(r.body.items.length).toBeGreaterThan(0);
      expect(r.body.items.every((i) => i.branch_id === mine)).toBe(true);
    }
    // Asking for another branch finds nothing rather than widening the scope.
    const theirs = await get<ListEnvelope<LoanApplication>>(`${A}/byStatus?status=request&branch=${other}`, local);
    expect(theirs.body.items).toEqual([]);
    const everyBranch = await get<{ total: { count: number } }>(`${A}/requests-stats`, admin);
    const own = await get<{ total: { count: number } }>(`${A}/requests-stats`, local);
    expect(own.body.total.count).toBeLessThan(everyBranch.body.total.count);
    const [n] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM loan_applications WHERE kind = 'application' AND branch_id = ${mine}`,
    );
    expect(own.body.total.count).toBe(n.n);
  });

  it('details and changes of another branch are unknown (404); a user without a branch sees nothing', async () => {
    const [mine, other] = branchIds;
    const local = await userWith([P.viewApplication, P.editApplication, P.deleteApplication, P.viewLoanApplications], mine);
    const theirs = rows.find((r) => r.kind === 'application' && r.branchId === other && r.status === 'request') as (typeof rows)[number];
    const ours = rows.find((r) => r.kind === 'application' && r.branchId === mine && r.status === 'request') as (typeof rows)[number];
    expect((await get(`${A}/byId/${theirs.id}`, local)).status).toBe(404);
    expect((await get(`${A}/byId/${ours.id}`, local)).status).toBe(200);
    expect((await send('PUT', `${A}/update`, { id: theirs.id, employer: 'Moved' }, local)).status).toBe(404);
    expect((await send('PUT', `${A}/comment`, { id: theirs.id, comment: 'x' }, local)).status).toBe(404);
    expect((await send('DELETE', `${A}/delete`, { ids: [theirs.id] }, local)).status).toBe(404);
    // Nor can a record be moved into a branch outside the scope.
    expect((await send('PUT', `${A}/update`, { id: ours.id, branch_id: other }, local)).status).toBe(422);
    const comment = await send('PUT', `${A}/comment`, { id: theirs.id, comment: 'by head office' }, admin);
    expect((await send('PUT', `${A}/comment-status`, { id: comment.body.id, status: 'resolved' }, local)).status).toBe(404);
    expect((await get<LoanApplication>(`${A}/byId/${theirs.id}`, admin)).body.employer).toBe('ZESCO');
    const nowhere = await userWith([P.viewLoanApplications, P.viewApplication], null);
    expect((await get<ListEnvelope<LoanApplication>>(`${A}/all`, nowhere)).body.items).toEqual([]);
    expect((await get(`${A}/byId/${ours.id}`, nowhere)).status).toBe(404);
  });
});
