import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { scopeCondition, type BranchScope, type Db } from '@loan/shared-server';
import { auditLog, branches, clients } from '@loan/shared-server/schema';
import { maskDigits, maskRecipient } from '@loan/shared-util-format';
import { likePattern } from '../rbac/repository';

/**
 * Borrowers for the pickers (instant disbursement, SMS), in the caller's branch scope:
 * id, name and branch, with the NRC and mobile masked but for their last digits (enough
 * to tell two namesakes apart; the screens that need the numbers read them by id).
 */
export async function listClients(db: Db, opts: { search?: string; page: number; pageSize: number; scope: BranchScope }) {
  const p = opts.search ? likePattern(opts.search) : undefined;
  const where = and(
    scopeCondition(opts.scope, clients.branchId),
    p ? sql`(${clients.fullname} ILIKE ${p} OR ${clients.nrc} LIKE ${p} OR ${clients.mobile} LIKE ${p})` : undefined,
  );
  const rows = await db
    .select({ id: clients.id, name: clients.fullname, nrc: clients.nrc, mobile: clients.mobile, branch: branches.name })
    .from(clients)
    .leftJoin(branches, eq(branches.id, clients.branchId))
    .where(where)
    .orderBy(asc(clients.fullname), asc(clients.id))
    .limit(opts.pageSize)
    .offset((opts.page - 1) * opts.pageSize);
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(clients).where(where);
  return {
    items: rows.map((r) => ({ ...r, nrc: maskDigits(r.nrc, 5), mobile: maskRecipient(r.mobile) })),
    total: Number(n),
    page: opts.page,
    pageSize: opts.pageSize,
  };
}

export async function recentHistory(db: Db, userId: number, limit: number) {
  return db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      entity: auditLog.entity,
      entity_id: auditLog.entityId,
      details: auditLog.details,
      ip_address: auditLog.ipAddress,
      created_at: auditLog.createdAt,
    })
    .from(auditLog)
    .where(eq(auditLog.userId, userId))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);
}
