import type { FastifyPluginAsync } from 'fastify';
import {
  P,
  REPORT_FILE_NAMES,
  REPORTS_PATHS,
  funnelReportSchema,
  offerLettersReportSchema,
  portfolioAtRiskSchema,
  collectionsReportSchema,
  cashflowReportSchema,
  reportFiltersSchema,
} from '@loan/shared-contract';
import { defineRoute, registerRoutes, sendTableFile } from '@loan/shared-server';
import * as cashflow from './cashflow';
import * as par from './par';
import * as service from './service';

/**
 * The portfolio reports. Each answers JSON for the screen (checked against its schema) or,
 * with `format=csv|xlsx`, the same figures as a download (streams skip the JSON check).
 */
export const reportsRoutes = [
  defineRoute({
    method: 'GET',
    url: REPORTS_PATHS.offerLetters,
    auth: P.viewReportsModule,
    query: reportFiltersSchema,
    response: offerLettersReportSchema,
    handler: async ({ db, scope, query, reply }) => {
      const report = await service.offerLetters(db, query, scope);
      if (query.format === 'json') return report;
      return sendTableFile(reply, {
        format: query.format,
        filename: REPORT_FILE_NAMES.offerLetters,
        columns: service.OFFER_LETTER_COLUMNS,
        rows: service.offerLetterFileRows(report),
        sheetName: 'Offer letters',
      });
    },
  }),
  defineRoute({
    method: 'GET',
    url: REPORTS_PATHS.funnel,
    auth: P.viewReportsModule,
    query: reportFiltersSchema,
    response: funnelReportSchema,
    handler: async ({ db, scope, query, reply }) => {
      const report = await service.funnel(db, query, scope);
      if (query.format === 'json') return report;
      return sendTableFile(reply, {
        format: query.format,
        filename: REPORT_FILE_NAMES.funnel,
        columns: service.FUNNEL_COLUMNS,
        rows: report.steps,
        sheetName: 'Applications funnel',
      });
    },
  }),
  defineRoute({
    method: 'GET',
    url: REPORTS_PATHS.portfolioAtRisk,
    auth: P.viewReportsModule,
    query: reportFiltersSchema,
    response: portfolioAtRiskSchema,
    handler: async ({ db, scope, query, reply }) => {
      const report = await par.portfolioAtRisk(db, query, scope);
      if (query.format === 'json') return report;
      return sendTableFile(reply, {
        format: query.format,
        filename: REPORT_FILE_NAMES.portfolioAtRisk,
        columns: par.PAR_COLUMNS,
        rows: par.parFileRows(report),
        sheetName: 'Portfolio at risk',
      });
    },
  }),
  defineRoute({
    method: 'GET',
    url: REPORTS_PATHS.collections,
    auth: P.viewReportsModule,
    query: reportFiltersSchema,
    response: collectionsReportSchema,
    handler: async ({ db, scope, query, reply }) => {
      const report = await cashflow.collections(db, query, scope);
      if (query.format === 'json') return report;
      return sendTableFile(reply, {
        format: query.format,
        filename: REPORT_FILE_NAMES.collections,
        columns: cashflow.COLLECTIONS_COLUMNS,
        rows: report.rows,
        sheetName: 'Collections',
      });
    },
  }),
  defineRoute({
    method: 'GET',
    url: REPORTS_PATHS.disbursedRepaid,
    auth: P.viewReportsModule,
    query: reportFiltersSchema,
    response: cashflowReportSchema,
    handler: async ({ db, scope, query, reply }) => {
      const report = await cashflow.disbursedVsRepaid(db, query, scope);
      if (query.format === 'json') return report;
      return sendTableFile(reply, {
        format: query.format,
        filename: REPORT_FILE_NAMES.disbursedRepaid,
        columns: cashflow.CASHFLOW_COLUMNS,
        rows: [...report.months, report.totals],
        sheetName: 'Disbursed vs repaid',
      });
    },
  }),
];

export const reportsModule: FastifyPluginAsync = async (app) => registerRoutes(app, reportsRoutes);
