import { decodeCursor, type AdminUserListQuery, type ListEnvelope } from '@loan/shared-contract';
import { and, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { keysetAfter, keysetEnvelope, likeContains, queryRows, scopeCondition, type BranchScope, type Db } from '@loan/shared-server';
import { auditLog, branches, notifications, roles, users } from '@loan/shared-server/schema';

/** The password_hash of an invited user who has not set a password yet (never a valid hash). */
export const INVITED_HASH = 'invited';

const columns = {
  id: users.id,
  fullname: users.fullname,
  email: users.email,
  uniqueNumber: users.uniqueNumber,
  mobile: users.mobile,
  roleId: users.roleId,
  role: roles.name,
  branchId: users.branchId,
  branch: branches.name,
  active: users.active,
  passwordSet: sql<boolean>`${users.passwordHash} <> ${INVITED_HASH}`,
  // Qualified by hand: drizzle renders bare column names inside a subquery.
  lastSignInAt: sql<string | null>`(SELECT max(a.created_at) FROM audit_log a WHERE a.user_id = "users"."id" AND a.action = 'login')`,
  createdAt: users.createdAt,
  position: sql<string>`${users.createdAt}::text`,
};

export type UserRow = {
  id: number;
  fullname: string;
  email: string;
  uniqueNumber: string;
  mobile: string | null;
  roleId: number;
  role: string;
  branchId: number | null;
  branch: string | null;
  active: boolean;
  passwordSet: boolean;
  lastSignInAt: string | Date | null;
  createdAt: Date;
  position: string;
};

const base = (db: Db) =>
  db.select(columns).from(users).innerJoin(roles, eq(roles.id, users.roleId)).leftJoin(branches, eq(branches.id, users.branchId));

/** One page, newest first, in the branch scope; search on name, e-mail and unique number; filters role, branch, active. */
export async function listPage(db: Db, scope: BranchScope, q: AdminUserListQuery): Promise<ListEnvelope<UserRow>> {
  const pattern = q.search ? likeContains(q.search) : null;
  const where = and(
    scopeCondition(scope, users.branchId),
    pattern ? or(ilike(users.fullname, pattern), ilike(users.email, pattern), ilike(users.uniqueNumber, pattern)) : undefined,
    q.role_id ? eq(users.roleId, q.role_id) : undefined,
    q.branch_id ? eq(users.branchId, q.branch_id) : undefined,
    q.active === undefined ? undefined : eq(users.active, q.active),
  );
  const cursor = q.cursor ? decodeCursor(q.cursor) : null;
  const rows = (await base(db)
    .where(cursor ? and(where, keysetAfter(users.createdAt, users.id, cursor)) : where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(q.pageSize + 1)
    .offset(cursor ? 0 : (q.page - 1) * q.pageSize)) as UserRow[];
  const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(users).where(where);
  return keysetEnvelope(rows, q, (r) => r, (r) => ({ createdAt: r.position, id: r.id }), Number(total));
}

export async function findById(db: Db, id: number, lock = false): Promise<UserRow | undefined> {
  const q = base(db).where(eq(users.id, id)).limit(1);
  const [row] = (await (lock ? q.for('update', { of: users }) : q)) as UserRow[];
  return row;
}

/** Another user with this e-mail (case-insensitive) or unique number. */
export async function findClash(db: Db, field: 'email' | 'uniqueNumber', value: string, exceptId?: number): Promise<boolean> {
  const cond: SQL = field === 'email' ? sql`lower(${users.email}) = lower(${value})` : sql`lower(${users.uniqueNumber}) = lower(${value})`;
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(cond, exceptId ? sql`${users.id} <> ${exceptId}` : undefined))
    .limit(1);
  return !!row;
}

export async function insertUser(
  db: Db,
  v: { fullname: string; email: string; uniqueNumber: string; mobile: string | null; roleId: number; branchId: number | null },
): Promise<number> {
  const [row] = await db
    .insert(users)
    .values({ ...v, passwordHash: INVITED_HASH })
    .returning({ id: users.id });
  return row.id;
}

export async function updateUser(db: Db, id: number, patch: Partial<typeof users.$inferInsert>): Promise<void> {
  await db
    .update(users)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(users.id, id));
}

/** Whether the user ever acted: any audit record of theirs (a sign-in included). */
export async function hasActed(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.userId, id)).limit(1);
  return !!row;
}

export async function deleteUser(db: Db, id: number): Promise<void> {
  await db.delete(users).where(eq(users.id, id));
}

export async function roleExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: roles.id }).from(roles).where(eq(roles.id, id)).limit(1);
  return !!row;
}

export async function branchExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: branches.id }).from(branches).where(eq(branches.id, id)).limit(1);
  return !!row;
}

export interface UserSessionRow {
  id: string;
  ip_address: string | null;
  user_agent: string | null;
  created_at: string;
  last_seen_at: string;
}

export async function sessionsOf(db: Db, userId: number, idleMinutes: number, maxHours: number): Promise<UserSessionRow[]> {
  return queryRows<UserSessionRow>(
    db,
    sql`SELECT substr(id_hash, 1, 16) AS id, ip_address, user_agent,
               to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at,
               to_char(last_seen_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS last_seen_at
          FROM sessions
         WHERE user_id = ${userId}
           AND last_seen_at > now() - make_interval(mins => ${idleMinutes})
           AND created_at > now() - make_interval(hours => ${maxHours})
         ORDER BY last_seen_at DESC`,
  );
}

/** Ends the user's sessions: one (by its public id) or all. Answers how many ended. */
export async function endSessions(db: Db, userId: number, publicId?: string): Promise<number> {
  const rows = await queryRows<{ id_hash: string }>(
    db,
    publicId
      ? sql`DELETE FROM sessions WHERE user_id = ${userId} AND substr(id_hash, 1, 16) = ${publicId} RETURNING id_hash`
      : sql`DELETE FROM sessions WHERE user_id = ${userId} RETURNING id_hash`,
  );
  return rows.length;
}

export async function notify(db: Db, userId: number, kind: string, message: string): Promise<void> {
  await db.insert(notifications).values({ userId, kind, message });
}

export async function notificationsOf(db: Db, userId: number, limit = 30) {
  const items = await db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
  const [{ unread }] = await db
    .select({ unread: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), sql`${notifications.readAt} IS NULL`));
  return { items, unread: Number(unread) };
}

export async function markNotificationsRead(db: Db, userId: number): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.userId, userId), sql`${notifications.readAt} IS NULL`));
}

export async function listBranches(db: Db) {
  return db
    .select({ id: branches.id, name: branches.name, code: branches.code, active: branches.active, sms_sender_name: branches.smsSenderName })
    .from(branches)
    .orderBy(branches.name);
}

/** Whether the user signed in before at all, and with this user agent. */
export async function signInsFrom(db: Db, userId: number, userAgent: string): Promise<{ any: boolean; sameAgent: boolean }> {
  const [r] = await queryRows<{ any: boolean; same: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM audit_log WHERE user_id = ${userId} AND action = 'login') AS any,
               EXISTS (SELECT 1 FROM audit_log WHERE user_id = ${userId} AND action = 'login' AND user_agent IS NOT DISTINCT FROM ${userAgent || null}) AS same`,
  );
  return { any: !!r?.any, sameAgent: !!r?.same };
}

export async function roleOptions(db: Db) {
  return db.select({ id: roles.id, name: roles.name }).from(roles).orderBy(roles.name);
}
