import type { RoleCreateBody, RoleDto, RoleUpdateBody } from '@loan/shared-contract';
import type { AuditActor, Db, SessionUser } from '@loan/shared-server';
import { auditChanges, conflict, HttpError, invalid, notFound, recordAudit } from '@loan/shared-server';
import * as repo from './repository';

async function toDtos(db: Db, rows: repo.RoleRow[]): Promise<RoleDto[]> {
  const perms = await repo.permissionsOfRoles(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    description: r.description,
    users_count: r.usersCount,
    allpermissions: perms.get(r.id) ?? [],
    created_at: r.createdAt.toISOString(),
  }));
}

export async function list(db: Db, search?: string): Promise<RoleDto[]> {
  return toDtos(db, await repo.listRoles(db, search));
}

export async function byId(db: Db, id: number): Promise<RoleDto> {
  const row = await repo.findRole(db, id);
  if (!row) throw notFound('Role');
  return (await toDtos(db, [row]))[0];
}

const nameTaken = () => invalid('name', 'The name has already been taken.');

/** Who changes roles: their own role and the permissions it holds (NOTES.md "Users and roles"). */
export type Actor = Pick<SessionUser, 'roleId' | 'permissions'>;

export const OWN_ROLE_MESSAGE = 'You cannot change the permissions of your own role.';
export const LAST_ADMIN_MESSAGE =
  'This would leave no active user holding every permission. The last full administrator keeps them.';

/** 403 unless the actor holds every one of these permissions (nobody grants what they do not hold). */
export function assertHolds(actor: Actor, wanted: { name: string }[]): void {
  const missing = wanted.filter((p) => !actor.permissions.has(p.name)).map((p) => p.name);
  if (missing.length) throw new HttpError(403, `You can only grant permissions you hold. You do not hold: ${missing.join(', ')}.`);
}

/**
 * 409 when the change just made (inside `tx`, after lockPermissionChanges) took the last
 * full administrator's permissions away. Issue 16's user changes (role, deactivation) use it too.
 */
export async function assertFullAdministratorRemains(tx: Db, before: number): Promise<void> {
  if (before > 0 && (await repo.countFullAdministrators(tx)) === 0) throw conflict(LAST_ADMIN_MESSAGE);
}

/** Creates a role, optionally with permissions given by id or catalog name. */
export async function create(db: Db, body: RoleCreateBody, actor: Actor, who: AuditActor): Promise<number> {
  return db.transaction(async (tx) => {
    if (await repo.findRoleByName(tx, body.name)) throw nameTaken();
    const id = await repo.insertRole(tx, body.name, body.description ?? '');
    const wanted = body.permissions ?? [];
    const ids = wanted.filter((p): p is number => typeof p === 'number');
    const names = wanted.filter((p): p is string => typeof p === 'string');
    const byName = await repo.permissionIdsByName(tx, names);
    const unknownNames = names.filter((n) => !byName.some((p) => p.name === n));
    const knownIds = await repo.existingPermissionIds(tx, ids);
    const unknownIds = ids.filter((i) => !knownIds.includes(i));
    if (unknownNames.length || unknownIds.length) {
      throw invalid('permissions', `Unknown permissions: ${[...unknownIds, ...unknownNames].join(', ')}.`);
    }
    const granted = [...new Set([...knownIds, ...byName.map((p) => p.id)])];
    assertHolds(actor, await repo.permissionNames(tx, granted));
    await repo.grant(tx, id, granted);
    await recordAudit(tx, who, {
      action: 'create',
      entity: 'role',
      entityId: id,
      after: { name: body.name, description: body.description ?? '' },
      details: { permissions: body.permissions ?? [] },
    });
    return id;
  });
}

/** Renames and (when given) describes a role; the audit row (before → after) in the same transaction. */
export async function update(db: Db, who: AuditActor, body: RoleUpdateBody): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await repo.lockRole(tx, body.id);
    if (!current) throw notFound('Role');
    if (await repo.findRoleByName(tx, body.name, body.id)) throw nameTaken();
    const patch = { name: body.name, ...(body.description === undefined ? {} : { description: body.description }) };
    await repo.updateRole(tx, body.id, patch);
    await recordAudit(tx, who, { action: 'update', entity: 'role', entityId: body.id, ...auditChanges(current, patch) });
  });
}

/** Deletes roles, each with its audit row; all-or-nothing: 404 if one is unknown, 409 if one still has users. */
export async function remove(db: Db, ids: number[], ownRoleId: number, who: AuditActor): Promise<number> {
  const unique = [...new Set(ids)];
  return db.transaction(async (tx) => {
    const found = await repo.existingRoleIds(tx, unique);
    const missing = unique.filter((i) => !found.includes(i));
    if (missing.length) throw new HttpError(404, `Role not found: ${missing.join(', ')}.`);
    if (unique.includes(ownRoleId)) throw conflict('You cannot delete your own role.');
    const used = await repo.rolesWithUsers(tx, unique);
    if (used.length) throw conflict(`These roles still have users: ${used.map((r) => r.name).join(', ')}.`);
    const deleted = await repo.deleteRoles(tx, unique);
    for (const r of deleted) {
      await recordAudit(tx, who, { action: 'delete', entity: 'role', entityId: r.id, before: { name: r.name, description: r.description } });
    }
    return deleted.length;
  });
}

/**
 * Grants or revokes permissions of a role, with its audit row (`assign_permissions` or
 * `revoke_permissions`, the permissions by id and name) in the same transaction. Nobody
 * changes their own role's permissions (403), grants a permission they do not hold (403),
 * or takes the last full administrator's permissions away (409).
 */
export async function changePermissions(db: Db, roleId: number, permissionIds: number[], action: 'assign' | 'revoke', actor: Actor, who: AuditActor): Promise<void> {
  const unique = [...new Set(permissionIds)];
  await db.transaction(async (tx) => {
    if (!(await repo.findRole(tx, roleId))) throw notFound('Role');
    const known = await repo.existingPermissionIds(tx, unique);
    const unknown = unique.filter((i) => !known.includes(i));
    if (unknown.length) throw invalid('ids', `Unknown permissions: ${unknown.join(', ')}.`);
    if (roleId === actor.roleId) throw new HttpError(403, OWN_ROLE_MESSAGE);
    const named = await repo.permissionNames(tx, unique);
    if (action === 'assign') {
      assertHolds(actor, named);
      await repo.grant(tx, roleId, unique);
    } else {
      await repo.lockPermissionChanges(tx);
      const before = await repo.countFullAdministrators(tx);
      await repo.revoke(tx, roleId, unique);
      await assertFullAdministratorRemains(tx, before);
    }
    await recordAudit(tx, who, {
      action: `${action}_permissions`,
      entity: 'role',
      entityId: roleId,
      details: { permission_ids: unique, permissions: named.map((p) => p.name).sort() },
    });
  });
}
