import type { FastifyPluginAsync } from 'fastify';
import {
  COMMUNICATION_PATHS,
  idParamsSchema,
  messageListQuerySchema,
  messageListSchema,
  messageSchema,
  P,
  sendSmsResultSchema,
  sendSmsSchema,
} from '@loan/shared-contract';
import { defineRoute, registerRoutes } from '@loan/shared-server';
import * as service from './service';
import { queueSms, registerSmsJobs, sendOptionsFromEnv, type SendOptions } from './send';

/** The communication domain's routes. */
export const communicationRoutes = [
  defineRoute({
    method: 'GET',
    url: COMMUNICATION_PATHS.list,
    auth: P.viewCommunicationModule,
    query: messageListQuerySchema,
    response: messageListSchema,
    handler: ({ db, scope, query }) => service.listCommunication(db, scope, query),
  }),
  defineRoute({
    method: 'GET',
    url: COMMUNICATION_PATHS.byId,
    auth: P.viewCommunicationModule,
    params: idParamsSchema,
    response: messageSchema,
    handler: ({ db, scope, params }) => service.messageById(db, scope, params.id),
  }),
  defineRoute({
    method: 'POST',
    url: COMMUNICATION_PATHS.sendSms,
    auth: P.createMessage,
    body: sendSmsSchema,
    response: sendSmsResultSchema,
    handler: async ({ db, req, reply, scope, body, auditActor }) => {
      const result = await queueSms(db, req.server.jobs, scope, auditActor, body);
      return reply.code(202).send(result);
    },
  }),
];

/** The plugin with its options (tests set the provider's rate). */
export function communicationPlugin(opts: Partial<SendOptions> = {}): FastifyPluginAsync {
  return async (app) => {
    registerSmsJobs(app, { ...sendOptionsFromEnv(), ...opts });
    registerRoutes(app, communicationRoutes);
  };
}

export const communicationModule: FastifyPluginAsync = communicationPlugin();
