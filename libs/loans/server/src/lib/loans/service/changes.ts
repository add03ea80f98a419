import { LOAN_KIND_PERMISSIONS, canTransition, type DeleteResult, type LoanApplication, type LoanComment, type LoanKind, type LoanStatus } from '@loan/shared-contract';
import { closeAccount, lockAccount } from '@loan/loans-account';
import { HttpError, assertWithinLoanProduct, conflict, forbidden, inScope, invalid, notFound, readLoanProduct, recordAudit, type Db } from '@loan/shared-server';
import * as repo from '../repository';
import { NOUN, findInScope, type Actor } from './common';
import { commentDto } from './lists';

/** Changes: update (fields and status transitions), comments, and soft deletion; each audited in its transaction. */

export interface UpdateArgs {
  id: number;
  status?: LoanStatus;
  amount?: string;
  total_amount_due?: string;
  employer?: string;
  mobile?: string;
  nrc?: string;
  branch_id?: number;
  reason?: string;
}

const FIELD_COLUMNS = {
  amount: 'amount',
  total_amount_due: 'totalAmountDue',
  employer: 'employer',
  mobile: 'mobile',
  nrc: 'nrc',
  branch_id: 'branchId',
} as const satisfies Record<string, keyof repo.LoanPatch>;
type EditableField = keyof typeof FIELD_COLUMNS;

const STATUS_ACTION: Record<LoanStatus, string> = { request: 'reopened', approved: 'approved', rejected: 'rejected', closed: 'closed' };
const STATUS_STAMP = { approved: 'approvedAt', rejected: 'rejectedAt', closed: 'closedAt' } as const;

/**
 * PUT /update. A status change needs the approve/reject/close permission and must follow
 * the transitions (409 otherwise); field edits need the edit permission, are refused on
 * final statuses (rejected, closed), and amounts change only while the loan is a request.
 * All in one transaction with its audit record.
 */
export async function update(db: Db, kind: LoanKind, args: UpdateArgs, actor: Actor): Promise<LoanApplication> {
  const perms = LOAN_KIND_PERMISSIONS[kind];
  const noun = NOUN[kind];
  const fields = (Object.keys(FIELD_COLUMNS) as EditableField[]).filter((k) => args[k] !== undefined);
  if (fields.length && !actor.can(perms.edit)) throw forbidden();
  if (args.status) {
    const needed = args.status === 'request' ? perms.edit : perms.transition[args.status];
    if (!actor.can(needed)) throw forbidden();
  }
  return db.transaction(async (tx) => {
    // Closing moves the loan account too: its lock first (the one lock order: account, then application).
    const closing = args.status === 'closed' ? await lockAccount(tx, args.id) : undefined;
    const row = await findInScope(tx, kind, args.id, actor.scope, true);
    const patch: repo.LoanPatch = {};
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    if (args.status && args.status !== row.status) {
      if (!canTransition(row.status, args.status)) {
        throw conflict(`${noun} ${row.reference_code} is ${row.status}; it cannot become ${args.status}.`);
      }
      patch.status = args.status;
      if (args.status !== 'request') patch[STATUS_STAMP[args.status]] = new Date();
      changes['status'] = { from: row.status, to: args.status };
    } else if (args.status) {
      throw conflict(`${noun} ${row.reference_code} is already ${row.status}.`);
    }
    if (fields.length) {
      if (row.status === 'rejected' || row.status === 'closed') {
        throw conflict(`${noun} ${row.reference_code} is ${row.status} and can no longer be edited.`);
      }
      if ((args.amount !== undefined || args.total_amount_due !== undefined) && row.status !== 'request') {
        throw conflict(`The amounts of ${noun.toLowerCase()} ${row.reference_code} can change only while it is a request.`);
      }
      // A corrected amount stays inside the loan product's limits as they are now (/settings/loan-product).
      if (args.amount !== undefined) assertWithinLoanProduct(await readLoanProduct(tx), { amount: args.amount });
      if (args.branch_id !== undefined && (!inScope(actor.scope, args.branch_id) || !(await repo.branchExists(tx, args.branch_id)))) {
        throw invalid('branch_id', 'Unknown branch.');
      }
      const current: Record<EditableField, unknown> = {
        amount: row.amount,
        total_amount_due: row.total_amount_due,
        employer: row.employer,
        mobile: row.mobile,
        nrc: row.nrc,
        branch_id: row.branch_id,
      };
      for (const f of fields) {
        (patch as Record<string, unknown>)[FIELD_COLUMNS[f]] = args[f];
        changes[f] = { from: current[f], to: args[f] };
      }
    }
    await repo.updateLoan(tx, row.id, patch, actor.userId);
    if (patch.status === 'closed' && closing) await closeAccount(tx, { userId: actor.userId, who: actor.who }, row.id);
    if (args.reason) await repo.insertComment(tx, row.id, actor.userId, args.reason);
    const action = patch.status ? STATUS_ACTION[patch.status] : 'updated';
    await recordAudit(tx, actor.who, {
      action,
      entity: kind,
      entityId: row.id,
      before: Object.fromEntries(Object.entries(changes).map(([k, c]) => [k, c.from])),
      after: Object.fromEntries(Object.entries(changes).map(([k, c]) => [k, c.to])),
      details: { reference_code: row.reference_code, reason: args.reason ?? null },
    });
    return (await repo.findById(tx, kind, row.id)) as LoanApplication;
  });
}

