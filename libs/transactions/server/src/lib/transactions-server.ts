import type { FastifyPluginAsync } from 'fastify';
import { registerRoutes } from '@loan/shared-server';
import { disbursementRoutes } from './disbursements/routes';
import { repaymentRoutes } from './repayments/routes';

/** The transactions domain's api: the routes of each part (disbursements, repayments), one plugin. */
export const transactionsServer: FastifyPluginAsync = async (app) => registerRoutes(app, [...disbursementRoutes, ...repaymentRoutes]);
