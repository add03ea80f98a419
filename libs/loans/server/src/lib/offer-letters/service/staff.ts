import { sql } from 'drizzle-orm';
import { decodeCursor, type ListEnvelope, type OfferLetterListItem, type OfferLetterStaff, type OfferLetterVerify } from '@loan/shared-contract';
import {
  HttpError,
  keysetEnvelope,
  notFound,
  recordAudit,
  type AuditActor,
  type BranchScope,
  type Db,
} from '@loan/shared-server';
import * as repo from '../repository';
import { sha256, signedContent, toDto, toListItemDto, toStaffDto } from './dto';

/** Staff reads and deletion (soft; signed letters kept). */

export async function getById(db: Db, id: number, scope: BranchScope): Promise<OfferLetterStaff> {
  const row = await repo.letterBy(db, sql`${repo.byId(id)} AND ${repo.scopeSql(scope)}`);
  if (!row) throw notFound('Offer letter');
  return toStaffDto(row);
}

export const NOT_SIGNED = 'Only a signed offer letter has signed content to check.';

/**
 * GET /verify/{id}: recomputes the SHA-256 of the signed content from what is stored now
 * (the letter, the application's names and numbers, both signatures) and compares it with
 * the hash kept at signing: 'intact' when equal, 'altered' otherwise.
 */
export async function verify(db: Db, id: number, scope: BranchScope): Promise<OfferLetterVerify> {
  const row = await repo.letterBy(db, sql`${repo.byId(id)} AND ${repo.scopeSql(scope)}`);
  if (!row) throw notFound('Offer letter');
  const sigs = await repo.signatureBytes(db, id);
  if (row.status !== 'signed' || !row.signed_sha256 || !sigs?.borrower || row.borrower_name === null || row.borrower_date === null) {
    throw new HttpError(409, NOT_SIGNED);
  }
  const computed = sha256(
    signedContent(toDto(row), { repSignature: sigs.rep, borrowerName: row.borrower_name, borrowerDate: row.borrower_date, borrowerSignature: sigs.borrower }),
  );
  return {
    id,
    result: computed === row.signed_sha256 ? 'intact' : 'altered',
    stored_sha256: row.signed_sha256,
    computed_sha256: computed,
    checked_at: new Date().toISOString(),
  };
}

export async function list(
  db: Db,
  q: { page: number; pageSize: number; cursor?: string; status?: string; search?: string; fromDate?: string; toDate?: string },
  scope: BranchScope,
): Promise<ListEnvelope<OfferLetterListItem>> {
  // Read-only: a pending letter past its expiry lists as expired (repository rule); the
  // lapse job (LAPSE_JOB) marks it so within a minute.
  const cursor = q.cursor ? (decodeCursor(q.cursor) ?? undefined) : undefined;
  const { rows, total } = await repo.listLetters(db, { ...q, cursor, scope: repo.scopeSql(scope), scoped: !scope.all });
  return keysetEnvelope(rows, q, toListItemDto, (r) => ({ createdAt: r.created_at_text, id: Number(r.id) }), total);
}

export const SIGNED_KEPT = 'A signed offer letter is the signing evidence and cannot be deleted.';

/**
 * DELETE /delete: unsigned letters only (a signed one answers 409 and nothing is deleted;
 * ids unknown or outside the scope are skipped). Deleting is soft: each letter is kept
 * whole in deleted_records, leaves every list and figure, and is audited.
 */
export async function remove(db: Db, who: AuditActor, ids: number[], scope: BranchScope): Promise<{ deleted: number[] }> {
  return db.transaction(async (tx) => {
    const letters = await repo.lockLetters(tx, ids, repo.scopeSql(scope));
    const signed = letters.filter((l) => l.status === 'signed');
    if (signed.length) {
      throw new HttpError(409, SIGNED_KEPT, { ids: signed.map((l) => `The letter of ${l.reference_code} is signed.`) });
    }
    const deleted = await repo.archiveAndDelete(tx, letters.map((l) => l.id), who.userId);
    for (const l of letters) {
      await recordAudit(tx, who, {
        action: 'delete',
        entity: 'offer_letter',
        entityId: l.id,
        before: { status: l.status },
        details: { reference_code: l.reference_code, kept_in: 'deleted_records' },
      });
    }
    return { deleted };
  });
}

