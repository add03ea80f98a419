import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import {
  APPROVALS_PATHS,
  P,
  SETTINGS_PATHS,
  heldAnswerSchema,
  makerCheckerBodySchema,
  makerCheckerChangeSchema,
  makerCheckerSettingsSchema,
  pendingActionCountSchema,
  pendingActionDecisionSchema,
  pendingActionIdParamsSchema,
  pendingActionListQuerySchema,
  pendingActionListSchema,
  pendingActionRejectBodySchema,
  pendingActionSchema,
  type MakerCheckerBody,
} from '@loan/shared-contract';
import { defineRoute, registerRoutes, type RouteContext } from '../http/route';
import { defineCommand } from './command';
import * as service from './service';

type Ctx = Pick<RouteContext<unknown, unknown, unknown>, 'user' | 'auditActor' | 'req'>;
const checkerOf = (ctx: Ctx): service.Checker => ({
  user: { id: ctx.user.id, fullname: ctx.user.fullname, roleId: ctx.user.roleId, branchId: ctx.user.branchId, permissions: ctx.user.permissions },
  audit: ctx.auditActor,
});

const changeAnswer = z.union([makerCheckerChangeSchema, heldAnswerSchema]);

/**
 * The checker inbox (`/approvals`), its decisions, the top bar's count, the maker-checker
 * setting, and the job that marks expired requests. Registered once by the api.
 */
export const approvalsServer: FastifyPluginAsync = async (app) => {
  const registry = app.commands;
  // The setting itself is a checked action: once "Maker-checker settings" needs a checker,
  // nobody switches the second pair of eyes off alone.
  const settingsCommand = defineCommand<MakerCheckerBody, null, null>({
    name: 'settings.maker_checker',
    label: 'Maker-checker settings',
    permission: P.editSettings,
    input: makerCheckerBodySchema,
    dedupeKey: () => 'settings.maker_checker',
    summary: async (db, _actor, input) => {
      const current = await service.readMakerChecker(db, registry);
      const lines = input.rules.flatMap((r) => {
        const was = current.rules.find((c) => c.command === r.command);
        const fmt = (required: boolean, above: string | null | undefined) => (required ? (above ? `needs a checker above ${above}` : 'needs a checker') : 'no checker');
        const before = was ? fmt(was.required, was.above) : null;
        const after = fmt(r.required, r.above ?? null);
        return before === after ? [] : [{ label: was?.label ?? r.command, before, after }];
      });
      return { title: 'Change which actions need a second person', lines, link: '/settings/maker-checker', entity: 'maker_checker', entityId: null, branchId: null };
    },
    run: async (tx, actor, input) => {
      await service.writeMakerChecker(tx, registry, actor.audit, input);
      return null;
    },
  });
  registry.register(settingsCommand);

  app.jobs.register('approvals.expire', async () => service.expirePendingActions(app.db), { schedule: '*/10 * * * *', retryLimit: 1 });

  registerRoutes(app, [
    defineRoute({
      method: 'GET',
      url: APPROVALS_PATHS.list,
      // Anyone signed in sees their own requests; a checker also sees the others' (in scope).
      auth: 'session',
      query: pendingActionListQuerySchema,
      response: pendingActionListSchema,
      handler: ({ db, user, query }) => service.listRequests(db, registry, user, query),
    }),
    defineRoute({
      method: 'GET',
      url: APPROVALS_PATHS.count,
      auth: P.checkPendingActions,
      response: pendingActionCountSchema,
      handler: async ({ db, user }) => ({ count: await service.countDecidable(db, user) }),
    }),
    defineRoute({
      method: 'GET',
      url: APPROVALS_PATHS.byId,
      auth: 'session',
      params: pendingActionIdParamsSchema,
      response: pendingActionSchema,
      handler: ({ db, user, params }) => service.requestById(db, registry, user, params.id),
    }),
    defineRoute({
      method: 'POST',
      url: APPROVALS_PATHS.approve,
      auth: P.checkPendingActions,
      params: pendingActionIdParamsSchema,
      response: pendingActionDecisionSchema,
      handler: async (ctx) => {
        const data = await service.approve({ db: ctx.db, ports: app.ports, config: app.config, jobs: app.jobs }, registry, checkerOf(ctx), ctx.params.id);
        return { message: 'Approved: the action was carried out.', data };
      },
    }),
    defineRoute({
      method: 'POST',
      url: APPROVALS_PATHS.reject,
      auth: P.checkPendingActions,
      params: pendingActionIdParamsSchema,
      body: pendingActionRejectBodySchema,
      response: pendingActionDecisionSchema,
      handler: async (ctx) => {
        const data = await service.reject(ctx.db, registry, checkerOf(ctx), ctx.params.id, ctx.body.reason);
        return { message: 'Rejected.', data };
      },
    }),
    defineRoute({
      method: 'GET',
      url: SETTINGS_PATHS.makerChecker,
      auth: P.editSettings,
      response: makerCheckerSettingsSchema,
      handler: ({ db }) => service.readMakerChecker(db, registry),
    }),
    defineRoute({
      method: 'PUT',
      url: SETTINGS_PATHS.makerChecker,
      auth: P.editSettings,
      body: makerCheckerBodySchema,
      response: changeAnswer,
      handler: async (ctx) => {
        const out = await service.runChecked(ctx, settingsCommand, ctx.body);
        if (out && typeof out === 'object' && 'held' in out) return out;
        return { message: 'Maker-checker settings saved.', data: await service.readMakerChecker(ctx.db, registry) };
      },
    }),
  ]);
};
