import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import {
  API,
  CLIENT_PICKER_PERMISSIONS,
  pageParams,
  searchParamSchema,
  wholeNumberField,
  clientPickListSchema,
  historyListSchema,
} from '@loan/shared-contract';
import { defineRoute, registerRoutes } from '@loan/shared-server';
import * as repo from './repository';

/**
 * The start-up lists (NOTES.md "Session and sign-in"): borrowers for pickers and the
 * signed-in user's recent actions. Bounded, so a large book does not ship whole.
 */
export const startupRoutes = [
  defineRoute({
    method: 'GET',
    url: `${API.clients}/all`,
    response: clientPickListSchema,
    // The screens whose pickers use it (issue 11 item 8): not every signed-in user.
    auth: { anyOf: CLIENT_PICKER_PERMISSIONS },
    query: z.object({ search: searchParamSchema, ...pageParams }),
    handler: ({ db, query, scope }) =>
      repo.listClients(db, { search: query.search || undefined, page: query.page, pageSize: query.pageSize, scope }),
  }),
  defineRoute({
    method: 'GET',
    url: `${API.history}/all`,
    response: historyListSchema,
    auth: 'session',
    query: z.object({ limit: wholeNumberField(200, 'Must be a whole number from 1 to 200.').default(50) }),
    handler: ({ db, user, query }) => repo.recentHistory(db, user.id, query.limit),
  }),
];

export const startupModule: FastifyPluginAsync = async (app) => registerRoutes(app, startupRoutes);
