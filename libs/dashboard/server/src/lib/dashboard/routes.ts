import type { FastifyPluginAsync } from 'fastify';
import {
  DASHBOARD_PATHS,
  P,
  cardStatsSchema,
  disbursementStatsSchema,
  loanOfferStatsSchema,
  monthlyGraphStatsSchema,
  monthlyStatsQuerySchema,
  smsStatsSchema,
} from '@loan/shared-contract';
import { defineRoute, registerRoutes } from '@loan/shared-server';
import * as service from './service';

/**
 * The dashboard's statistics (spec §7 'Dashboard', and the offer letters' card stats).
 * Every figure needs `view main dashboard`; the disbursement figures also `view transaction
 * manager module` (the card is shown only with it). All are reads.
 */
export const dashboardRoutes = [
  defineRoute({
    method: 'GET',
    url: DASHBOARD_PATHS.dailyCardStats,
    response: cardStatsSchema,
    auth: P.viewDashboard,
    handler: ({ db, scope }) => service.dailyCardStats(db, scope),
  }),
  defineRoute({
    method: 'GET',
    url: DASHBOARD_PATHS.monthlyCardStats,
    response: cardStatsSchema,
    auth: P.viewDashboard,
    query: monthlyStatsQuerySchema,
    handler: ({ db, scope, query }) => service.monthlyCardStats(db, scope, query),
  }),
  defineRoute({
    method: 'GET',
    url: DASHBOARD_PATHS.monthlyChartStats,
    response: monthlyGraphStatsSchema,
    auth: P.viewDashboard,
    query: monthlyStatsQuerySchema,
    handler: ({ db, scope, query }) => service.monthlyChartStats(db, scope, query),
  }),
  defineRoute({
    method: 'GET',
    url: DASHBOARD_PATHS.smsStats,
    response: smsStatsSchema,
    auth: P.viewDashboard,
    handler: ({ db, scope }) => service.smsStats(db, scope),
  }),
  defineRoute({
    method: 'GET',
    url: DASHBOARD_PATHS.disbursementStats,
    response: disbursementStatsSchema,
    // Money paid out is the transactions staff's figure: the card needs their module too.
    auth: { allOf: [P.viewDashboard, P.viewTransactionModule] },
    handler: ({ db, scope }) => service.disbursementStats(db, scope),
  }),
  defineRoute({
    method: 'GET',
    url: DASHBOARD_PATHS.offerLetterCardStats,
    response: loanOfferStatsSchema,
    // Also the contracts list's tab counts (issue 12), for officers without the dashboard.
    auth: { anyOf: [P.viewDashboard, P.viewOfferLetter] },
    query: monthlyStatsQuerySchema,
    handler: ({ db, scope, query }) => service.offerCardStats(db, scope, query),
  }),
];

export const dashboardModule: FastifyPluginAsync = async (app) => registerRoutes(app, dashboardRoutes);
