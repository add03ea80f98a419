import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { queryRows, type Db } from '@loan/shared-server';
import { branches, passwordResets, sessions, users } from '@loan/shared-server/schema';

export interface UserRow {
  id: number;
  fullname: string;
  email: string;
  uniqueNumber: string;
  roleId: number;
  branchId: number | null;
  branch: string | null;
  passwordHash: string;
  active: boolean;
}

const userColumns = {
  id: users.id,
  fullname: users.fullname,
  email: users.email,
  uniqueNumber: users.uniqueNumber,
  roleId: users.roleId,
  branchId: users.branchId,
  branch: branches.name,
  passwordHash: users.passwordHash,
  active: users.active,
};

export async function findUserByIdentifier(db: Db, by: { email?: string; uniqueNumber?: string }): Promise<UserRow | undefined> {
  const where = by.email ? sql`lower(${users.email}) = lower(${by.email})` : eq(users.uniqueNumber, by.uniqueNumber ?? '');
  const [row] = await db.select(userColumns).from(users).leftJoin(branches, eq(branches.id, users.branchId)).where(where).limit(1);
  return row;
}

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select(userColumns).from(users).leftJoin(branches, eq(branches.id, users.branchId)).where(eq(users.id, id));
  return row;
}

export async function setPassword(db: Db, userId: number, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
}

export async function deleteSessionsOf(db: Db, userId: number, exceptHash?: string): Promise<void> {
  await db
    .delete(sessions)
    .where(exceptHash ? and(eq(sessions.userId, userId), sql`${sessions.idHash} <> ${exceptHash}`) : eq(sessions.userId, userId));
}

export async function createPasswordReset(db: Db, userId: number, tokenHash: string, validMinutes: number): Promise<void> {
  await db.delete(passwordResets).where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
  await db.insert(passwordResets).values({
    userId,
    tokenHash,
    expiresAt: sql`now() + make_interval(mins => ${validMinutes})` as unknown as Date,
  });
}

/** Marks a valid, unused, unexpired token of that e-mail as used; answers its user id. */
export async function consumePasswordReset(db: Db, tokenHash: string, email: string): Promise<number | undefined> {
  const [row] = await db
    .update(passwordResets)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(passwordResets.tokenHash, tokenHash),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, sql`now()`),
        sql`${passwordResets.userId} IN (SELECT id FROM users WHERE lower(email) = lower(${email}) AND active)`,
      ),
    )
    .returning({ userId: passwordResets.userId });
  return row?.userId;
}

/** The public id of a session: a prefix of its id's hash (the cookie value is never shown). */
export const SESSION_PUBLIC_ID_LENGTH = 16;

export interface SessionRow {
  id: string;
  ip_address: string | null;
  user_agent: string | null;
  created_at: string;
  last_seen_at: string;
  current: boolean;
}

/** The user's live sessions (within the idle and absolute limits), most recently used first. */
export async function listSessions(db: Db, userId: number, currentHash: string, idleMinutes: number, maxHours: number): Promise<SessionRow[]> {
  return queryRows<SessionRow>(
    db,
    sql`SELECT substr(id_hash, 1, ${SESSION_PUBLIC_ID_LENGTH}) AS id, ip_address, user_agent,
               to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at,
               to_char(last_seen_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS last_seen_at, id_hash = ${currentHash} AS current
          FROM sessions
         WHERE user_id = ${userId}
           AND last_seen_at > now() - make_interval(mins => ${idleMinutes})
           AND created_at > now() - make_interval(hours => ${maxHours})
         ORDER BY (id_hash = ${currentHash}) DESC, last_seen_at DESC`,
  );
}

/** Ends one of the user's sessions by its public id (never another user's); answers whether it existed. */
export async function deleteSessionByPublicId(db: Db, userId: number, publicId: string): Promise<boolean> {
  const rows = await queryRows<{ id_hash: string }>(
    db,
    sql`DELETE FROM sessions WHERE user_id = ${userId} AND substr(id_hash, 1, ${SESSION_PUBLIC_ID_LENGTH}) = ${publicId} RETURNING id_hash`,
  );
  return rows.length > 0;
}

/** Ends every session of the user but `exceptHash`; answers how many ended. */
export async function deleteOtherSessions(db: Db, userId: number, exceptHash: string): Promise<number> {
  const rows = await queryRows<{ id_hash: string }>(
    db,
    sql`DELETE FROM sessions WHERE user_id = ${userId} AND id_hash <> ${exceptHash} RETURNING id_hash`,
  );
  return rows.length;
}
