import type { FastifyPluginAsync } from 'fastify';
import {
  API,
  idParamsSchema,
  idsBodySchema,
  P,
  roleCreateBodySchema,
  rolePermissionsBodySchema,
  roleSearchQuerySchema,
  roleUpdateBodySchema,
  roleChangeResponseSchema,
  roleSchema,
  roleListSchema,
  roleDeleteResponseSchema,
  permissionListSchema,
  orHeld,
} from '@loan/shared-contract';
import { z } from 'zod';
import { conflict, defineCommand, defineRoute, HttpError, registerRoutes, runChecked } from '@loan/shared-server';
import * as service from './service';
import { findRole, listPermissions, permissionNames } from './repository';

const R = API.roles;

const rolePermissionsInput = rolePermissionsBodySchema.extend({ action: z.enum(['assign', 'revoke']) });

/**
 * Maker-checker: granting or revoking a role's permissions. At approval it runs as the maker
 * (their role then), so the self-escalation rules hold as ever (not their own role, only what
 * they hold, the last full administrator); and no checker approves a change to their own role.
 */
export const rolePermissionsCommand = defineCommand<z.output<typeof rolePermissionsInput>, null>({
  name: 'role.permissions',
  label: 'Role permission changes',
  permission: (i) => (i.action === 'assign' ? P.assignPermissions : P.revokePermissions),
  input: rolePermissionsInput,
  checkerConflict: (checker, i) => (checker.roleId === i.role_id ? "You cannot approve a change to your own role's permissions." : null),
  summary: async (db, _actor, i) => {
    const role = await findRole(db, i.role_id);
    if (!role) throw conflict('This role no longer exists.');
    const names = (await permissionNames(db, i.ids)).map((p) => p.name).sort();
    const granting = i.action === 'assign';
    return {
      title: `${granting ? 'Grant' : 'Revoke'} ${names.length} permission${names.length === 1 ? '' : 's'} ${granting ? 'to' : 'from'} the role "${role.name}"`,
      lines: names.map((n) => ({ label: n, before: granting ? null : 'held', after: granting ? 'held' : null })),
      link: `/settings/roles/${i.role_id}`,
      entity: 'role',
      entityId: i.role_id,
      branchId: null,
    };
  },
  // Asked for one's own role, or to grant what one does not hold: refused at once (and again at approval, by the change itself).
  premise: async (tx, actor, i) => {
    if (i.role_id === actor.user.roleId) throw new HttpError(403, service.OWN_ROLE_MESSAGE);
    if (i.action === 'assign') service.assertHolds(actor.user, await permissionNames(tx, i.ids));
  },
  run: async (tx, actor, i) => {
    await service.changePermissions(tx, i.role_id, i.ids, i.action, actor.user, actor.audit);
    return null;
  },
});

/** Roles and permissions (spec §7 Roles, /api/permission). */
export const rbacRoutes = [
  defineRoute({
    method: 'POST',
    url: `${R}/create`,
    response: roleChangeResponseSchema,
    auth: P.addRole,
    body: roleCreateBodySchema,
    handler: async (ctx) => {
      const id = await service.create(ctx.db, ctx.body, ctx.user, ctx.auditActor);
      return ctx.reply.code(201).send({ message: 'Role created.', data: await service.byId(ctx.db, id) });
    },
  }),
  defineRoute({
    method: 'PUT',
    url: `${R}/update`,
    response: roleChangeResponseSchema,
    auth: P.editRole,
    body: roleUpdateBodySchema,
    handler: async (ctx) => {
      await service.update(ctx.db, ctx.auditActor, ctx.body);
      return { message: 'Role updated.', data: await service.byId(ctx.db, ctx.body.id) };
    },
  }),
  defineRoute({
    method: 'GET',
    url: `${R}/byId/:id`,
    response: roleSchema,
    auth: P.viewRoles,
    params: idParamsSchema,
    // The portal loads the signed-in user's own role at start-up, whatever the role holds.
    allowWithout: (user, params) => String(user.roleId) === params['id'],
    handler: ({ db, params }) => service.byId(db, params.id),
  }),
  defineRoute({
    method: 'GET',
    url: `${R}/all`,
    response: roleListSchema,
    auth: P.viewRoles,
    handler: ({ db }) => service.list(db),
  }),
  defineRoute({
    method: 'GET',
    url: `${R}/search`,
    response: roleListSchema,
    auth: P.viewRoles,
    query: roleSearchQuerySchema,
    handler: ({ db, query }) => service.list(db, query.search || undefined),
  }),
  defineRoute({
    method: 'DELETE',
    url: `${R}/delete`,
    response: roleDeleteResponseSchema,
    auth: P.deleteRole,
    body: idsBodySchema,
    handler: async (ctx) => {
      const count = await service.remove(ctx.db, ctx.body.ids, ctx.user.roleId, ctx.auditActor);
      return { message: count === 1 ? 'Role deleted.' : `${count} roles deleted.`, count };
    },
  }),
  // assign-permission and revoke-permission: one shape, each with its own permission.
  ...(
    [
      { action: 'assign', auth: P.assignPermissions, message: 'Permissions assigned.' },
      { action: 'revoke', auth: P.revokePermissions, message: 'Permissions revoked.' },
    ] as const
  ).map(({ action, auth, message }) =>
    defineRoute({
      method: 'POST',
      url: `${R}/${action}-permission`,
      response: orHeld(roleChangeResponseSchema),
      auth,
      body: rolePermissionsBodySchema,
      handler: async (ctx) => {
        const out = await runChecked(ctx, rolePermissionsCommand, { ...ctx.body, action });
        if (out) return out;
        return { message, data: await service.byId(ctx.db, ctx.body.role_id) };
      },
    }),
  ),
  ...[API.permissions, `${API.permissions}/all`].map((url) =>
    defineRoute({
      method: 'GET',
      url,
      response: permissionListSchema,
      auth: { anyOf: [P.viewRoles, P.assignPermissions, P.revokePermissions] },
      handler: ({ db }) => listPermissions(db),
    }),
  ),
];

export const rbacModule: FastifyPluginAsync = async (app) => {
  app.commands.register(rolePermissionsCommand);
  registerRoutes(app, rbacRoutes);
};
