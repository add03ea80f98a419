import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '@loan/shared-server';
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
