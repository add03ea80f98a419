import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { queryRows, registerRoutes, schema } from '@loan/shared-server';
import { eq, sql } from 'drizzle-orm';
import { AUTO_DISBURSE_JOB, runRule } from './disbursements/auto';
import { disbursementRoutes, registerCallback } from './disbursements/routes';
import { registerUploadReceipts } from './repayments/receipts';
import { autoRuleRoutes } from './disbursements/rules';
import { statementRoutes } from './disbursements/statement';
import { registerBulkUpload, repaymentRoutes } from './repayments/routes';
import { settlePending } from './disbursements/disburse';
import { transactionsCommands } from './checked-commands';
import { registerCollections } from './collections/routes';

/** The transactions domain's api: the routes of each part (disbursements, repayments), one plugin. */
export const transactionsServer: FastifyPluginAsync = async (app) => {
  // The actions a second person may have to check (maker-checker; the setting decides which).
  app.commands.register(...transactionsCommands);
  registerRoutes(app, [...disbursementRoutes, ...autoRuleRoutes, ...statementRoutes, ...repaymentRoutes]);
  await registerCallback(app);
  await registerBulkUpload(app);
  registerUploadReceipts(app);
  // Mobile-money collections and suspense (issue 29); the loan account's repay replaces the recorder.
  await registerCollections(app);
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
 * A rule pays the next signed loan within seconds: every signature of an offer letter moves the
 * sequence `auto_disburse_signed_seq` (migration 1260's trigger); when it has moved since `seen`,
 * one auto-disburse run is queued: a singleton per count, so several instances queue it once,
 * and a second later, so the signing transaction has committed when the run looks. Answers the
 * count now (the first call only takes it: the minute's schedule covers what came before).
 */
export async function wakeAutoOnSigning(app: FastifyInstance, seen: string | null): Promise<string | null> {
  if (app.jobs.state !== 'running') return seen;
  const [row] = await queryRows<{ n: string }>(app.db, sql`SELECT (CASE WHEN is_called THEN last_value ELSE 0 END)::text AS n FROM auto_disburse_signed_seq`);
  if (seen !== null && row.n !== seen) await app.jobs.send(AUTO_DISBURSE_JOB, {}, { singletonKey: `signed-${row.n}`, startAfter: 1 });
  return row.n;
}

/**
 * Asks the provider every `intervalMs` about the disbursements still pending (the status poll
 * of the mobile-money shape; a callback may settle them sooner), and wakes automatic
 * disbursement when a letter was signed (wakeAutoOnSigning). Started by the api's main, not
 * by tests. Settling is idempotent (row lock), so several api instances may poll.
 */
export function startDisbursementPoller(app: FastifyInstance, intervalMs = 2000): () => Promise<void> {
  let running: Promise<void> | undefined;
  let signed: string | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = settlePending(app.db, app.ports)
      .then(
        () => undefined,
        (err: unknown) => app.log.warn({ err }, 'disbursement poll failed'),
      )
      .then(() => wakeAutoOnSigning(app, signed))
      .then(
        (n) => {
          signed = n;
        },
        (err: unknown) => app.log.warn({ err }, 'auto-disburse: could not queue a run after a signature'),
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
