import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { API, CLIENT_PICKER_PERMISSIONS, pageParams, searchParamSchema } from '@loan/shared-contract';
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
    // The screens whose pickers use it (issue 11 item 8): not every signed-in user.
    auth: { anyOf: CLIENT_PICKER_PERMISSIONS },
    query: z.object({ search: searchParamSchema, ...pageParams }),
    handler: ({ db, query, scope }) =>
      repo.listClients(db, { search: query.search || undefined, page: query.page, pageSize: query.pageSize, scope }),
  }),
  defineRoute({
    method: 'GET',
    url: `${API.history}/all`,
    auth: 'session',
    query: z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) }),
    handler: ({ db, user, query }) => repo.recentHistory(db, user.id, query.limit),
  }),
];

export const startupModule: FastifyPluginAsync = async (app) => registerRoutes(app, startupRoutes);
