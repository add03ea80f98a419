import {
  P,
  REPAYMENT_PATHS,
  REPAYMENT_TEMPLATE_FILENAME,
  REPAYMENT_UPLOAD_MAX_BYTES,
  bulkUploadBodySchema,
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
} from '@loan/shared-contract';
import { defineRoute, type RouteContext } from '@loan/shared-server';
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
    auth: P.addRepayments,
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
    response: repaymentResultSchema,
    handler: (ctx) => service.reverse(ctx.db, actorOf(ctx), ctx.params.id, ctx.body.reason),
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
  defineRoute({
    method: 'POST',
    url: REPAYMENT_PATHS.bulkUpload,
    auth: P.addRepayments,
    query: bulkUploadQuerySchema,
    body: bulkUploadBodySchema,
    bodyLimit: REPAYMENT_UPLOAD_MAX_BYTES,
    response: bulkUploadReportSchema,
    handler: async (ctx) => {
      try {
        return await bulk.upload(ctx.db, ctx.req.server.jobs, actorOf(ctx), ctx.body.csv, { confirm: ctx.query.confirm ?? false, fileName: ctx.query.file_name });
      } catch (err) {
        if (err instanceof bulk.UploadRefused) return ctx.reply.code(422).send({ message: err.message, errors: {}, report: err.report });
        throw err;
      }
    },
  }),
];
