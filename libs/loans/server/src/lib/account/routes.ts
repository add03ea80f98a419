import type { FastifyPluginAsync } from 'fastify';
import { LOAN_ACCOUNT_PATHS, P, idParamsSchema, loanAccountDetailsSchema } from '@loan/shared-contract';
import { defineRoute, inScope, notFound, queryRows, registerRoutes } from '@loan/shared-server';
import { sql } from 'drizzle-orm';
import { accountDetails } from '@loan/loans-account';

/**
 * The loan account of a loan (the details page's schedule, ledger and balance by part):
 * `can view application`, inside the caller's branches (outside: 404, as unknown). HTTP only:
 * the figures come from the loan account (@loan/loans-account).
 */
export const accountRoutes = [
  defineRoute({
    method: 'GET',
    url: LOAN_ACCOUNT_PATHS.details,
    auth: P.viewApplication,
    params: idParamsSchema,
    response: loanAccountDetailsSchema,
    handler: async ({ db, params, scope }) => {
      const [loan] = await queryRows<{ branch_id: number | null }>(db, sql`SELECT branch_id::int AS branch_id FROM loan_applications WHERE id = ${params.id}`);
      const details = loan && inScope(scope, loan.branch_id) ? await accountDetails(db, params.id) : undefined;
      if (!details) throw notFound('Loan account');
      return details;
    },
  }),
];

export const accountModule: FastifyPluginAsync = async (app) => registerRoutes(app, accountRoutes);
