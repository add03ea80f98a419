import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  collectionRequestBodySchema,
  collectionSchema,
  COLLECTIONS_PATHS,
  idParamsSchema,
  P,
  suspenseItemSchema,
  suspenseListQuerySchema,
  suspenseListSchema,
  suspenseMatchBodySchema,
  suspenseRefundBodySchema,
} from '@loan/shared-contract';
import {
  CALLBACK_SIGNATURE_HEADER,
  collectionCallbackSecret,
  defineRoute,
  HttpError,
  mtnCollectionFromBody,
  refusedCallbackLog,
  registerRoutes,
  verifyCallback,
} from '@loan/shared-server';
import { repaymentsServiceRecorder, type RecordRepayment } from './post';
import * as service from './service';

export const COLLECTIONS_POLL_JOB = 'collections-poll';

export interface CollectionsOptions {
  /** How a collection becomes a repayment; the loan account's `repay` drops in here. Default: the repayments service. */
  recordRepayment?: RecordRepayment;
}

const rawBodies = new WeakMap<FastifyRequest, string>();
const callbackBodySchema = z
  .object({
    referenceId: z.string().min(1).max(100),
    status: z.string().min(1).max(40),
    financialTransactionId: z.string().max(100).optional(),
    amount: z.string().max(20).optional(),
    reason: z.unknown().optional(),
  })
  .passthrough();

/** Registers the collection and suspense routes and the poll job (every minute, once across instances). */
export async function registerCollections(app: FastifyInstance, opts: CollectionsOptions = {}): Promise<void> {
  const deps = (): service.Deps => ({
    port: app.ports.collection,
    record: opts.recordRepayment ?? repaymentsServiceRecorder(app.ports.sms),
    callbackUrl: app.config.publicUrl ? `${app.config.publicUrl}${COLLECTIONS_PATHS.callback}` : undefined,
  });
  registerRoutes(app, [
    defineRoute({
      method: 'POST',
      url: COLLECTIONS_PATHS.request,
      auth: P.requestPayment,
      body: collectionRequestBodySchema,
      response: collectionSchema,
      handler: async (ctx) => ctx.reply.code(201).send(await service.requestPayment(ctx.db, deps(), { audit: ctx.auditActor, scope: ctx.scope }, ctx.body)),
    }),
    defineRoute({
      method: 'GET',
      url: COLLECTIONS_PATHS.byId,
      auth: { anyOf: [P.requestPayment, P.viewRepayments] },
      params: idParamsSchema,
      response: collectionSchema,
      handler: ({ db, params, scope }) => service.findRequest(db, params.id, scope),
    }),
    defineRoute({
      method: 'GET',
      url: COLLECTIONS_PATHS.suspense,
      auth: P.manageSuspense,
      query: suspenseListQuerySchema,
      response: suspenseListSchema,
      handler: ({ db, query }) => service.listSuspense(db, query),
    }),
    defineRoute({
      method: 'POST',
      url: COLLECTIONS_PATHS.suspenseMatch,
      auth: P.manageSuspense,
      params: idParamsSchema,
      body: suspenseMatchBodySchema,
      response: suspenseItemSchema,
      handler: (ctx) => service.matchSuspense(ctx.db, deps(), { audit: ctx.auditActor, scope: ctx.scope }, ctx.params.id, ctx.body.application_id),
    }),
    defineRoute({
      method: 'POST',
      url: COLLECTIONS_PATHS.suspenseRefund,
      auth: P.manageSuspense,
      params: idParamsSchema,
      body: suspenseRefundBodySchema,
      response: suspenseItemSchema,
      handler: (ctx) => service.refundSuspense(ctx.db, { audit: ctx.auditActor }, ctx.params.id, ctx.body.refund_reference),
    }),
  ]);
  // The provider's callback: public, server to server, authenticated by the HMAC of the raw body.
  await app.register(async (child) => {
    child.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 64 * 1024 }, (req, body, done) => {
      rawBodies.set(req, body as string);
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(new HttpError(400, 'Malformed JSON body.'), undefined);
      }
    });
    registerRoutes(child, [
      defineRoute({
        method: 'POST',
        url: COLLECTIONS_PATHS.callback,
        auth: 'public',
        csrf: false,
        rateLimit: { limit: 1200, windowSeconds: 60 },
        response: z.object({ ok: z.boolean() }).strict(),
        handler: async ({ req, db }) => {
          const raw = rawBodies.get(req) ?? '';
          const sig = req.headers[CALLBACK_SIGNATURE_HEADER];
          if (!verifyCallback(collectionCallbackSecret(), raw, Array.isArray(sig) ? sig[0] : sig)) {
            req.log.warn(refusedCallbackLog(raw, req.headers), 'collection callback refused: bad signature');
            throw new HttpError(401, 'Bad callback signature.');
          }
          const parsed = callbackBodySchema.safeParse(req.body);
          if (!parsed.success) throw new HttpError(422, 'The callback is malformed.');
          const found = await service.callback(db, deps(), parsed.data.referenceId, mtnCollectionFromBody(parsed.data));
          if (!found) throw new HttpError(404, 'Collection request not found.');
          return { ok: true };
        },
      }),
    ]);
  });
  app.jobs.register(COLLECTIONS_POLL_JOB, () => service.pollPending(app.db, deps()), { schedule: '* * * * *', retryLimit: 0 });
}
