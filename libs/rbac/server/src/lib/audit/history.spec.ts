import { sql } from 'drizzle-orm';
import { AUDIT_PATHS, HISTORY_KINDS, P, recordHistorySchema, type HistoryKind } from '@loan/shared-contract';
import { queryRows, recordAudit } from '@loan/shared-server';
import { createTestApp, createTestUser, loginAs, loginWithPermissions, type AuthHeaders, type TestApp } from '@loan/shared-server/testing';
import { rbacServer } from '../../index';

let t: TestApp;
let admin: AuthHeaders;
const url = (kind: string, id: number | string, qs = '') => `${AUDIT_PATHS.record.replace(':kind', kind).replace(':id', String(id))}${qs}`;
const get = (u: string, headers?: AuthHeaders) => t.app.inject({ method: 'GET', url: u, headers });
const actor = { userId: null, ip: '10.0.0.9', userAgent: 'jest' };

/** One record of each kind from the demo data, with its branch. */
const records = {} as Record<HistoryKind, { id: number; branchId: number | null }>;
async function pick(kind: HistoryKind, q: ReturnType<typeof sql>) {
  const [r] = await queryRows<{ id: string; branch_id: string | null }>(t.db, q);
  if (!r) throw new Error(`the demo data has no ${kind}`);
  records[kind] = { id: Number(r.id), branchId: r.branch_id === null ? null : Number(r.branch_id) };
}

beforeAll(async () => {
  t = await createTestApp({ modules: [rbacServer], demoData: 60 });
  admin = await loginAs(t.app, 'admin');
  await pick('application', sql`SELECT id, branch_id FROM loan_applications WHERE kind = 'application' AND branch_id IS NOT NULL ORDER BY id LIMIT 1`);
  await pick('topup', sql`SELECT id, branch_id FROM loan_applications WHERE kind = 'topup' AND branch_id IS NOT NULL ORDER BY id LIMIT 1`);
  await pick('offer_letter', sql`SELECT ol.id, la.branch_id FROM offer_letters ol JOIN loan_applications la ON la.id = ol.application_id ORDER BY ol.id LIMIT 1`);
  await pick('disbursement', sql`SELECT id, branch_id FROM disbursements ORDER BY id LIMIT 1`);
  await pick('repayment', sql`SELECT rp.id, la.branch_id FROM repayments rp JOIN loan_applications la ON la.id = rp.application_id ORDER BY rp.id LIMIT 1`);
  await pick('message', sql`SELECT m.id, c.branch_id FROM messages m JOIN clients c ON c.id = m.client_id ORDER BY m.id LIMIT 1`);
  await pick('user', sql`SELECT id, branch_id FROM users WHERE branch_id IS NOT NULL ORDER BY id LIMIT 1`);
  await pick('role', sql`SELECT id, NULL AS branch_id FROM roles ORDER BY id LIMIT 1`);
  const entity: Record<HistoryKind, string> = {
    application: 'application',
    topup: 'topup',
    offer_letter: 'offer_letter',
    disbursement: 'disbursement',
    repayment: 'repayment',
    message: 'message',
    user: 'user',
    role: 'role',
  };
  for (const kind of Object.keys(records) as HistoryKind[]) {
    const id = records[kind].id;
    await recordAudit(t.db, actor, { action: `history-probe-${kind}`, entity: entity[kind], entityId: id, before: { note: 'was' }, after: { note: 'is' } });
    // Another record of another kind with the same id: never part of this record's history.
    await recordAudit(t.db, actor, { action: 'other-record', entity: 'branch', entityId: id });
  }
});
afterAll(() => t?.close());

