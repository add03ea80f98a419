import {
  INVITATION_VALID_HOURS,
  type AdminUser,
  type AdminUserCreateBody,
  type AdminUserDetails,
  type AdminUserListQuery,
  type AdminUserUpdateBody,
  type ListEnvelope,
  type RoleOption,
} from '@loan/shared-contract';
import {
  auditChanges,
  conflict,
  HttpError,
  inScope,
  invalid,
  notFound,
  randomToken,
  sha256,
  type AuditActor,
  type BranchScope,
  type Config,
  type Db,
  type Ports,
  type SessionUser,
  recordAudit,
} from '@loan/shared-server';
import { createPasswordReset } from '../auth/repository';
import { assertFullAdministratorRemains } from '../rbac/service';
import { countFullAdministrators, lockPermissionChanges, permissionsOfRoles } from '../rbac/repository';
import { recentActions } from '../audit/repository';
import * as repo from './repository';

export type Actor = Pick<SessionUser, 'id' | 'roleId' | 'permissions'> & { scope: BranchScope };

export const OWN_ROLE_CHANGE_MESSAGE = 'You cannot change your own role.';
export const SELF_DEACTIVATE_MESSAGE = 'You cannot deactivate yourself.';
export const ACTED_DELETE_MESSAGE = 'This user has acted in the system and cannot be deleted: deactivate them instead.';

const iso = (v: string | Date | null): string | null => (v === null ? null : new Date(v).toISOString());

export function toDto(r: repo.UserRow): AdminUser {
  return {
    id: r.id,
    fullname: r.fullname,
    email: r.email,
    unique_number: r.uniqueNumber,
    mobile: r.mobile,
    role_id: r.roleId,
    role: r.role,
    branch_id: r.branchId,
    branch: r.branch,
    active: r.active,
    password_set: r.passwordSet,
    last_sign_in_at: iso(r.lastSignInAt),
    created_at: r.createdAt.toISOString(),
  };
}

export async function list(db: Db, scope: BranchScope, query: AdminUserListQuery): Promise<ListEnvelope<AdminUser>> {
  const page = await repo.listPage(db, scope, query);
  return { ...page, items: page.items.map(toDto) };
}

async function load(db: Db, scope: BranchScope, id: number, lock = false): Promise<repo.UserRow> {
  const row = await repo.findById(db, id, lock);
  if (!row || !inScope(scope, row.branchId)) throw notFound('User');
  return row;
}

export async function byId(db: Db, scope: BranchScope, id: number): Promise<AdminUser> {
  return toDto(await load(db, scope, id));
}

export async function details(db: Db, config: Config, scope: BranchScope, id: number): Promise<AdminUserDetails> {
  const row = await load(db, scope, id);
  return {
    ...toDto(row),
    sessions: await repo.sessionsOf(db, id, config.sessionIdleMinutes, config.sessionMaxHours),
    recent_actions: await recentActions(db, id, 20),
  };
}

/** 403 unless the actor holds every permission of the role (nobody grants what they do not hold). */
/** The roles, each marked whether the actor may give it (holds every one of its permissions). */
export async function roleOptions(db: Db, actor: Pick<Actor, 'permissions'>): Promise<RoleOption[]> {
  const rows = await repo.roleOptions(db);
  const perms = await permissionsOfRoles(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ ...r, grantable: (perms.get(r.id) ?? []).every((p) => actor.permissions.has(p.name)) }));
}

async function assertMayGrantRole(db: Db, actor: Actor, roleId: number): Promise<void> {
  if (!(await repo.roleExists(db, roleId))) throw invalid('role_id', 'The selected role does not exist.');
  const perms = (await permissionsOfRoles(db, [roleId])).get(roleId) ?? [];
  const missing = perms.filter((p) => !actor.permissions.has(p.name)).map((p) => p.name);
  if (missing.length) {
    throw new HttpError(403, `You can only give a role whose permissions you hold. You do not hold: ${missing.join(', ')}.`);
  }
}

