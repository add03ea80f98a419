import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '@loan/shared-server';
import { auditLog, branches, clients } from '@loan/shared-server/schema';
import { likePattern } from '../rbac/repository';

export async function listClients(db: Db, opts: { search?: string; limit: number }) {
  const q = db
    .select({ id: clients.id, name: clients.fullname, nrc: clients.nrc, mobile: clients.mobile, branch: branches.name })
    .from(clients)
    .leftJoin(branches, eq(branches.id, clients.branchId));
  const p = opts.search ? likePattern(opts.search) : undefined;
  return (p ? q.where(sql`(${clients.fullname} ILIKE ${p} OR ${clients.nrc} LIKE ${p} OR ${clients.mobile} LIKE ${p})`) : q)
    .orderBy(desc(clients.id))
    .limit(opts.limit);
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
