import { decodeCursor, type MessageListQuery, type ListEnvelope } from '@loan/shared-contract';
import { and, desc, eq, getTableColumns, gte, ilike, lt, or, sql } from 'drizzle-orm';
import { businessDayStartSql, keysetAfter, keysetEnvelope, likeContains, schema, scopeCondition, type BranchScope, type Db } from '@loan/shared-server';

const t = schema.messages;
const c = schema.clients;
const u = schema.users;

const listColumns = {
  ...getTableColumns(t),
  clientName: c.fullname,
  clientBranchId: c.branchId,
  senderName: u.fullname,
};
export type MessageRecord = typeof t.$inferSelect & { clientName: string | null; clientBranchId: number | null; senderName: string | null };
/** A list row: the record with its created_at as the database's exact text (the keyset cursor's position). */
export type MessageRow = MessageRecord & { position: string };

/** The start of a business day (NOTES.md "Business time") as a timestamp. */
const dayStart = (d: string) => businessDayStartSql(d);

/**
 * One page, newest first. Branch scope through the recipient client's branch (messages to
 * no client, e.g. staff e-mails, only for `can view all branches`). `search` matches the
 * recipient or the client's name; filters channel, status, purpose, business-date range.
 */
export async function listPage(db: Db, scope: BranchScope, q: MessageListQuery): Promise<ListEnvelope<MessageRow>> {
  const where = and(
    scopeCondition(scope, c.branchId),
    q.search ? or(ilike(t.recipient, likeContains(q.search)), ilike(c.fullname, likeContains(q.search))) : undefined,
    q.channel ? eq(t.channel, q.channel) : undefined,
    q.status ? eq(t.status, q.status) : undefined,
    q.purpose ? eq(t.purpose, q.purpose) : undefined,
    q.fromDate ? gte(t.createdAt, dayStart(q.fromDate)) : undefined,
    q.toDate ? lt(t.createdAt, sql`${dayStart(q.toDate)} + interval '1 day'`) : undefined,
  );
  const cursor = q.cursor ? decodeCursor(q.cursor) : null;
  const rows = await db
    .select({ ...listColumns, position: sql<string>`${t.createdAt}::text` })
    .from(t)
    .leftJoin(c, eq(c.id, t.clientId))
    .leftJoin(u, eq(u.id, t.createdBy))
    .where(cursor ? and(where, keysetAfter(t.createdAt, t.id, cursor)) : where)
    .orderBy(desc(t.createdAt), desc(t.id))
    .limit(q.pageSize + 1)
    .offset(cursor ? 0 : (q.page - 1) * q.pageSize);
  const [{ total }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(t)
    .leftJoin(c, eq(c.id, t.clientId))
    .where(where);
  return keysetEnvelope(rows as MessageRow[], q, (r) => r, (r) => ({ createdAt: r.position, id: r.id }), Number(total));
}

export async function findById(db: Db, id: number): Promise<MessageRecord | undefined> {
  const [row] = await db
    .select(listColumns)
    .from(t)
    .leftJoin(c, eq(c.id, t.clientId))
    .leftJoin(u, eq(u.id, t.createdBy))
    .where(eq(t.id, id))
    .limit(1);
  return row as MessageRecord | undefined;
}
