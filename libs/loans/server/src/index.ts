import type { FastifyPluginAsync } from 'fastify';
import { loansModule } from './lib/loans/routes';
import { offerLettersModule } from './lib/offer-letters/routes';
import { loanDiskModule } from './lib/loan-disk/routes';

/** Loan applications and top-ups, and their offer letters (contracts). */
export const loansServer: FastifyPluginAsync = async (app) => {
  await app.register(offerLettersModule);
  await app.register(loansModule);
  await app.register(loanDiskModule);
};
