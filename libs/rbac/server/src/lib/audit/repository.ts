import { decodeCursor, type AuditEntryDto, type AuditListQuery, type ListEnvelope } from '@loan/shared-contract';
import { and, desc, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import { businessDayStartSql, keysetAfter, keysetEnvelope, likeContains, type Db } from '@loan/shared-server';
import { auditLog, users } from '@loan/shared-server/schema';

const columns = {
  id: auditLog.id,
  userId: auditLog.userId,
  user: users.fullname,
  action: auditLog.action,
  entity: auditLog.entity,
  entityId: auditLog.entityId,
  details: auditLog.details,
  before: auditLog.before,
  after: auditLog.after,
  ipAddress: auditLog.ipAddress,
  userAgent: auditLog.userAgent,
  createdAt: auditLog.createdAt,
  position: sql<string>`${auditLog.createdAt}::text`,
};
type Row = { [K in keyof typeof columns]: unknown } & { id: number; createdAt: Date; position: string };

function toDto(r: Row): AuditEntryDto {
  return {
    id: r.id,
    user_id: (r.userId as number | null) ?? null,
    user: (r.user as string | null) ?? null,
    action: r.action as string,
    entity: r.entity as string,
    entity_id: (r.entityId as string | null) ?? null,
    details: r.details ?? {},
    before: r.before ?? null,
    after: r.after ?? null,
    ip_address: (r.ipAddress as string | null) ?? null,
    user_agent: (r.userAgent as string | null) ?? null,
    created_at: r.createdAt.toISOString(),
  };
}

const base = (db: Db) => db.select(columns).from(auditLog).leftJoin(users, eq(users.id, auditLog.userId));

/** The user's latest actions, newest first. */
export async function recentActions(db: Db, userId: number, limit: number): Promise<AuditEntryDto[]> {
  const rows = (await base(db).where(eq(auditLog.userId, userId)).orderBy(desc(auditLog.createdAt), desc(auditLog.id)).limit(limit)) as Row[];
  return rows.map(toDto);
}

/** The start of a business day (NOTES.md "Business time"). */
const dayStart = (d: string) => businessDayStartSql(d);

/** The audit trail, newest first, filtered by user, action, record and date. */
export async function listPage(db: Db, q: AuditListQuery): Promise<ListEnvelope<AuditEntryDto>> {
  const pattern = q.search ? likeContains(q.search) : null;
  const where = and(
    pattern ? or(ilike(auditLog.action, pattern), ilike(auditLog.entity, pattern), ilike(auditLog.entityId, pattern)) : undefined,
    q.user_id ? eq(auditLog.userId, q.user_id) : undefined,
    q.action ? eq(auditLog.action, q.action) : undefined,
    q.entity ? eq(auditLog.entity, q.entity) : undefined,
    q.record ? eq(auditLog.entityId, q.record) : undefined,
    q.fromDate ? gte(auditLog.createdAt, dayStart(q.fromDate)) : undefined,
    q.toDate ? lt(auditLog.createdAt, sql`${dayStart(q.toDate)} + interval '1 day'`) : undefined,
  );
  const cursor = q.cursor ? decodeCursor(q.cursor) : null;
  const rows = (await base(db)
    .where(cursor ? and(where, keysetAfter(auditLog.createdAt, auditLog.id, cursor)) : where)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(q.pageSize + 1)
    .offset(cursor ? 0 : (q.page - 1) * q.pageSize)) as Row[];
  const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(auditLog).where(where);
  const page = keysetEnvelope(rows, q, (r) => r, (r) => ({ createdAt: r.position, id: r.id }), Number(total));
  return { ...page, items: page.items.map(toDto) };
}

/** Audit rows matching `where` (one record's history), newest first, paged by page number. */
export async function matchingPage(db: Db, where: SQL, page: number, pageSize: number): Promise<ListEnvelope<AuditEntryDto>> {
  const rows = (await base(db)
    .where(where)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize)) as Row[];
  const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(auditLog).where(where);
  return { items: rows.map(toDto), total: Number(total), page, pageSize };
}
