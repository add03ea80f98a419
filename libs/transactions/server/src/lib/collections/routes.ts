import type { FastifyInstance } from 'fastify';
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
  collectionCallbackSecret,
  defineRoute,
  mtnCollectionFromBody,
  registerRoutes,
  registerSignedCallback,
} from '@loan/shared-server';
import { repaymentsServiceRecorder, type RecordRepayment } from './post';
import * as service from './service';

export const COLLECTIONS_POLL_JOB = 'collections-poll';

export interface CollectionsOptions {
  /** How a collection becomes a repayment; the loan account's `repay` drops in here. Default: the repayments service. */
  recordRepayment?: RecordRepayment;
}

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
  await registerSignedCallback(app, {
    url: COLLECTIONS_PATHS.callback,
    secret: () => collectionCallbackSecret(),
    rateLimit: { limit: 1200, windowSeconds: 60 },
    what: 'collection',
    settle: (db, body) => service.callback(db, deps(), body.referenceId, mtnCollectionFromBody(body)),
    notFound: 'Collection request not found.',
  });
  app.jobs.register(COLLECTIONS_POLL_JOB, () => service.pollPending(app.db, deps()), { schedule: '* * * * *', retryLimit: 0 });
}
