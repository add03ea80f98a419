import type { FastifyPluginAsync } from 'fastify';
import {
  CLIENTS_PATHS,
  clientDetailsSchema,
  clientListQuerySchema,
  clientListSchema,
  FIND_ANYTHING_PERMISSIONS,
  idParamsSchema,
  P,
  searchQuerySchema,
  searchResultSchema,
} from '@loan/shared-contract';
import { defineRoute, registerRoutes } from '@loan/shared-server';
import * as service from './service';
import { findAnything } from './search';

/** The clients domain's routes (issue 32 "Clients"). */
export const clientsRoutes = [
  defineRoute({
    method: 'GET',
    url: CLIENTS_PATHS.list,
    auth: P.viewClients,
    query: clientListQuerySchema,
    response: clientListSchema,
    handler: ({ db, scope, user, query }) =>
      service.listClients(db, { scope, permissions: user.permissions }, query),
  }),
  defineRoute({
    method: 'GET',
    url: CLIENTS_PATHS.byId,
    auth: P.viewClients,
    params: idParamsSchema,
    response: clientDetailsSchema,
    handler: ({ db, scope, user, params }) =>
      service.clientDetails(
        db,
        { scope, permissions: user.permissions },
        params.id,
      ),
  }),
  defineRoute({
    method: 'GET',
    url: CLIENTS_PATHS.search,
    // Anyone who may open one of the groups; the answer holds only the groups they may open.
    auth: { anyOf: FIND_ANYTHING_PERMISSIONS },
    query: searchQuerySchema,
    response: searchResultSchema,
    handler: ({ db, scope, user, query }) =>
      findAnything(db, { scope, permissions: user.permissions }, query.q),
  }),
];

export const clientsModule: FastifyPluginAsync = async (app) =>
  registerRoutes(app, clientsRoutes);
