import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
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
  CALLBACK_SIGNATURE_HEADER,
  defineRoute,
  HttpError,
  mobileMoneyCallbackSecret,
  mtnStatusFromBody,
  registerRoutes,
  needsChecker,
  runChecked,
  verifyCallback,
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

const rawBodies = new WeakMap<FastifyRequest, string>();

const callbackBodySchema = z
  .object({
    referenceId: z.string().min(1).max(100),
    status: z.string().min(1).max(40),
    financialTransactionId: z.string().max(100).optional(),
    reason: z.unknown().optional(),
  })
  .passthrough();

/**
 * The provider's callback (public: the provider has no session). It is authenticated by the
 * shared secret: `X-Callback-Signature` = hex HMAC-SHA256 of the raw body. Settling is
 * idempotent: a repeated callback is recorded as a message and changes nothing.
 */
export const callbackRoute = defineRoute({
  method: 'POST',
  url: DISBURSEMENTS_PATHS.callback,
  auth: 'public',
  // Server to server: no browser, no CSRF token; the signature authenticates it.
  csrf: false,
  rateLimit: { limit: 600, windowSeconds: 60 },
  response: z.object({ ok: z.boolean() }).strict(),
  handler: async ({ req, db }) => {
    const raw = rawBodies.get(req) ?? '';
    const sig = req.headers[CALLBACK_SIGNATURE_HEADER];
    if (!verifyCallback(mobileMoneyCallbackSecret(), raw, Array.isArray(sig) ? sig[0] : sig)) throw new HttpError(401, 'Bad callback signature.');
    const parsed = callbackBodySchema.safeParse(req.body);
    if (!parsed.success) throw new HttpError(422, 'The callback is malformed.');
    const found = await disburse.callback(db, req.server.ports, parsed.data.referenceId, mtnStatusFromBody(parsed.data));
    if (!found) throw new HttpError(404, 'Disbursement not found.');
    return { ok: true };
  },
});

/** Registers the callback in its own context, whose JSON parser keeps the raw body for the signature. */
export async function registerCallback(app: FastifyInstance): Promise<void> {
  await app.register(async (child) => {
    child.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 64 * 1024 }, (req, body, done) => {
      rawBodies.set(req, body as string);
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(new HttpError(400, 'Malformed JSON body.'), undefined);
      }
    });
    registerRoutes(child, [callbackRoute]);
  });
}
