import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { likeContains, queryRows, type Db } from '@loan/shared-server';
import { permissions, rolePermissions, roles, users } from '@loan/shared-server/schema';

export interface RoleRow {
  id: number;
  name: string;
  description: string;
  createdAt: Date;
  usersCount: number;
}

const roleColumns = {
  id: roles.id,
  name: roles.name,
  description: roles.description,
  createdAt: roles.createdAt,
  // Qualified by hand: drizzle renders a bare "id" inside a subquery.
  usersCount: sql<number>`(SELECT count(*)::int FROM users u WHERE u.role_id = "roles"."id")`,
};

/** A contains-pattern where `%`, `_` and `\` are text (the shared list helper). */
export const likePattern = likeContains;

export async function listRoles(db: Db, search?: string): Promise<RoleRow[]> {
  const q = db.select(roleColumns).from(roles);
  return (search ? q.where(sql`${roles.name} ILIKE ${likePattern(search)}`) : q).orderBy(asc(roles.id));
}

export async function findRole(db: Db, id: number): Promise<RoleRow | undefined> {
  const [row] = await db.select(roleColumns).from(roles).where(eq(roles.id, id));
  return row;
}

export async function findRoleByName(db: Db, name: string, exceptId?: number): Promise<{ id: number } | undefined> {
  const [row] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(sql`lower(${roles.name}) = lower(${name})`, exceptId ? sql`${roles.id} <> ${exceptId}` : undefined));
  return row;
}

export async function permissionsOfRoles(db: Db, roleIds: number[]): Promise<Map<number, { id: number; name: string }[]>> {
  const out = new Map<number, { id: number; name: string }[]>(roleIds.map((id) => [id, []]));
  if (!roleIds.length) return out;
  const rows = await db
    .select({ roleId: rolePermissions.roleId, id: permissions.id, name: permissions.name })
    .from(rolePermissions)
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(inArray(rolePermissions.roleId, roleIds))
    .orderBy(asc(permissions.id));
  for (const r of rows) out.get(r.roleId)?.push({ id: r.id, name: r.name });
  return out;
}

export async function insertRole(db: Db, name: string, description = ''): Promise<number> {
  const [row] = await db.insert(roles).values({ name, description }).returning({ id: roles.id });
  return row.id;
}

/** The role's name and description as they were, the row locked for the change. */
export async function lockRole(db: Db, id: number): Promise<{ name: string; description: string } | undefined> {
  const [row] = await db.select({ name: roles.name, description: roles.description }).from(roles).where(eq(roles.id, id)).for('update');
  return row;
}

export async function updateRole(db: Db, id: number, patch: { name: string; description?: string }): Promise<void> {
  await db.update(roles).set({ ...patch, updatedAt: new Date() }).where(eq(roles.id, id));
}

/** Deletes the roles; answers what each was (for the audit trail's before). */
export async function deleteRoles(db: Db, ids: number[]): Promise<{ id: number; name: string; description: string }[]> {
  return db.delete(roles).where(inArray(roles.id, ids)).returning({ id: roles.id, name: roles.name, description: roles.description });
}

export async function existingRoleIds(db: Db, ids: number[]): Promise<number[]> {
  return (await db.select({ id: roles.id }).from(roles).where(inArray(roles.id, ids))).map((r) => r.id);
}

export async function rolesWithUsers(db: Db, ids: number[]): Promise<{ id: number; name: string }[]> {
  return db
    .selectDistinct({ id: roles.id, name: roles.name })
    .from(roles)
    .innerJoin(users, eq(users.roleId, roles.id))
    .where(inArray(roles.id, ids));
}

export async function listPermissions(db: Db) {
  return db.select({ id: permissions.id, name: permissions.name, group: permissions.groupName }).from(permissions).orderBy(asc(permissions.id));
}

export async function existingPermissionIds(db: Db, ids: number[]): Promise<number[]> {
  return (await db.select({ id: permissions.id }).from(permissions).where(inArray(permissions.id, ids))).map((r) => r.id);
}

export async function permissionIdsByName(db: Db, names: string[]): Promise<{ id: number; name: string }[]> {
  if (!names.length) return [];
  return db.select({ id: permissions.id, name: permissions.name }).from(permissions).where(inArray(permissions.name, names));
}

export async function grant(db: Db, roleId: number, permissionIds: number[]): Promise<void> {
  if (!permissionIds.length) return;
  await db
    .insert(rolePermissions)
    .values(permissionIds.map((permissionId) => ({ roleId, permissionId })))
    .onConflictDoNothing();
}

export async function revoke(db: Db, roleId: number, permissionIds: number[]): Promise<void> {
  await db.delete(rolePermissions).where(and(eq(rolePermissions.roleId, roleId), inArray(rolePermissions.permissionId, permissionIds)));
}

export async function permissionNames(db: Db, ids: number[]): Promise<{ id: number; name: string }[]> {
  if (!ids.length) return [];
  return db.select({ id: permissions.id, name: permissions.name }).from(permissions).where(inArray(permissions.id, ids));
}

/**
 * Serialises the changes that could take the last full administrator's permissions away
 * (two parallel revokes on two admin roles would each still see the other admin).
 * A transaction-scoped advisory lock: released at commit or rollback; PGlite has it too.
 */
export async function lockPermissionChanges(db: Db): Promise<void> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext('rbac:permission-changes'))`);
}

/** Active users whose role holds every permission of the catalog. */
export async function countFullAdministrators(db: Db): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM users u
         WHERE u.active
           AND (SELECT count(*) FROM role_permissions rp WHERE rp.role_id = u.role_id) = (SELECT count(*) FROM permissions)`,
  );
  return Number(rows[0]?.n ?? 0);
}
