import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { registerRoutes, schema } from '@loan/shared-server';
import { eq } from 'drizzle-orm';
import { AUTO_DISBURSE_JOB, runRule } from './disbursements/auto';
import { disbursementRoutes, registerCallback } from './disbursements/routes';
import { registerUploadReceipts } from './repayments/receipts';
import { autoRuleRoutes } from './disbursements/rules';
import { statementRoutes } from './disbursements/statement';
import { repaymentRoutes } from './repayments/routes';
import { settlePending } from './disbursements/disburse';

/** The transactions domain's api: the routes of each part (disbursements, repayments), one plugin. */
export const transactionsServer: FastifyPluginAsync = async (app) => {
  registerRoutes(app, [...disbursementRoutes, ...autoRuleRoutes, ...statementRoutes, ...repaymentRoutes]);
  await registerCallback(app);
  registerUploadReceipts(app);
  // Auto disbursement: every minute, once across every api instance (pg-boss schedule), each
  // active rule pays what it may (daily limit, global float DISBURSE_FLOAT_LIMIT); a loan is paid
  // once whatever races it (the same once-only path as an instant payment).
  app.jobs.register(
    AUTO_DISBURSE_JOB,
    async () => {
      const rules = await app.db.select().from(schema.autoDisburseRules).where(eq(schema.autoDisburseRules.active, true));
      for (const rule of rules) await runRule(app.db, app.ports, rule, process.env['DISBURSE_FLOAT_LIMIT'] || null);
    },
    { schedule: '* * * * *', retryLimit: 0 },
  );
};

export { AUTO_DISBURSE_JOB };

/**
 * Asks the provider every `intervalMs` about the disbursements still pending (the status poll
 * of the mobile-money shape; a callback may settle them sooner). Started by the api's main, not
 * by tests. Settling is idempotent (row lock), so several api instances may poll.
 */
export function startDisbursementPoller(app: FastifyInstance, intervalMs = 2000): () => Promise<void> {
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    running = settlePending(app.db, app.ports)
      .then(
        () => undefined,
        (err: unknown) => app.log.warn({ err }, 'disbursement poll failed'),
      )
      .finally(() => (running = undefined));
  }, intervalMs);
  timer.unref();
  // The pass under way finishes: the database closes after this (onClose hooks run last
  // registered first, and buildServer's, which closes the database, registered before).
  const stop = async () => {
    clearInterval(timer);
    await running;
  };
  app.addHook('onClose', stop);
  return stop;
}
