import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import {
  DISBURSEMENTS_PATHS,
  disburseBulkBodySchema,
  disburseBulkResultSchema,
  disbursementDetailsSchema,
  disbursementExportQuerySchema,
  disbursementListQuerySchema,
  disbursementListSchema,
  disburseSingleBodySchema,
  disburseSingleResultSchema,
  idParamsSchema,
  P,
  payableListQuerySchema,
  payableListSchema,
  reconcileBodySchema,
  reconcileResultSchema,
  disbursementSchema,
  orHeld,
} from '@loan/shared-contract';
import {
  defineRoute,
  mobileMoneyCallbackSecret,
  mtnStatusFromBody,
  needsChecker,
  runChecked,
  registerSignedCallback,
  type RouteContext,
} from '@loan/shared-server';
import * as service from './service';
import * as disburse from './disburse';
import { withIdempotency } from './idempotency';
import { disburseSingleCommand } from '../checked-commands';

export const NEEDS_CHECKER_ALONE = 'Above the amount that needs a second person: pay it on its own, and someone else approves it.';

type Ctx = Pick<RouteContext<unknown, unknown, unknown>, 'scope' | 'auditActor' | 'req'>;
const actorOf = (ctx: Ctx): disburse.Actor => ({ audit: ctx.auditActor, scope: ctx.scope });

/** The disbursement routes of the transactions domain. */
export const disbursementRoutes = [
  defineRoute({
    method: 'GET',
    url: DISBURSEMENTS_PATHS.list,
    auth: P.viewAllDisbursements,
    query: disbursementListQuerySchema,
    response: disbursementListSchema,
    handler: ({ db, scope, query }) => service.listDisbursements(db, scope, query),
  }),
  defineRoute({
    method: 'GET',
    url: DISBURSEMENTS_PATHS.export,
    auth: P.viewAllDisbursements,
    query: disbursementExportQuerySchema,
    response: null,
    handler: ({ db, scope, query, reply }) =>
      reply
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-store')
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="disbursements.csv"')
        .send(Readable.from(service.exportCsv(db, scope, query))),
  }),
  defineRoute({
    method: 'GET',
    url: DISBURSEMENTS_PATHS.byId,
    auth: P.viewAllDisbursements,
    params: idParamsSchema,
    response: disbursementDetailsSchema,
    handler: ({ db, scope, params }) => service.disbursementById(db, scope, params.id),
  }),
  defineRoute({
    method: 'GET',
    url: DISBURSEMENTS_PATHS.payable,
    auth: P.viewInstantDisbursements,
    query: payableListQuerySchema,
    response: payableListSchema,
    handler: ({ db, scope, query }) => service.payable(db, scope, query),
  }),
  defineRoute({
    method: 'POST',
    url: DISBURSEMENTS_PATHS.disburseSingle,
    auth: P.instantSingleDisburse,
    body: disburseSingleBodySchema,
    // The payment, or (above the maker-checker setting's amount) the request waiting for a checker: 202.
    response: orHeld(disburseSingleResultSchema),
    handler: (ctx) => withIdempotency(ctx.db, ctx.req, ctx.reply, ctx.user.id, ctx.body, () => runChecked(ctx, disburseSingleCommand, ctx.body)),
  }),
  defineRoute({
    method: 'POST',
    url: DISBURSEMENTS_PATHS.disburseBulk,
    auth: P.instantBulkDisburse,
    body: disburseBulkBodySchema,
    response: disburseBulkResultSchema,
    handler: (ctx) =>
      withIdempotency(ctx.db, ctx.req, ctx.reply, ctx.user.id, ctx.body, async () => {
        const batchId = ctx.body.batch ?? `B-${randomUUID()}`;
        // A loan that would need a second person paid alone is never paid in a batch (maker-checker).
        const held = new Set<number>();
        for (const id of ctx.body.application_ids) if (await needsChecker(ctx.db, disburseSingleCommand, { application_id: id })) held.add(id);
        const free = ctx.body.application_ids.filter((id) => !held.has(id));
        const paid = free.length ? await disburse.disburseMany(ctx.db, ctx.req.server.ports, actorOf(ctx), free, batchId, service.toDto) : [];
        const byId = new Map(paid.map((r) => [r.application_id, r]));
        const results = ctx.body.application_ids.map(
          (id) => byId.get(id) ?? { application_id: id, outcome: 'refused' as const, disbursement: null, message: NEEDS_CHECKER_ALONE },
        );
        return { batch_id: batchId, results };
      }),
  }),
  defineRoute({
    method: 'POST',
    url: DISBURSEMENTS_PATHS.refresh,
    auth: P.viewAllDisbursements,
    params: idParamsSchema,
    response: disbursementSchema,
    handler: async ({ db, scope, params, req }) => {
      const row = await service.disbursementById(db, scope, params.id);
      const current = await disburse.refreshOne(db, req.server.ports, row.id);
      return service.toDto(current);
    },
  }),
  defineRoute({
    method: 'POST',
    url: DISBURSEMENTS_PATHS.retry,
    // Sending money again: the same permission as paying one loan.
    auth: P.instantSingleDisburse,
    params: idParamsSchema,
    response: disburseSingleResultSchema,
    handler: (ctx) =>
      withIdempotency(ctx.db, ctx.req, ctx.reply, ctx.user.id, { retry: ctx.params.id }, async () => {
        const row = await disburse.retry(ctx.db, ctx.req.server.ports, actorOf(ctx), ctx.params.id);
        return { disbursement: service.toDto(row) };
      }),
  }),
  defineRoute({
    method: 'POST',
    url: DISBURSEMENTS_PATHS.reconcile,
    auth: P.reconcileDisbursements,
    body: reconcileBodySchema,
    response: reconcileResultSchema,
    handler: (ctx) => disburse.reconcile(ctx.db, actorOf(ctx), ctx.body.ids),
  }),
  defineRoute({
    method: 'DELETE',
    url: DISBURSEMENTS_PATHS.remove,
    auth: P.deleteDisbursements,
    params: idParamsSchema,
    response: null,
    handler: async (ctx) => {
      await disburse.remove(ctx.db, actorOf(ctx), ctx.params.id);
      return ctx.reply.code(204).send();
    },
  }),
];

/**
 * The provider's callback (public, authenticated by the HMAC of the raw body). Settling is
 * idempotent: a repeated callback is recorded as a message and changes nothing.
 */
export async function registerCallback(app: FastifyInstance): Promise<void> {
  await registerSignedCallback(app, {
    url: DISBURSEMENTS_PATHS.callback,
    secret: () => mobileMoneyCallbackSecret(),
    rateLimit: { limit: 600, windowSeconds: 60 },
    what: 'disbursement',
    settle: (db, body) => disburse.callback(db, app.ports, body.referenceId, mtnStatusFromBody(body)),
    notFound: 'Disbursement not found.',
  });
}