describe('GET /api/audit/record/:kind/:id (the History section)', () => {
  it.each(Object.keys(HISTORY_KINDS) as HistoryKind[])('answers the history of one %s, newest first, with before → after', async (kind) => {
    const res = await get(url(kind, records[kind].id), admin);
    expect(res.statusCode).toBe(200);
    const body = recordHistorySchema.parse(res.json());
    const actions = body.items.map((i) => i.action);
    expect(actions).toContain(`history-probe-${kind}`);
    expect(actions).not.toContain('other-record');
    expect(body.items.every((i) => i.entity_id === String(records[kind].id))).toBe(true);
    const probe = body.items.find((i) => i.action === `history-probe-${kind}`);
    expect(probe).toMatchObject({ before: { note: 'was' }, after: { note: 'is' }, ip_address: '10.0.0.9' });
    const times = body.items.map((i) => i.created_at);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('includes the older entity names: loan_application rows of an application (web form, repayments)', async () => {
    const id = records.application.id;
    await recordAudit(t.db, actor, { action: 'reopen', entity: 'loan_application', entityId: id });
    const items = (await get(url('application', id), admin)).json().items as { action: string }[];
    expect(items[0].action).toBe('reopen');
  });

  it("shows a message sent in a bulk send its send's one audit row: who sent it, to how many, with which text", async () => {
    // A bulk send writes one message_batch row for the send, none per message (issue 15).
    const [m] = await queryRows<{ id: string }>(t.db, sql`SELECT id FROM messages WHERE id <> ${records.message.id} ORDER BY id LIMIT 1`);
    const { userId } = await createTestUser(t.app, [P.createMessage]);
    await t.db.execute(sql`UPDATE messages SET batch_id = 'batch-history' WHERE id = ${m.id}`);
    await recordAudit(t.db, { ...actor, userId }, { action: 'send_sms', entity: 'message_batch', entityId: 'batch-history', details: { recipients: 40, body: 'Dear {name}' } });
    // Another send's row is not this message's.
    await recordAudit(t.db, { ...actor, userId }, { action: 'send_sms', entity: 'message_batch', entityId: 'batch-other' });
    const body = recordHistorySchema.parse((await get(url('message', Number(m.id)), admin)).json());
    const sends = body.items.filter((i) => i.entity === 'message_batch');
    expect(sends.map((i) => [i.action, i.entity_id, i.user_id])).toEqual([['send_sms', 'batch-history', userId]]);
    expect(sends[0].user).toMatch(/^Test User /);
    expect(sends[0].details).toEqual({ recipients: 40, body: 'Dear {name}' });
  });

  it('pages: total, page and pageSize; 422 on a bad page size', async () => {
    const id = records.user.id;
    for (let i = 0; i < 16; i++) await recordAudit(t.db, actor, { action: `bulk-${i}`, entity: 'user', entityId: id });
    const first = (await get(url('user', id, '?pageSize=15'), admin)).json();
    expect(first.items).toHaveLength(15);
    expect(first.total).toBeGreaterThanOrEqual(17);
    const second = (await get(url('user', id, '?page=2&pageSize=15'), admin)).json();
    expect(second.items.length).toBe(first.total - 15);
    expect((await get(url('user', id, '?pageSize=7'), admin)).statusCode).toBe(422);
  });

  it('401 without a session; 403 without the permission of the kind; 422 on an unknown kind or a bad id; 404 on an unknown record', async () => {
    expect((await get(url('application', records.application.id))).statusCode).toBe(401);
    const messagesOnly = await loginWithPermissions(t.app, [P.viewMessage, P.viewAllBranches]);
    expect((await get(url('message', records.message.id), messagesOnly)).statusCode).toBe(200);
    const refused = await get(url('application', records.application.id), messagesOnly);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toContain('can view application');
    const nothing = await loginWithPermissions(t.app, [P.viewDashboard]);
    expect((await get(url('message', records.message.id), nothing)).statusCode).toBe(403);
    expect((await get(url('branch', 1), admin)).statusCode).toBe(422);
    expect((await get(url('application', 'abc'), admin)).statusCode).toBe(422);
    expect((await get(url('application', 999999999), admin)).statusCode).toBe(404);
    // A top-up's id is not an application's.
    expect((await get(url('application', records.topup.id), admin)).statusCode).toBe(404);
  });

  it('keeps the branch scope: without "can view all branches" only records of the own branch (404 otherwise)', async () => {
    const own = records.application.branchId;
    const [other] = await queryRows<{ id: string }>(t.db, sql`SELECT id FROM loan_applications WHERE kind = 'application' AND branch_id <> ${own} ORDER BY id LIMIT 1`);
    expect(other).toBeDefined();
    const { headers: branchUser, userId } = await createTestUser(t.app, [P.viewApplication, P.viewRoles]);
    // Without a branch, a user without "can view all branches" sees no branch's records.
    expect((await get(url('application', records.application.id), branchUser)).statusCode).toBe(404);
    await t.db.execute(sql`UPDATE users SET branch_id = ${own} WHERE id = ${userId}`);
    expect((await get(url('application', records.application.id), branchUser)).statusCode).toBe(200);
    expect((await get(url('application', Number(other.id)), branchUser)).statusCode).toBe(404);
    // Roles belong to no branch.
    expect((await get(url('role', records.role.id), branchUser)).statusCode).toBe(200);
  });
});
