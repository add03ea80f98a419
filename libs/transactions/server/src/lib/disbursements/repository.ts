import { decodeCursor, type DisbursementListQuery, type ListEnvelope } from '@loan/shared-contract';
import { and, desc, eq, getTableColumns, ilike, or, sql } from 'drizzle-orm';
import { keysetAfter, keysetEnvelope, likeContains, schema, scopeCondition, type BranchScope, type Db } from '@loan/shared-server';

const t = schema.disbursements;
export type DisbursementRecord = typeof t.$inferSelect;
/** A list row: the record with its created_at as the database's exact text (the keyset cursor's position). */
export type DisbursementRow = DisbursementRecord & { position: string };

/**
 * One page, newest first, inside the branch scope: `search` matches the recipient or provider reference (LIKE-escaped).
 * With a cursor it seeks (keyset); else it skips to `page`. The total is exact: cap it
 * (or leave it out) if the table grows to where counting costs.
 */
export async function listPage(db: Db, scope: BranchScope, q: DisbursementListQuery): Promise<ListEnvelope<DisbursementRow>> {
  const where = and(scopeCondition(scope, t.branchId), q.search ? or(ilike(t.recipient, likeContains(q.search)), ilike(t.providerRef, likeContains(q.search))) : undefined);
  const cursor = q.cursor ? decodeCursor(q.cursor) : null;
  const rows = await db
    .select({ ...getTableColumns(t), position: sql<string>`${t.createdAt}::text` })
    .from(t)
    .where(cursor ? and(where, keysetAfter(t.createdAt, t.id, cursor)) : where)
    .orderBy(desc(t.createdAt), desc(t.id))
    .limit(q.pageSize + 1)
    .offset(cursor ? 0 : (q.page - 1) * q.pageSize);
  const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(t).where(where);
  return keysetEnvelope(rows, q, (r) => r, (r) => ({ createdAt: r.position, id: r.id }), Number(total));
}

export async function findById(db: Db, id: number): Promise<DisbursementRecord | undefined> {
  const [row] = await db.select().from(t).where(eq(t.id, id)).limit(1);
  return row;
}
