import type { FastifyPluginAsync } from 'fastify';
import {
  AUDIT_PATHS,
  adminUserChangeResponseSchema,
  adminUserCreateBodySchema,
  adminUserDetailsSchema,
  adminUserListQuerySchema,
  adminUserListSchema,
  adminUserUpdateBodySchema,
  auditListQuerySchema,
  auditListSchema,
  branchListSchema,
  idParamsSchema,
  messageResponseSchema,
  notificationListSchema,
  P,
  revokeOthersResponseSchema,
  revokeUserSessionsBodySchema,
  roleOptionListSchema,
  SETTINGS_PATHS,
  USER_PATHS,
} from '@loan/shared-contract';
import { defineRoute, registerRoutes, type RouteContext } from '@loan/shared-server';
import * as service from './service';
import * as repo from './repository';
import * as audit from '../audit/repository';

const actorOf = (ctx: RouteContext<unknown, unknown, unknown>): service.Actor => ({
  id: ctx.user.id,
  roleId: ctx.user.roleId,
  permissions: ctx.user.permissions,
  scope: ctx.scope,
});

/** Users (issue 16, spec §7 /api/user), the user's notifications, branches, and the audit trail. */
export const usersRoutes = [
  defineRoute({
    method: 'GET',
    url: USER_PATHS.list,
    auth: P.viewUsersModule,
    query: adminUserListQuerySchema,
    response: adminUserListSchema,
    handler: ({ db, scope, query }) => service.list(db, scope, query),
  }),
  defineRoute({
    method: 'GET',
    url: USER_PATHS.byId,
    auth: P.viewUsersModule,
    params: idParamsSchema,
    response: adminUserDetailsSchema,
    handler: ({ db, config, scope, params }) => service.details(db, config, scope, params.id),
  }),
  defineRoute({
    method: 'POST',
    url: USER_PATHS.create,
    auth: P.createUser,
    body: adminUserCreateBodySchema,
    response: adminUserChangeResponseSchema,
    handler: async (ctx) => {
      const data = await service.create(ctx.db, ctx.config, ctx.req.server.ports, actorOf(ctx), ctx.auditActor, ctx.body);
      return ctx.reply.code(201).send({ message: `User created. An invitation was sent to ${data.email}.`, data });
    },
  }),
  defineRoute({
    method: 'PUT',
    url: USER_PATHS.update,
    // Editing details, or only the role (`can assign role`); the service checks which.
    auth: { anyOf: [P.editUser, P.assignRole] },
    body: adminUserUpdateBodySchema,
    response: adminUserChangeResponseSchema,
    handler: async (ctx) => {
      const b = ctx.body;
      const editsMore = Object.keys(b).some((k) => k !== 'id' && k !== 'role_id' && (b as Record<string, unknown>)[k] !== undefined);
      if (editsMore) ctx.authorize(P.editUser);
      const data = await service.update(ctx.db, actorOf(ctx), ctx.auditActor, b, ctx.can(P.assignRole));
      return { message: 'User updated.', data };
    },
  }),
  defineRoute({
    method: 'DELETE',
    url: USER_PATHS.delete,
    auth: P.deleteUser,
    body: idParamsSchema,
    response: messageResponseSchema,
    handler: async (ctx) => {
      await service.remove(ctx.db, actorOf(ctx), ctx.auditActor, ctx.body.id);
      return { message: 'User deleted.' };
    },
  }),
  defineRoute({
    method: 'POST',
    url: USER_PATHS.resendInvitation,
    auth: P.createUser,
    body: idParamsSchema,
    response: messageResponseSchema,
    handler: async (ctx) => {
      await service.resendInvitation(ctx.db, ctx.config, ctx.req.server.ports, actorOf(ctx), ctx.auditActor, ctx.body.id);
      return { message: 'The invitation was sent again.' };
    },
  }),
  defineRoute({
    method: 'POST',
    url: USER_PATHS.revokeSessions,
    auth: P.editUser,
    params: idParamsSchema,
    body: revokeUserSessionsBodySchema,
    response: revokeOthersResponseSchema,
    handler: async (ctx) => {
      const count = await service.revokeSessions(ctx.db, actorOf(ctx), ctx.auditActor, ctx.params.id, ctx.body.session);
      return { message: count === 1 ? '1 session signed out.' : `${count} sessions signed out.`, count };
    },
  }),
  defineRoute({
    method: 'GET',
    url: USER_PATHS.notification,
    auth: 'session',
    response: notificationListSchema,
    handler: async ({ db, user }) => {
      const { items, unread } = await repo.notificationsOf(db, user.id);
      return {
        unread,
        items: items.map((n) => ({ id: n.id, kind: n.kind, message: n.message, read: n.readAt !== null, created_at: n.createdAt.toISOString() })),
      };
    },
  }),
  defineRoute({
    method: 'POST',
    url: USER_PATHS.notificationRead,
    auth: 'session',
    response: messageResponseSchema,
    handler: async ({ db, user }) => {
      await repo.markNotificationsRead(db, user.id);
      return { message: 'Notifications read.' };
    },
  }),
  defineRoute({
    method: 'GET',
    url: USER_PATHS.branches,
    // The users screens' pickers and filters.
    auth: P.viewUsersModule,
    response: branchListSchema,
    handler: ({ db }) => repo.listBranches(db),
  }),
  defineRoute({
    method: 'GET',
    url: SETTINGS_PATHS.branches,
    auth: P.editSettings,
    response: branchListSchema,
    handler: ({ db }) => repo.listBranches(db),
  }),
  defineRoute({
    method: 'GET',
    url: USER_PATHS.roleOptions,
    auth: P.viewUsersModule,
    response: roleOptionListSchema,
    handler: ({ db, user }) => service.roleOptions(db, user),
  }),
  defineRoute({
    method: 'GET',
    url: AUDIT_PATHS.list,
    auth: P.viewUsersModule,
    query: auditListQuerySchema,
    response: auditListSchema,
    handler: ({ db, query }) => audit.listPage(db, query),
  }),
];

export const usersModule: FastifyPluginAsync = async (app) => registerRoutes(app, usersRoutes);
