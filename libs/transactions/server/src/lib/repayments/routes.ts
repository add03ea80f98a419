import {
  P,
  REPAYMENT_PATHS,
  REPAYMENT_TEMPLATE_FILENAME,
  REPAYMENT_UPLOAD_CONTENT_TYPE,
  REPAYMENT_UPLOAD_MAX_BYTES,
  bulkUploadQuerySchema,
  bulkUploadReportSchema,
  idParamsSchema,
  repayableLoanListSchema,
  repayableLoanQuerySchema,
  repaymentCreateBodySchema,
  repaymentDeleteBodySchema,
  repaymentFilterSchema,
  repaymentListQuerySchema,
  repaymentListSchema,
  repaymentResultSchema,
  repaymentSchema,
  repaymentUpdateBodySchema,
  orHeld,
} from '@loan/shared-contract';
import type { FastifyInstance } from 'fastify';
import { Readable } from 'node:stream';
import { HttpError, defineRoute, registerRoutes, runChecked, type RouteContext } from '@loan/shared-server';
import { reverseRepaymentCommand } from '../checked-commands';
import * as bulk from './bulk';
import * as service from './service';

const actorOf = (ctx: RouteContext<unknown, unknown, unknown>): service.Actor => ({
  userId: ctx.user.id,
  scope: ctx.scope,
  who: ctx.auditActor,
});

/** The repayment routes of the transactions domain (spec §7 "repayments (including /bulk-upload)"). */
export const repaymentRoutes = [
  defineRoute({
    method: 'GET',
    url: REPAYMENT_PATHS.list,
    auth: P.viewRepayments,
    query: repaymentListQuerySchema,
    response: repaymentListSchema,
    handler: ({ db, scope, query }) => service.list(db, query, scope),
  }),
  defineRoute({
    method: 'GET',
    url: REPAYMENT_PATHS.export,
    auth: P.viewRepayments,
    query: repaymentFilterSchema,
    response: null,
    handler: async (ctx) => {
      const stream = await service.exportCsv(ctx.db, ctx.query, ctx.scope);
      return ctx.reply
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-store')
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="repayments.csv"')
        .send(stream);
    },
  }),
  defineRoute({
    method: 'GET',
    url: REPAYMENT_PATHS.byId,
    auth: P.viewRepayments,
    params: idParamsSchema,
    response: repaymentSchema,
    handler: ({ db, scope, params }) => service.byId(db, params.id, scope),
  }),
  defineRoute({
    method: 'GET',
    url: REPAYMENT_PATHS.loans,
    // Finance matching a suspense line to a loan picks it from the same list.
    auth: { anyOf: [P.addRepayments, P.manageSuspense] },
    query: repayableLoanQuerySchema,
    response: repayableLoanListSchema,
    handler: ({ db, scope, query }) => service.payableLoans(db, query, scope),
  }),
  defineRoute({
    method: 'POST',
    url: REPAYMENT_PATHS.create,
    auth: P.addRepayments,
    body: repaymentCreateBodySchema,
    response: repaymentResultSchema,
    handler: async (ctx) => ctx.reply.code(201).send(await service.create(ctx.db, ctx.req.server.ports.sms, actorOf(ctx), ctx.body)),
  }),
  defineRoute({
    method: 'PUT',
    url: REPAYMENT_PATHS.update,
    auth: P.editRepayments,
    params: idParamsSchema,
    body: repaymentUpdateBodySchema,
    response: repaymentResultSchema,
    handler: (ctx) => service.update(ctx.db, actorOf(ctx), ctx.params.id, ctx.body),
  }),
  defineRoute({
    method: 'DELETE',
    url: REPAYMENT_PATHS.delete,
    auth: P.deleteRepayments,
    params: idParamsSchema,
    body: repaymentDeleteBodySchema,
    response: orHeld(repaymentResultSchema),
    handler: (ctx) => runChecked(ctx, reverseRepaymentCommand, { id: ctx.params.id, reason: ctx.body.reason }),
  }),
  defineRoute({
    method: 'GET',
    url: REPAYMENT_PATHS.bulkTemplate,
    auth: P.addRepayments,
    response: null,
    handler: (ctx) =>
      ctx.reply
        .header('cache-control', 'no-store')
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${REPAYMENT_TEMPLATE_FILENAME}"`)
        .send(bulk.template()),
  }),
];

/**
 * POST /bulk-upload: the CSV file itself is the body (Content-Type text/csv), read as a
 * stream (bulk.upload parses and stages it as it arrives; nothing holds the whole file).
 * A Content-Length over REPAYMENT_UPLOAD_MAX_BYTES is refused before reading (413); a body
 * without one is counted as it arrives and refused at the limit (413).
 */
const bulkUploadRoute = defineRoute({
  method: 'POST',
  url: REPAYMENT_PATHS.bulkUpload,
  auth: P.addRepayments,
  query: bulkUploadQuerySchema,
  response: bulkUploadReportSchema,
  handler: async (ctx) => {
    const body = ctx.req.body;
    if (!(body instanceof Readable)) throw new HttpError(415, `Send the CSV file itself as the body (Content-Type ${REPAYMENT_UPLOAD_CONTENT_TYPE}).`);
    if (Number(ctx.req.headers['content-length'] ?? 0) > REPAYMENT_UPLOAD_MAX_BYTES) {
      body.resume();
      throw bulk.tooLarge();
    }
    try {
      return await bulk.upload(ctx.db, ctx.req.server.jobs, actorOf(ctx), body, { confirm: ctx.query.confirm ?? false, fileName: ctx.query.file_name });
    } catch (err) {
      if (err instanceof bulk.UploadRefused) return ctx.reply.code(422).send({ message: err.message, errors: {}, report: err.report });
      throw err;
    }
  },
});

/** Registers the bulk upload in its own context, whose text/csv parser hands the handler the body's stream. */
export async function registerBulkUpload(app: FastifyInstance): Promise<void> {
  await app.register(async (child) => {
    child.addContentTypeParser(REPAYMENT_UPLOAD_CONTENT_TYPE, (_req, payload, done) => done(null, payload));
    registerRoutes(child, [bulkUploadRoute]);
  });
}
