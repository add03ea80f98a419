import type { FastifyPluginAsync } from 'fastify';
import {
  API,
  CLOSED_UNSIGNED_CSV_FILENAME,
  LOAN_KIND_PERMISSIONS,
  LOAN_STATUSES,
  P,
  closedUnsignedReportQuerySchema,
  closedUnsignedStatsQuerySchema,
  idParamsSchema,
  loanAllQuerySchema,
  loanByIdQuerySchema,
  loanByStatusQuerySchema,
  loanCommentBodySchema,
  loanCommentStatusBodySchema,
  loanDeleteSchema,
  loanExportFilename,
  loanExportQuerySchema,
  loanFilterQuerySchema,
  loanMonthlyStatsQuerySchema,
  loanRequestsStatsQuerySchema,
  loanSearchQuerySchema,
  loanStatsByStatusQuerySchema,
  loanTotalValueQuerySchema,
  loanUpdateBodySchema,
  unsignedClosedQuerySchema,
  type LoanKind,
  closedUnsignedStatsSchema,
  deleteResultSchema,
  loanApplicationSchema,
  loanCommentSchema,
  loanListSchema,
  loanMonthlyStatsSchema,
  loanRequestsStatsSchema,
  loanStatusStatsSchema,
  monthlyTotalSchema,
} from '@loan/shared-contract';
import { defineRoute, fileNameFor, registerRoutes, TABLE_FILE_MIME, type RouteContext, type RouteDef } from '@loan/shared-server';
import * as service from './service';

/** The service's view of the caller, from the route context. */
function actorOf(ctx: RouteContext<unknown, unknown, unknown>): service.Actor {
  return {
    userId: ctx.user.id,
    scope: ctx.scope,
    can: (p) => ctx.can(p),
    who: ctx.auditActor,
  };
}

/**
 * The routes of one kind under its base path: `loanRoutes('application', '/api/applyForLoan')`
 * now, `loanRoutes('topup', '/api/loanTopUp')` for top-ups. HTTP only; rules live in service.ts.
 */