async function assertUnique(db: Db, body: { email?: string; unique_number?: string }, exceptId?: number) {
  if (body.email && (await repo.findClash(db, 'email', body.email, exceptId))) throw invalid('email', 'The email has already been taken.');
  if (body.unique_number && (await repo.findClash(db, 'uniqueNumber', body.unique_number, exceptId))) {
    throw invalid('unique_number', 'The unique number has already been taken.');
  }
}

async function checkBranch(db: Db, actor: Actor, branchId: number | null | undefined) {
  if (branchId == null) return;
  if (!(await repo.branchExists(db, branchId))) throw invalid('branch_id', 'The selected branch does not exist.');
  if (!inScope(actor.scope, branchId)) throw invalid('branch_id', 'You can only place users in your own branch.');
}

/** Sends the single-use set-password link (a password reset token valid INVITATION_VALID_HOURS). */
async function sendInvitation(tx: Db, config: Config, ports: Ports, user: { id: number; email: string; fullname: string }, actorId: number) {
  const token = randomToken();
  await createPasswordReset(tx, user.id, sha256(token), INVITATION_VALID_HOURS * 60);
  const link = `${config.publicUrl}/password-reset?token=${encodeURIComponent(token)}&email=${encodeURIComponent(user.email)}&invite=1`;
  await ports.email.send(
    {
      to: user.email,
      subject: 'Your account on the loan portal',
      body: `Hello ${user.fullname},\n\nAn account was created for you. Use this link within ${INVITATION_VALID_HOURS} hours to choose your password:\n${link}\n\nThe link works once.`,
      purpose: 'invitation',
      secrets: [encodeURIComponent(token)],
      createdBy: actorId,
    },
    tx,
  );
}

export async function create(db: Db, config: Config, ports: Ports, actor: Actor, who: AuditActor, body: AdminUserCreateBody): Promise<AdminUser> {
  const b = body;
  return db.transaction(async (tx) => {
    await assertUnique(tx, b);
    await assertMayGrantRole(tx, actor, b.role_id);
    await checkBranch(tx, actor, b.branch_id);
    const branchId = b.branch_id ?? (actor.scope.all ? null : actor.scope.branchId);
    const id = await repo.insertUser(tx, {
      fullname: b.fullname,
      email: b.email,
      uniqueNumber: b.unique_number,
      mobile: b.mobile ?? null,
      roleId: b.role_id,
      branchId,
    });
    await sendInvitation(tx, config, ports, { id, email: b.email, fullname: b.fullname }, actor.id);
    await recordAudit(tx, who, {
      action: 'create',
      entity: 'user',
      entityId: id,
      after: { fullname: b.fullname, email: b.email, unique_number: b.unique_number, role_id: b.role_id, branch_id: branchId },
    });
    return toDto((await repo.findById(tx, id)) as repo.UserRow);
  });
}

/**
 * Edits a user. Changing the role needs `can assign role` (checked by the route) and a role
 * whose permissions the actor holds; nobody changes their own role or deactivates themselves;
 * the last full administrator keeps their role and stays active. Deactivating ends the
 * user's sessions at once; a role change is announced to the user.
 */
