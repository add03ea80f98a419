import type { FastifyPluginAsync } from 'fastify';
import {
  LOAN_ACCOUNT_COMMAND_PATHS,
  LOAN_ACCOUNT_PATHS,
  P,
  idParamsSchema,
  loanAccountDetailsSchema,
  loanRecoveryBodySchema,
  loanReschedulePreviewSchema,
  loanRescheduleBodySchema,
  loanSettleBodySchema,
  loanSettlementQuoteSchema,
  loanWaiverBodySchema,
  loanWriteOffBodySchema,
} from '@loan/shared-contract';
import { defineRoute, inScope, notFound, queryRows, registerRoutes, type Db, type RouteContext } from '@loan/shared-server';
import { sql } from 'drizzle-orm';
import {
  accountDetails,
  recordRecovery,
  rescheduleLoan,
  reschedulePreview,
  settleLoan,
  settlementQuoteOf,
  waiveCharges,
  writeOff,
  type AccountActor,
} from '@loan/loans-account';

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

const actorOf = (ctx: RouteContext<unknown, unknown, unknown>): AccountActor => ({ userId: ctx.user.id, who: ctx.auditActor });

/** 404 (as unknown) unless the loan is inside the caller's branches. */
async function inCallerScope(db: Db, scope: RouteContext<unknown, unknown, unknown>['scope'], id: number): Promise<void> {
  const [loan] = await queryRows<{ branch_id: number | null }>(db, sql`SELECT branch_id::int AS branch_id FROM loan_applications WHERE id = ${id}`);
  if (!loan || !inScope(scope, loan.branch_id)) throw notFound('Loan account');
}

/**
 * The loan account's money commands (issue 26): one database transaction each, the account
 * locked first, 422 naming the field with nothing written; the answer is the account's details.
 */
export const accountCommandRoutes = [
  defineRoute({
    method: 'POST',
    url: LOAN_ACCOUNT_COMMAND_PATHS.waive,
    auth: P.waiveLoanCharges,
    params: idParamsSchema,
    body: loanWaiverBodySchema,
    response: loanAccountDetailsSchema,
    handler: async (ctx) => {
      // The branch check reads inside the command's transaction, with its write.
      return ctx.db.transaction(async (tx) => {
        await inCallerScope(tx, ctx.scope, ctx.params.id);
        return waiveCharges(tx, actorOf(ctx), ctx.params.id, ctx.body);
      });
    },
  }),
  defineRoute({
    method: 'POST',
    url: LOAN_ACCOUNT_COMMAND_PATHS.writeOff,
    auth: P.writeOffLoans,
    params: idParamsSchema,
    body: loanWriteOffBodySchema,
    response: loanAccountDetailsSchema,
    handler: async (ctx) => {
      // The branch check reads inside the command's transaction, with its write.
      return ctx.db.transaction(async (tx) => {
        await inCallerScope(tx, ctx.scope, ctx.params.id);
        return writeOff(tx, actorOf(ctx), ctx.params.id, ctx.body.reason);
      });
    },
  }),
  defineRoute({
    method: 'POST',
    url: LOAN_ACCOUNT_COMMAND_PATHS.recovery,
    auth: P.addRepayments,
    params: idParamsSchema,
    body: loanRecoveryBodySchema,
    response: loanAccountDetailsSchema,
    handler: async (ctx) => {
      const b = ctx.body;
      // The branch check reads inside the command's transaction, with its write.
      return ctx.db.transaction(async (tx) => {
        await inCallerScope(tx, ctx.scope, ctx.params.id);
        return recordRecovery(tx, actorOf(ctx), ctx.params.id, { amount: b.amount, paidAt: b.paid_at, reference: b.reference });
      });
    },
  }),
  defineRoute({
    method: 'GET',
    url: LOAN_ACCOUNT_COMMAND_PATHS.settlementQuote,
    auth: P.viewApplication,
    params: idParamsSchema,
    response: loanSettlementQuoteSchema,
    handler: async (ctx) => {
      await inCallerScope(ctx.db, ctx.scope, ctx.params.id);
      return settlementQuoteOf(ctx.db, ctx.params.id);
    },
  }),
  defineRoute({
    method: 'POST',
    url: LOAN_ACCOUNT_COMMAND_PATHS.settle,
    auth: P.addRepayments,
    params: idParamsSchema,
    body: loanSettleBodySchema,
    response: loanAccountDetailsSchema,
    handler: async (ctx) => {
      // The branch check reads inside the command's transaction, with its write.
      return ctx.db.transaction(async (tx) => {
        await inCallerScope(tx, ctx.scope, ctx.params.id);
        return settleLoan(tx, actorOf(ctx), ctx.params.id, ctx.body);
      });
    },
  }),
  defineRoute({
    method: 'POST',
    url: LOAN_ACCOUNT_COMMAND_PATHS.reschedulePreview,
    auth: P.rescheduleLoans,
    params: idParamsSchema,
    body: loanRescheduleBodySchema,
    response: loanReschedulePreviewSchema,
    handler: async (ctx) => {
      await inCallerScope(ctx.db, ctx.scope, ctx.params.id);
      const b = ctx.body;
      return reschedulePreview(ctx.db, actorOf(ctx), ctx.params.id, { tenure: b.tenure, monthlyRatePercent: b.monthly_rate_percent, reason: b.reason });
    },
  }),
  defineRoute({
    method: 'POST',
    url: LOAN_ACCOUNT_COMMAND_PATHS.reschedule,
    auth: P.rescheduleLoans,
    params: idParamsSchema,
    body: loanRescheduleBodySchema,
    response: loanAccountDetailsSchema,
    handler: async (ctx) => {
      const b = ctx.body;
      // The branch check reads inside the command's transaction, with its write.
      return ctx.db.transaction(async (tx) => {
        await inCallerScope(tx, ctx.scope, ctx.params.id);
        return rescheduleLoan(tx, actorOf(ctx), ctx.params.id, { tenure: b.tenure, monthlyRatePercent: b.monthly_rate_percent, reason: b.reason });
      });
    },
  }),
];

export const accountModule: FastifyPluginAsync = async (app) => registerRoutes(app, [...accountRoutes, ...accountCommandRoutes]);
