import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { likeContains, type Db } from '@loan/shared-server';
import { permissions, rolePermissions, roles, users } from '@loan/shared-server/schema';

export interface RoleRow {
  id: number;
  name: string;
  createdAt: Date;
  usersCount: number;
}

const roleColumns = {
  id: roles.id,
  name: roles.name,
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

export async function insertRole(db: Db, name: string): Promise<number> {
  const [row] = await db.insert(roles).values({ name }).returning({ id: roles.id });
  return row.id;
}

export async function renameRole(db: Db, id: number, name: string): Promise<boolean> {
  const rows = await db.update(roles).set({ name, updatedAt: new Date() }).where(eq(roles.id, id)).returning({ id: roles.id });
  return rows.length > 0;
}

export async function deleteRoles(db: Db, ids: number[]): Promise<number> {
  const rows = await db.delete(roles).where(inArray(roles.id, ids)).returning({ id: roles.id });
  return rows.length;
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
