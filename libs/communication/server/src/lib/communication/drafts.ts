import { sql } from 'drizzle-orm';
import type { BatchProgress, Draft, DraftInput, RecipientLoanState } from '@loan/shared-contract';
import { notFound, queryRows, recordAudit, type AuditActor, type BranchScope, type Db } from '@loan/shared-server';

interface DraftRow {
  id: string;
  channel: 'sms' | 'email';
  subject: string | null;
  body: string;
  client_ids: Array<string | number> | string;
  send_all: boolean;
  branch_id: string | null;
  loan_state: RecipientLoanState | null;
  created_by_name: string | null;
  updated_at: Date | string;
}

/** A bigint[] as the drivers answer it (an array, or PostgreSQL's text form). */
function idList(v: DraftRow['client_ids']): number[] {
  const items = Array.isArray(v) ? v : v.replace(/[{}]/g, '').split(',').filter(Boolean);
  return items.map(Number);
}

function toDraft(r: DraftRow): Draft {
  return {
    id: Number(r.id),
    channel: r.channel,
    subject: r.subject,
    body: r.body,
    client_ids: idList(r.client_ids),
    all: r.send_all,
    branch_id: r.branch_id === null ? null : Number(r.branch_id),
    loan_state: r.loan_state,
    created_by_name: r.created_by_name,
    updated_at: new Date(r.updated_at).toISOString(),
  };
}

const SELECT = sql`SELECT d.id, d.channel, d.subject, d.body, d.client_ids, d.send_all, d.branch_id, d.loan_state, u.fullname AS created_by_name, d.updated_at
                     FROM message_drafts d LEFT JOIN users u ON u.id = d.created_by`;

/**
 * Whose drafts a user sees: their own, or every draft with `can view all branches`
 * (a draft names clients, so a branch user does not see another's).
 */
const visible = (scope: BranchScope, userId: number | null) => (scope.all ? sql`true` : sql`d.created_by = ${userId}`);

const ids = (v: DraftInput) => `{${[...new Set(v.client_ids ?? [])].join(',')}}`;

export async function listDrafts(db: Db, scope: BranchScope, userId: number | null): Promise<{ items: Draft[] }> {
  const rows = await queryRows<DraftRow>(db, sql`${SELECT} WHERE ${visible(scope, userId)} ORDER BY d.updated_at DESC, d.id DESC LIMIT 100`);
  return { items: rows.map(toDraft) };
}

export async function createDraft(db: Db, actor: AuditActor, v: DraftInput): Promise<Draft> {
  return db.transaction(async (tx) => {
    const [row] = await queryRows<{ id: string }>(
      tx,
      sql`INSERT INTO message_drafts (channel, subject, body, client_ids, send_all, branch_id, loan_state, created_by)
          VALUES (${v.channel}, ${v.channel === 'email' ? (v.subject ?? null) : null}, ${v.body}, ${ids(v)}::bigint[], ${!!v.all}, ${v.branch_id ?? null}, ${v.loan_state ?? null}, ${actor.userId ?? null})
          RETURNING id`,
    );
    await recordAudit(tx, actor, { action: 'create', entity: 'message_draft', entityId: String(row.id) });
    const [draft] = await queryRows<DraftRow>(tx, sql`${SELECT} WHERE d.id = ${row.id}`);
    return toDraft(draft);
  });
}

/** Replaces a draft's text and recipients (404 when absent or not the user's). */
export async function updateDraft(db: Db, scope: BranchScope, actor: AuditActor, id: number, v: DraftInput): Promise<Draft> {
  return db.transaction(async (tx) => {
    const done = await queryRows<{ id: string }>(
      tx,
      sql`UPDATE message_drafts d SET channel = ${v.channel}, subject = ${v.channel === 'email' ? (v.subject ?? null) : null}, body = ${v.body},
                 client_ids = ${ids(v)}::bigint[], send_all = ${!!v.all}, branch_id = ${v.branch_id ?? null}, loan_state = ${v.loan_state ?? null}, updated_at = now()
           WHERE d.id = ${id} AND ${visible(scope, actor.userId ?? null)} RETURNING d.id`,
    );
    if (!done.length) throw notFound('Draft');
    await recordAudit(tx, actor, { action: 'update', entity: 'message_draft', entityId: String(id) });
    const [draft] = await queryRows<DraftRow>(tx, sql`${SELECT} WHERE d.id = ${id}`);
    return toDraft(draft);
  });
}

export async function deleteDraft(db: Db, scope: BranchScope, actor: AuditActor, id: number): Promise<{ message: string }> {
  return db.transaction(async (tx) => {
    const done = await queryRows<{ id: string }>(tx, sql`DELETE FROM message_drafts d WHERE d.id = ${id} AND ${visible(scope, actor.userId ?? null)} RETURNING d.id`);
    if (!done.length) throw notFound('Draft');
    await recordAudit(tx, actor, { action: 'delete', entity: 'message_draft', entityId: String(id) });
    return { message: 'Draft deleted.' };
  });
}

/**
 * The counts of one send inside the user's branch scope (404 when none of it is visible):
 * `sent` counts every message handed to the provider (delivered ones included), `delivered`
 * those the provider reported delivered; queued + sent + failed = total.
 */
export async function batchProgress(db: Db, scope: BranchScope, batchId: string): Promise<BatchProgress> {
  const scopeSql = scope.all ? sql`true` : scope.branchId === null ? sql`false` : sql`c.branch_id = ${scope.branchId}`;
  const rows = await queryRows<{ status: string; n: number }>(
    db,
    sql`SELECT m.status, count(*)::int AS n FROM messages m LEFT JOIN clients c ON c.id = m.client_id
         WHERE m.batch_id = ${batchId} AND ${scopeSql} GROUP BY m.status`,
  );
  const by = Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
  const total = rows.reduce((s, r) => s + Number(r.n), 0);
  if (total === 0) throw notFound('Send');
  const delivered = by['delivered'] ?? 0;
  // Cumulative: a delivered message was sent too ("Sent 1 / Delivered 1", never "Sent 0").
  return { batch_id: batchId, total, queued: by['queued'] ?? 0, sent: (by['sent'] ?? 0) + delivered, delivered, failed: by['failed'] ?? 0 };
}

/** The branches a sender may address: every active one with `can view all branches`, else their own. */
export async function senderBranches(db: Db, scope: BranchScope): Promise<Array<{ id: number; name: string; code: string; active: boolean }>> {
  const scopeSql = scope.all ? sql`active` : scope.branchId === null ? sql`false` : sql`id = ${scope.branchId}`;
  const rows = await queryRows<{ id: string; name: string; code: string; active: boolean }>(db, sql`SELECT id, name, code, active FROM branches WHERE ${scopeSql} ORDER BY name`);
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}
