import type { FastifyPluginAsync } from 'fastify';
import { accountsModule } from './lib/accounts/routes';
import { ledgerModule } from './lib/ledger/routes';

/** The accounting domain's api (issue 27): the chart of accounts and the journal. */
export const accountingServer: FastifyPluginAsync = async (app) => {
  await app.register(accountsModule);
  await app.register(ledgerModule);
};
