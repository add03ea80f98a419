import type { FastifyPluginAsync } from 'fastify';
import { DASHBOARD_PATHS, monthlyStatsQuerySchema, P } from '@loan/shared-contract';
import { defineRoute, registerRoutes } from '../../http/route';
import * as service from './service';

/**
 * The dashboard's statistics (spec §7 'Dashboard', and the offer letters' card stats).
 * Every figure needs `view main dashboard`; all are reads.
 */
export const dashboardRoutes = [
  defineRoute({
    method: 'GET',
    url: DASHBOARD_PATHS.dailyCardStats,
    auth: P.viewDashboard,
    handler: ({ db }) => service.dailyCardStats(db),
  }),
  defineRoute({
    method: 'GET',
    url: DASHBOARD_PATHS.monthlyCardStats,
    auth: P.viewDashboard,
    query: monthlyStatsQuerySchema,
    handler: ({ db, query }) => service.monthlyCardStats(db, query),
  }),
  defineRoute({
    method: 'GET',
    url: DASHBOARD_PATHS.monthlyChartStats,
    auth: P.viewDashboard,
    query: monthlyStatsQuerySchema,
    handler: ({ db, query }) => service.monthlyChartStats(db, query),
  }),
  defineRoute({
    method: 'GET',
    url: DASHBOARD_PATHS.smsStats,
    auth: P.viewDashboard,
    handler: ({ db }) => service.smsStats(db),
  }),
  defineRoute({
    method: 'GET',
    url: DASHBOARD_PATHS.disbursementStats,
    auth: P.viewDashboard,
    handler: ({ db }) => service.disbursementStats(db),
  }),
  defineRoute({
    method: 'GET',
    url: DASHBOARD_PATHS.offerLetterCardStats,
    auth: P.viewDashboard,
    query: monthlyStatsQuerySchema,
    handler: ({ db, query }) => service.offerCardStats(db, query),
  }),
];

export const dashboardModule: FastifyPluginAsync = async (app) => registerRoutes(app, dashboardRoutes);