export function loanRoutes(kind: LoanKind, base: string): RouteDef[] {
  const perms = LOAN_KIND_PERMISSIONS[kind];
  const byStatusAny = { anyOf: LOAN_STATUSES.map((s) => perms.byStatus[s]) };
  // Aggregates: the loan lists, the dashboard and the reports show them.
  const statsAuth = { anyOf: [perms.list, P.viewDashboard, P.viewReportsModule] };
  return [
    defineRoute({
      method: 'GET',
      url: `${base}/all`,
      response: loanListSchema,
      auth: perms.list,
      query: loanAllQuerySchema,
      handler: ({ db, query, scope }) => service.listAll(db, kind, query, scope),
    }),
    defineRoute({
      method: 'GET',
      url: `${base}/filter`,
      response: loanListSchema,
      auth: perms.list,
      query: loanFilterQuerySchema,
      handler: ({ db, query, scope }) => service.filter(db, kind, query, scope),
    }),
    defineRoute({
      method: 'GET',
      url: `${base}/byStatus`,
      response: loanListSchema,
      auth: byStatusAny,
      query: loanByStatusQuerySchema,
      handler: (ctx) => service.listByStatus(ctx.db, kind, ctx.query, actorOf(ctx)),
    }),
    defineRoute({
      method: 'GET',
      url: `${base}/export`,
      response: null,
      auth: byStatusAny,
      query: loanExportQuerySchema,
      handler: async (ctx) => {
        const stream = await service.exportCsv(ctx.db, kind, ctx.query, actorOf(ctx));
        return ctx.reply
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'no-store')
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${loanExportFilename(kind, ctx.query.status)}"`)
          .send(stream);
      },
    }),
    defineRoute({
      method: 'GET',
      url: `${base}/search`,
      response: loanListSchema,
      auth: perms.list,
      query: loanSearchQuerySchema,
      handler: ({ db, query, scope }) => service.search(db, kind, query, scope),
    }),
    defineRoute({
      method: 'GET',
      url: `${base}/byId/:id`,
      response: loanApplicationSchema,
      auth: perms.view,
      params: idParamsSchema,
      query: loanByIdQuerySchema,
      handler: ({ db, params, query, scope }) => service.byId(db, kind, params.id, query.relations, scope),
    }),
    defineRoute({
      method: 'PUT',
      url: `${base}/update`,
      response: loanApplicationSchema,
      auth: { anyOf: [perms.edit, perms.transition.approved, perms.transition.rejected, perms.transition.closed] },
      body: loanUpdateBodySchema,
      handler: (ctx) => service.update(ctx.db, kind, ctx.body, actorOf(ctx)),
    }),
    defineRoute({
      method: 'PUT',
      url: `${base}/comment`,
      response: loanCommentSchema,
      auth: perms.edit,
      body: loanCommentBodySchema,
      handler: (ctx) => service.addComment(ctx.db, kind, ctx.body, actorOf(ctx)),
    }),
    defineRoute({
      method: 'PUT',
      url: `${base}/comment-status`,
      response: loanCommentSchema,
      auth: perms.edit,
      body: loanCommentStatusBodySchema,
      handler: (ctx) => service.setCommentStatus(ctx.db, kind, ctx.body, actorOf(ctx)),
    }),
    defineRoute({
      method: 'DELETE',
      url: `${base}/delete`,
      response: deleteResultSchema,
      auth: perms.delete,
      body: loanDeleteSchema,
      handler: (ctx) => service.remove(ctx.db, kind, ctx.body.ids, actorOf(ctx)),
    }),
    defineRoute({
      method: 'GET',
      url: `${base}/requests-stats`,
      response: loanRequestsStatsSchema,
      auth: statsAuth,
      query: loanRequestsStatsQuerySchema,
      handler: ({ db, query, scope }) => service.requestsStats(db, kind, query, scope),
    }),
    defineRoute({
      method: 'GET',
      url: `${base}/stats/byStatus`,
      response: loanStatusStatsSchema,
      auth: statsAuth,
      query: loanStatsByStatusQuerySchema,
      handler: ({ db, query, scope }) => service.statsByStatus(db, kind, query, scope),
    }),
    defineRoute({
      method: 'GET',
      url: `${base}/total-value`,
      response: monthlyTotalSchema,
      auth: statsAuth,
      query: loanTotalValueQuerySchema,
      handler: ({ db, query, scope }) => service.totalValue(db, kind, query, scope),
    }),
    defineRoute({
      method: 'GET',
      url: `${base}/monthly-stats`,
      response: loanMonthlyStatsSchema,
      auth: statsAuth,
      query: loanMonthlyStatsQuerySchema,
      handler: ({ db, query, scope }) => service.monthlyStats(db, kind, query, scope),
    }),
    defineRoute({
      method: 'GET',
      url: `${base}/unsigned-closed`,
      response: loanListSchema,
      auth: { anyOf: [perms.byStatus.closed, P.viewReportsModule] },
      query: unsignedClosedQuerySchema,
      handler: ({ db, query, scope }) => service.unsignedClosed(db, kind, query, scope),
    }),
    defineRoute({
      method: 'GET',
      url: `${base}/reports/closed-unsigned`,
      response: null,
      auth: P.viewReportsModule,
      query: closedUnsignedReportQuerySchema,
      handler: async ({ db, query, reply, scope }) => {
        const stream = await service.closedUnsignedReport(db, kind, query, scope);
        reply.header('x-content-type-options', 'nosniff');
        if (query.format === 'json') {
          reply.type('application/json; charset=utf-8');
        } else {
          reply
            .type(TABLE_FILE_MIME[query.format])
            .header('content-disposition', `attachment; filename="${fileNameFor(CLOSED_UNSIGNED_CSV_FILENAME, query.format)}"`);
        }
        return reply.send(stream);
      },
    }),
    defineRoute({
      method: 'GET',
      url: `${base}/reports/closed-unsigned-stats-by-branch`,
      response: closedUnsignedStatsSchema,
      auth: P.viewReportsModule,
      query: closedUnsignedStatsQuerySchema,
      handler: ({ db, query, scope }) => service.closedUnsignedStatsByBranch(db, kind, query, scope),
    }),
  ];
}

/**
 * Loan applications (/api/applyForLoan) and top-ups (/api/loanTopUp): one set of routes,
 * parameterised by kind (create and check-record belong to the borrower module).
 */
export const loansModule: FastifyPluginAsync = async (app) => {
  registerRoutes(app, loanRoutes('application', API.applications));
  registerRoutes(app, loanRoutes('topup', API.topups));
};
