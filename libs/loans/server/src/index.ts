import type { FastifyPluginAsync } from 'fastify';
import { loansModule } from './lib/loans/routes';
import { offerLettersModule } from './lib/offer-letters/routes';
import { loanDiskModule } from './lib/loan-disk/routes';
import { productsModule } from './lib/products/routes';
import { accountModule } from './lib/account/routes';

/** Loan applications and top-ups, their offer letters (contracts), the loan products and the loan accounts' details. */
export const loansServer: FastifyPluginAsync = async (app) => {
  await app.register(offerLettersModule);
  await app.register(loansModule);
  await app.register(loanDiskModule);
  await app.register(productsModule);
  await app.register(accountModule);
};
