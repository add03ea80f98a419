import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { registerRoutes } from '@loan/shared-server';
import { disbursementRoutes, registerCallback } from './disbursements/routes';
import { settlePending } from './disbursements/disburse';

/** The transactions domain's api: the routes of each part (disbursements, repayments), one plugin. */
export const transactionsServer: FastifyPluginAsync = async (app) => {
  registerRoutes(app, [...disbursementRoutes]);
  await registerCallback(app);
};

/**
 * Asks the provider every `intervalMs` about the disbursements still pending (the status poll
 * of the mobile-money shape; a callback may settle them sooner). Started by the api's main, not
 * by tests. Settling is idempotent (row lock), so several api instances may poll.
 */
export function startDisbursementPoller(app: FastifyInstance, intervalMs = 2000): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    settlePending(app.db, app.ports)
      .catch((err) => app.log.warn({ err }, 'disbursement poll failed'))
      .finally(() => (running = false));
  }, intervalMs);
  timer.unref();
  const stop = () => clearInterval(timer);
  app.addHook('onClose', async () => stop());
  return stop;
}
