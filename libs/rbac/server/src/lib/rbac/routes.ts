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
} from '@loan/shared-contract';
import { defineRoute, registerRoutes } from '@loan/shared-server';
import * as service from './service';
import { listPermissions } from './repository';

const R = API.roles;

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
      response: roleChangeResponseSchema,
      auth,
      body: rolePermissionsBodySchema,
      handler: async (ctx) => {
        await service.changePermissions(ctx.db, ctx.body.role_id, ctx.body.ids, action, ctx.user, ctx.auditActor);
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

export const rbacModule: FastifyPluginAsync = async (app) => registerRoutes(app, rbacRoutes);
