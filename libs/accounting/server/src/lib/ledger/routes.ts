import type { FastifyPluginAsync } from 'fastify';
import {
  ACCOUNTING_PATHS,
  accountStatementQuerySchema,
  accountStatementSchema,
  idParamsSchema,
  journalEntryCreateSchema,
  journalEntrySchema,
  P,
  trialBalanceQuerySchema,
  trialBalanceSchema,
} from '@loan/shared-contract';
import { defineRoute, registerRoutes } from '@loan/shared-server';
import * as service from './service';

/** The journal's reads and manual entries (the loan postings are the database's: migration 2700). */
export const ledgerRoutes = [
  defineRoute({
    method: 'GET',
    url: ACCOUNTING_PATHS.trialBalance,
    auth: P.viewAccounting,
    query: trialBalanceQuerySchema,
    response: trialBalanceSchema,
    handler: ({ db, query }) => service.trialBalance(db, query),
  }),
  defineRoute({
    method: 'GET',
    url: ACCOUNTING_PATHS.statement,
    auth: P.viewAccounting,
    params: idParamsSchema,
    query: accountStatementQuerySchema,
    response: accountStatementSchema,
    handler: ({ db, params, query }) => service.accountStatement(db, params.id, query),
  }),
  defineRoute({
    method: 'POST',
    url: ACCOUNTING_PATHS.journalEntries,
    auth: P.postJournalEntries,
    body: journalEntryCreateSchema,
    response: journalEntrySchema,
    handler: ({ db, auditActor, body }) => service.postManualEntry(db, auditActor, body),
  }),
];

export const ledgerModule: FastifyPluginAsync = async (app) => registerRoutes(app, ledgerRoutes);
