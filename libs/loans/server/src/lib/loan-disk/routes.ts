import type { FastifyPluginAsync } from 'fastify';
import { LOAN_DISK_PATHS, P, loanDiskQuerySchema, loanDiskSchema } from '@loan/shared-contract';
import { defineRoute, registerRoutes } from '@loan/shared-server';
import { loanDisk } from './service';

/**
 * `GET /api/loan-disk/loanById?id=`: one loan with its schedule, balance and repayments
 * (the details page's panel and the repayment screens read it). Whoever may view the
 * application (or top-up), or the repayments, may read it.
 */
export const loanDiskModule: FastifyPluginAsync = async (app) => {
  registerRoutes(app, [
    defineRoute({
      method: 'GET',
      url: LOAN_DISK_PATHS.loanById,
      auth: { anyOf: [P.viewApplication, P.viewTopup, P.viewRepayments] },
      query: loanDiskQuerySchema,
      response: loanDiskSchema,
      handler: (ctx) => loanDisk(ctx.db, ctx.query.id, { scope: ctx.scope, can: (p) => ctx.can(p) }),
    }),
  ]);
};