export async function update(db: Db, actor: Actor, who: AuditActor, body: AdminUserUpdateBody, canAssignRole: boolean): Promise<AdminUser> {
  const b = body;
  return db.transaction(async (tx) => {
    await lockPermissionChanges(tx);
    const before = await countFullAdministrators(tx);
    const row = await load(tx, actor.scope, b.id, true);
    const roleChanges = b.role_id !== undefined && b.role_id !== row.roleId;
    if (roleChanges) {
      if (!canAssignRole) throw new HttpError(403, 'You need the permission "can assign role" to change a role.');
      if (row.id === actor.id) throw new HttpError(403, OWN_ROLE_CHANGE_MESSAGE);
      await assertMayGrantRole(tx, actor, b.role_id as number);
    }
    if (b.active === false && row.id === actor.id) throw new HttpError(403, SELF_DEACTIVATE_MESSAGE);
    await assertUnique(tx, b, row.id);
    if (b.branch_id !== undefined) await checkBranch(tx, actor, b.branch_id);
    const current = {
      fullname: row.fullname,
      email: row.email,
      unique_number: row.uniqueNumber,
      mobile: row.mobile,
      role_id: row.roleId,
      branch_id: row.branchId,
      active: row.active,
    };
    const patch = {
      fullname: b.fullname,
      email: b.email,
      unique_number: b.unique_number,
      mobile: b.mobile,
      role_id: b.role_id,
      branch_id: b.branch_id,
      active: b.active,
    };
    const changes = auditChanges(current, patch);
    if (!Object.keys(changes.after).length) return toDto(row);
    await repo.updateUser(tx, row.id, {
      fullname: b.fullname,
      email: b.email,
      uniqueNumber: b.unique_number,
      mobile: b.mobile,
      roleId: b.role_id,
      branchId: b.branch_id,
      active: b.active,
    });
    await assertFullAdministratorRemains(tx, before);
    if (b.active === false && row.active) await repo.endSessions(tx, row.id);
    if (roleChanges) {
      const role = (await repo.findById(tx, row.id)) as repo.UserRow;
      await repo.notify(tx, row.id, 'role_changed', `Your role changed from ${row.role} to ${role.role}.`);
    }
    const action = b.active === false && row.active ? 'deactivate' : b.active === true && !row.active ? 'reactivate' : 'update';
    await recordAudit(tx, who, { action, entity: 'user', entityId: row.id, ...changes });
    return toDto((await repo.findById(tx, row.id)) as repo.UserRow);
  });
}

/** Deletes a user who never acted (no audit record of theirs); else 409: deactivate instead. */
export async function remove(db: Db, actor: Actor, who: AuditActor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await load(tx, actor.scope, id, true);
    if (row.id === actor.id) throw conflict('You cannot delete yourself.');
    if (await repo.hasActed(tx, id)) throw conflict(ACTED_DELETE_MESSAGE);
    await repo.deleteUser(tx, id);
    await recordAudit(tx, who, {
      action: 'delete',
      entity: 'user',
      entityId: id,
      before: { fullname: row.fullname, email: row.email, unique_number: row.uniqueNumber, role_id: row.roleId },
    });
  });
}

export async function resendInvitation(db: Db, config: Config, ports: Ports, actor: Actor, who: AuditActor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await load(tx, actor.scope, id, true);
    if (row.passwordSet) throw conflict('This user has set a password already: they can use "Forgot password".');
    if (!row.active) throw conflict('This user is inactive: reactivate them first.');
    await sendInvitation(tx, config, ports, { id: row.id, email: row.email, fullname: row.fullname }, actor.id);
    await recordAudit(tx, who, { action: 'resend_invitation', entity: 'user', entityId: id });
  });
}

export async function revokeSessions(db: Db, actor: Actor, who: AuditActor, id: number, session?: string): Promise<number> {
  return db.transaction(async (tx) => {
    await load(tx, actor.scope, id);
    const count = await repo.endSessions(tx, id, session);
    if (session && !count) throw new HttpError(404, 'Session not found.');
    await recordAudit(tx, who, { action: 'sessions_revoked', entity: 'user', entityId: id, details: { session: session ?? 'all', count } });
    return count;
  });
}

/**
 * "New device sign-in": a sign-in whose browser (user agent) this user never signed in
 * with before, told to the user (their first sign-in ever is not news).
 */
export async function notifyNewDevice(db: Db, userId: number, ip: string, userAgent: string): Promise<void> {
  const agent = userAgent.slice(0, 500);
  const seen = await repo.signInsFrom(db, userId, agent);
  if (seen.any && !seen.sameAgent) {
    await repo.notify(db, userId, 'new_device', `New sign-in from ${ip} (${agent || 'unknown browser'}). If this was not you, change your password.`);
  }
}
