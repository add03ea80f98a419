import type { FastifyPluginAsync } from 'fastify';
import {
  API,
  changePasswordBodySchema,
  FORGOT_PASSWORD_MESSAGE,
  forgotPasswordBodySchema,
  LOGIN_SUCCESS_STATUS,
  loginBodySchema,
  passwordResetBodySchema,
  loginResponseSchema,
  initUserDataResponseSchema,
  sessionUserSchema,
  messageResponseSchema,
  sessionIdParamsSchema,
  USER_SESSIONS_PATH,
  activeSessionListSchema,
  revokeOthersResponseSchema,
} from '@loan/shared-contract';
import { HttpError } from '@loan/shared-server';
import * as repo from './repository';
import { defineRoute, registerRoutes } from '@loan/shared-server';
import { issueCsrfCookie } from '@loan/shared-server';
import { destroySession, loadSession } from '@loan/shared-server';
import { audit } from '@loan/shared-server';
import * as service from './service';
import { notifyNewDevice } from '../users/service';

/** Sign-in, sessions and password recovery (spec §7 Authentication, Sanctum's shape). */
export const authRoutes = [
  defineRoute({
    method: 'GET',
    url: API.csrfCookie,
    response: null,
    auth: 'public',
    handler: async ({ req, reply, config, db }) => {
      await issueCsrfCookie(db, config, req, reply);
      return reply.code(204).send();
    },
  }),
  defineRoute({
    method: 'POST',
    url: API.login,
    response: loginResponseSchema,
    auth: 'public',
    body: loginBodySchema,
    handler: async (ctx) => {
      try {
        const { user, response } = await service.login(ctx.db, ctx.config, ctx.req, ctx.reply, ctx.body);
        await notifyNewDevice(ctx.db, user.id, ctx.req.ip, ctx.req.headers['user-agent'] ?? '');
        await audit(ctx.req, 'login', 'user', user.id, {}, ctx.db, user.id);
        return response;
      } catch (err) {
        if (err instanceof service.BadCredentials) return ctx.reply.code(401).send({ status: '401', message: err.message });
        throw err;
      }
    },
  }),
  defineRoute({
    method: 'POST',
    url: API.logout,
    response: null,
    auth: 'public',
    handler: async ({ req, reply, db, config }) => {
      const user = await loadSession(db, config, req);
      if (user) {
        req.sessionUser = user;
        await audit(req, 'logout', 'user', user.id);
      }
      await destroySession(db, config, req, reply);
      return reply.code(204).send();
    },
  }),
  defineRoute({
    method: 'POST',
    url: API.initUserData,
    response: initUserDataResponseSchema,
    auth: 'session',
    body: loginBodySchema,
    handler: async ({ db, req, reply, body, user }) => {
      let checked;
      try {
        checked = await service.checkCredentials(db, body, req.ip);
      } catch (err) {
        if (err instanceof service.BadCredentials) return reply.code(401).send({ status: '401', message: err.message });
        throw err;
      }
      if (checked.id !== user.id) return reply.code(401).send({ status: '401', message: new service.BadCredentials().message });
      return { status: LOGIN_SUCCESS_STATUS, message: 'Authentication complete', data: { user: service.toUserDto(checked) } };
    },
  }),
  defineRoute({
    method: 'GET',
    url: API.user,
    response: sessionUserSchema,
    auth: 'session',
    // The session query already read the user (and checked that they are active).
    handler: ({ user }) => service.toUserDto(user),
  }),
  defineRoute({
    method: 'POST',
    url: `${API.users}/forgot-password`,
    response: messageResponseSchema,
    auth: 'public',
    body: forgotPasswordBodySchema,
    rateLimit: { limit: 5, windowSeconds: 60 },
    handler: async ({ db, config, req, body }) => {
      const sent = await service.requestPasswordReset(db, config, req.server.ports, body.email);
      // Audited on both paths, so the answer's time does not depend on the account existing.
      await audit(req, 'password_reset_requested', 'user', null, { email: body.email, sent });
      return { message: FORGOT_PASSWORD_MESSAGE };
    },
  }),
  defineRoute({
    method: 'POST',
    url: `${API.users}/password-reset`,
    response: messageResponseSchema,
    auth: 'public',
    body: passwordResetBodySchema,
    rateLimit: { limit: 10, windowSeconds: 60 },
    handler: async ({ db, req, body }) => {
      const userId = await service.resetPassword(db, body.token, body.email, body.password);
      await audit(req, 'password_reset', 'user', userId);
      return { message: 'Your password has been reset.' };
    },
  }),
  defineRoute({
    method: 'POST',
    url: `${API.users}/change-password`,
    response: messageResponseSchema,
    auth: 'session',
    body: changePasswordBodySchema,
    handler: async (ctx) => {
      await service.changePassword(ctx.db, ctx.user.id, ctx.user.sessionHash, ctx.body.current_password, ctx.body.password);
      await ctx.audit('password_changed', 'user', ctx.user.id);
      return { message: 'Your password has been changed.' };
    },
  }),
  defineRoute({
    method: 'GET',
    url: USER_SESSIONS_PATH,
    response: activeSessionListSchema,
    auth: 'session',
    handler: ({ db, config, user }) => repo.listSessions(db, user.id, user.sessionHash, config.sessionIdleMinutes, config.sessionMaxHours),
  }),
  defineRoute({
    method: 'DELETE',
    url: `${USER_SESSIONS_PATH}/:id`,
    response: messageResponseSchema,
    auth: 'session',
    params: sessionIdParamsSchema,
    handler: async (ctx) => {
      if (ctx.user.sessionHash.startsWith(ctx.params.id)) throw new HttpError(409, 'This is the session you are using: sign out instead.');
      if (!(await repo.deleteSessionByPublicId(ctx.db, ctx.user.id, ctx.params.id))) throw new HttpError(404, 'Session not found.');
      await ctx.audit('session_revoked', 'user', ctx.user.id, { session: ctx.params.id });
      return { message: 'The session has been signed out.' };
    },
  }),
  defineRoute({
    method: 'POST',
    url: `${USER_SESSIONS_PATH}/revoke-others`,
    response: revokeOthersResponseSchema,
    auth: 'session',
    handler: async (ctx) => {
      const count = await repo.deleteOtherSessions(ctx.db, ctx.user.id, ctx.user.sessionHash);
      await ctx.audit('sessions_revoked', 'user', ctx.user.id, { count });
      return { message: count === 1 ? '1 other session signed out.' : `${count} other sessions signed out.`, count };
    },
  }),
];

export const authModule: FastifyPluginAsync = async (app) => registerRoutes(app, authRoutes);