export async function addComment(db: Db, kind: LoanKind, args: { id: number; comment: string }, actor: Actor): Promise<LoanComment> {
  return db.transaction(async (tx) => {
    const row = await findInScope(tx, kind, args.id, actor.scope);
    const c = await repo.insertComment(tx, row.id, actor.userId, args.comment);
    await recordAudit(tx, actor.who, {
      action: 'commented',
      entity: kind,
      entityId: row.id,
      details: { reference_code: row.reference_code, comment_id: c.id },
    });
    return commentDto(c);
  });
}

export async function setCommentStatus(
  db: Db,
  kind: LoanKind,
  args: { id: number; status: 'open' | 'resolved' },
  actor: Actor,
): Promise<LoanComment> {
  return db.transaction(async (tx) => {
    const c = await repo.findComment(tx, kind, args.id);
    if (!c) throw notFound('Comment');
    // A comment on an application outside the scope is as unknown as the application.
    await findInScope(tx, kind, c.applicationId, actor.scope).catch(() => {
      throw notFound('Comment');
    });
    if (c.status !== args.status) {
      await repo.setCommentStatus(tx, c.id, args.status);
      await recordAudit(tx, actor.who, {
        action: `comment ${args.status}`,
        entity: kind,
        entityId: c.applicationId,
        before: { status: c.status },
        after: { status: args.status },
        details: { comment_id: c.id },
      });
    }
    return commentDto({ ...c, status: args.status });
  });
}

/** Why an application cannot be deleted (issue 11 item 10: signing and payment evidence stays). */
export const KEPT_SIGNED = 'has a signed offer letter';
export const KEPT_DISBURSED = 'has a disbursement';

/**
 * DELETE /delete: all the ids or none. Unknown ids (or outside the scope) answer 404;
 * an application with a signed offer letter or a disbursement answers 409 naming it.
 * Deleting is soft: the rows are kept whole in deleted_records (with their letters and
 * comments) and leave every list, details page and figure; each is audited.
 */
export async function remove(db: Db, kind: LoanKind, ids: number[], actor: Actor): Promise<DeleteResult> {
  return db.transaction(async (tx) => {
    const found = (await repo.existingIds(tx, kind, ids)).filter((f) => inScope(actor.scope, f.branchId));
    const known = new Set(found.map((f) => f.id));
    const missing = ids.filter((id) => !known.has(id));
    if (missing.length) {
      throw new HttpError(404, `${NOUN[kind]} not found: ${missing.join(', ')}.`, { ids: missing.map((id) => `Unknown id ${id}.`) });
    }
    const [signed, disbursed] = await Promise.all([repo.signedLetterOwners(tx, ids), repo.disbursedIds(tx, ids)]);
    const refused = found
      .map((f) => ({ f, why: signed.has(f.id) ? KEPT_SIGNED : disbursed.has(f.id) ? KEPT_DISBURSED : null }))
      .filter((x): x is { f: repo.ExistingLoan; why: string } => x.why !== null);
    if (refused.length) {
      const reasons = refused.map(({ f, why }) => `${f.referenceCode} ${why}.`);
      throw new HttpError(409, `Nothing was deleted: ${reasons.join(' ')} ${NOUN[kind]}s with a signed offer letter or a disbursement are kept.`, { ids: reasons });
    }
    await repo.archive(tx, ids, actor.userId);
    const deleted = await repo.deleteByIds(tx, kind, ids);
    for (const f of found) {
      await recordAudit(tx, actor.who, {
        action: 'deleted',
        entity: kind,
        entityId: f.id,
        before: { status: f.status },
        details: { reference_code: f.referenceCode, kept_in: 'deleted_records' },
      });
    }
    return { deleted, ids };
  });
}

