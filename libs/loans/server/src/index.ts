import type { FastifyPluginAsync } from 'fastify';
import { loansModule } from './lib/loans/routes';
import { offerLettersModule } from './lib/offer-letters/routes';
import { loanDiskModule } from './lib/loan-disk/routes';
import { productsModule } from './lib/products/routes';
import { accountModule } from './lib/account/routes';
import { chargePenalties, PENALTY_JOB } from '@loan/loans-account';

/** Loan applications and top-ups, their offer letters (contracts), the loan products and the loan accounts' details. */
export const loansServer: FastifyPluginAsync = async (app) => {
  await app.register(offerLettersModule);
  await app.register(loansModule);
  await app.register(loanDiskModule);
  await app.register(productsModule);
  await app.register(accountModule);
  // The daily penalty job (issue 26): once a day at 00:30 business time, across every api instance
  // (pg-boss schedule); idempotent, so a retry or a second run the same day changes nothing.
  app.jobs.register(PENALTY_JOB, async () => void (await chargePenalties(app.db)), { schedule: '30 0 * * *', retryLimit: 2 });
};
