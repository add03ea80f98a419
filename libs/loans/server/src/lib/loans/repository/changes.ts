import { and, eq, inArray, sql } from 'drizzle-orm';
import type { LoanKind, LoanStatus } from '@loan/shared-contract';
import { queryRows, type Db } from '@loan/shared-server';
import { loanApplications as la } from '@loan/shared-server/schema';

/** Writes to applications and top-ups: edits, and soft deletion (kept in deleted_records). */

export type LoanPatch = Partial<{
  status: LoanStatus;
  amount: string;
  totalAmountDue: string;
  employer: string;
  mobile: string;
  nrc: string;
  branchId: number;
  approvedAt: Date;
  rejectedAt: Date;
  closedAt: Date;
}>;

export async function updateLoan(db: Db, id: number, patch: LoanPatch, userId: number | null): Promise<void> {
  await db
    .update(la)
    .set({ ...patch, updatedBy: userId, updatedAt: sql`now()` })
    .where(eq(la.id, id));
}

export interface ExistingLoan {
  id: number;
  referenceCode: string;
  status: LoanStatus;
  branchId: number | null;
}

export async function existingIds(db: Db, kind: LoanKind, ids: number[]): Promise<ExistingLoan[]> {
  if (ids.length === 0) return [];
  return (await db
    .select({ id: la.id, referenceCode: la.referenceCode, status: la.status, branchId: la.branchId })
    .from(la)
    .where(and(eq(la.kind, kind), inArray(la.id, ids)))
    .for('update')) as ExistingLoan[];
}

const idList = (ids: readonly number[]) => sql.join(ids.map((id) => sql`${id}`), sql`, `);

/** Which of the applications have a signed offer letter, locking their letters (a signing waits). */
export async function signedLetterOwners(db: Db, ids: number[]): Promise<Set<number>> {
  const rows = await queryRows<{ application_id: string; status: string }>(
    db,
    sql`SELECT application_id, status FROM offer_letters WHERE application_id IN (${idList(ids)}) FOR UPDATE`,
  );
  return new Set(rows.filter((r) => r.status === 'signed').map((r) => Number(r.application_id)));
}

/** Which of the applications have a disbursement (whatever its state). */
export async function disbursedIds(db: Db, ids: number[]): Promise<Set<number>> {
  const rows = await queryRows<{ application_id: string }>(
    db,
    sql`SELECT DISTINCT application_id FROM disbursements WHERE application_id IN (${idList(ids)})`,
  );
  return new Set(rows.map((r) => Number(r.application_id)));
}

/** Keeps the applications whole in deleted_records (with their offer letters and comments). */
export async function archive(db: Db, ids: number[], userId: number | null): Promise<void> {
  await db.execute(sql`
    INSERT INTO deleted_records (entity, entity_id, reference, record, deleted_by)
    SELECT a.kind, a.id, a.reference_code,
           to_jsonb(a) || jsonb_build_object(
             'offer_letters', coalesce((SELECT jsonb_agg(to_jsonb(o) ORDER BY o.id) FROM offer_letters o WHERE o.application_id = a.id), '[]'::jsonb),
             'comments', coalesce((SELECT jsonb_agg(to_jsonb(c) ORDER BY c.id) FROM application_comments c WHERE c.application_id = a.id), '[]'::jsonb)),
           ${userId}
      FROM loan_applications a WHERE a.id IN (${idList(ids)})`);
}

export async function deleteByIds(db: Db, kind: LoanKind, ids: number[]): Promise<number> {
  const rows = await db
    .delete(la)
    .where(and(eq(la.kind, kind), inArray(la.id, ids)))
    .returning({ id: la.id });
  return rows.length;
}

