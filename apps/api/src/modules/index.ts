import type { FastifyPluginAsync } from 'fastify';
import { rbacServer } from '@loan/rbac-server';
import { dashboardServer } from '@loan/dashboard-server';
import { publicBorrowerServer } from '@loan/public-borrower-server';
import { loansServer } from '@loan/loans-server';
import { transactionsServer } from '@loan/transactions-server';
import { reportsServer } from '@loan/reports-server';
import { communicationServer } from '@loan/communication-server';
import { approvalsServer } from '@loan/shared-server';
import { clientsServer } from '@loan/clients-server';
import { accountingServer } from '@loan/accounting-server';

/**
 * The domain plugins of the api (each in libs/<domain>/server), registered in this order.
 * A new domain is one line here.
 */
export const modules: readonly FastifyPluginAsync[] = [
  rbacServer,
  dashboardServer,
  publicBorrowerServer,
  loansServer,
  transactionsServer,
  reportsServer,
  communicationServer,
  // Maker-checker: the checker inbox and the setting (the commands are the domains').
  approvalsServer,
  clientsServer,
  accountingServer,
];
