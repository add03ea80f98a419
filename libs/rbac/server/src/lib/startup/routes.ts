import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import {
  API,
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
    auth: 'session',
    query: z.object({
      search: searchParamSchema,
      limit: wholeNumberField(5000, 'Must be a whole number from 1 to 5000.').default(1000),
    }),
    handler: ({ db, query }) => repo.listClients(db, { search: query.search || undefined, limit: query.limit }),
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
