import type { FastifyPluginAsync } from 'fastify';
import {
  ACCOUNTING_PATHS,
  glAccountCreateSchema,
  glAccountListQuerySchema,
  glAccountListSchema,
  glAccountSchema,
  glAccountUpdateSchema,
  idParamsSchema,
  P,
} from '@loan/shared-contract';
import { defineRoute, registerRoutes } from '@loan/shared-server';
import * as service from './service';

/** The chart of accounts (HTTP only: the rules are in service.ts, the SQL in repository.ts). */
export const accountsRoutes = [
  defineRoute({
    method: 'GET',
    url: ACCOUNTING_PATHS.list,
    auth: P.viewAccounting,
    query: glAccountListQuerySchema,
    response: glAccountListSchema,
    handler: ({ db, query }) => service.listAccounts(db, query),
  }),
  defineRoute({
    method: 'POST',
    url: ACCOUNTING_PATHS.list,
    auth: P.editAccounting,
    body: glAccountCreateSchema,
    response: glAccountSchema,
    handler: ({ db, auditActor, body }) => service.createAccount(db, auditActor, body),
  }),
  defineRoute({
    method: 'PUT',
    url: ACCOUNTING_PATHS.byId,
    auth: P.editAccounting,
    params: idParamsSchema,
    body: glAccountUpdateSchema,
    response: glAccountSchema,
    handler: ({ db, auditActor, params, body }) => service.updateAccount(db, auditActor, params.id, body),
  }),
  defineRoute({
    method: 'DELETE',
    url: ACCOUNTING_PATHS.byId,
    auth: P.editAccounting,
    params: idParamsSchema,
    response: null,
    handler: async ({ db, auditActor, params, reply }) => {
      await service.deleteAccount(db, auditActor, params.id);
      return reply.code(204).send();
    },
  }),
];

export const accountsModule: FastifyPluginAsync = async (app) => registerRoutes(app, accountsRoutes);
