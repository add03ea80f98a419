import type { FastifyPluginAsync } from 'fastify';
import {
  batchParamsSchema,
  branchListSchema,
  batchProgressSchema,
  COMMUNICATION_PATHS,
  draftInputSchema,
  draftListSchema,
  draftSchema,
  idParamsSchema,
  messageListQuerySchema,
  messageListSchema,
  messagePreviewSchema,
  messageTemplateListSchema,
  messageTemplateSchema,
  messageResponseSchema,
  messageSchema,
  P,
  previewMessageSchema,
  retryResultSchema,
  sendEmailSchema,
  sendSmsResultSchema,
  sendSmsSchema,
  templateInputSchema,
  templateParamsSchema,
} from '@loan/shared-contract';
import { defineRoute, registerRoutes } from '@loan/shared-server';
import * as service from './service';
import * as drafts from './drafts';
import * as templates from './templates';
import { previewMessage } from './audience';
import { queueMessages, registerSmsJobs, retryMessage, SEND_DEFAULTS, type SendOptions } from './send';
import { registerReminderJob, type ReminderOptions } from './reminders';

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
    auth: { anyOf: [P.createMessage, P.sendSms] },
    body: sendSmsSchema,
    response: sendSmsResultSchema,
    handler: async ({ db, req, reply, scope, body, auditActor }) => {
      const result = await queueMessages(db, req.server.jobs, scope, auditActor, { channel: 'sms', ...body });
      return reply.code(202).send(result);
    },
  }),
  defineRoute({
    method: 'POST',
    url: COMMUNICATION_PATHS.sendEmail,
    auth: P.sendEmail,
    body: sendEmailSchema,
    response: sendSmsResultSchema,
    handler: async ({ db, req, reply, scope, body, auditActor }) => {
      const result = await queueMessages(db, req.server.jobs, scope, auditActor, { channel: 'email', ...body });
      return reply.code(202).send(result);
    },
  }),
  defineRoute({
    method: 'POST',
    url: COMMUNICATION_PATHS.preview,
    auth: { anyOf: [P.createMessage, P.sendSms, P.sendEmail] },
    body: previewMessageSchema,
    response: messagePreviewSchema,
    handler: ({ db, scope, body }) => previewMessage(db, scope, body),
  }),
  defineRoute({
    method: 'GET',
    url: COMMUNICATION_PATHS.batch,
    auth: P.viewCommunicationModule,
    params: batchParamsSchema,
    response: batchProgressSchema,
    handler: ({ db, scope, params }) => drafts.batchProgress(db, scope, params.batchId),
  }),
  defineRoute({
    method: 'POST',
    url: COMMUNICATION_PATHS.retry,
    auth: P.createMessage,
    params: idParamsSchema,
    response: retryResultSchema,
    handler: async ({ db, req, scope, params, auditActor }) => {
      // 404 outside the user's branches, as the details page.
      await service.messageById(db, scope, params.id);
      return retryMessage(db, req.server.jobs, auditActor, params.id);
    },
  }),
  defineRoute({
    method: 'GET',
    url: COMMUNICATION_PATHS.branches,
    auth: { anyOf: [P.createMessage, P.sendSms, P.sendEmail] },
    response: branchListSchema,
    handler: ({ db, scope }) => drafts.senderBranches(db, scope),
  }),
  defineRoute({
    method: 'GET',
    url: COMMUNICATION_PATHS.drafts,
    auth: { anyOf: [P.createMessage, P.editMessage, P.deleteMessage] },
    response: draftListSchema,
    handler: ({ db, scope, user }) => drafts.listDrafts(db, scope, user.id),
  }),
  defineRoute({
    method: 'POST',
    url: COMMUNICATION_PATHS.drafts,
    auth: P.createMessage,
    body: draftInputSchema,
    response: draftSchema,
    handler: async ({ db, reply, body, auditActor }) => reply.code(201).send(await drafts.createDraft(db, auditActor, body)),
  }),
  defineRoute({
    method: 'PUT',
    url: COMMUNICATION_PATHS.draft,
    auth: P.editMessage,
    params: idParamsSchema,
    body: draftInputSchema,
    response: draftSchema,
    handler: ({ db, scope, params, body, auditActor }) => drafts.updateDraft(db, scope, auditActor, params.id, body),
  }),
  defineRoute({
    method: 'DELETE',
    url: COMMUNICATION_PATHS.draft,
    auth: P.deleteMessage,
    params: idParamsSchema,
    response: messageResponseSchema,
    handler: ({ db, scope, params, auditActor }) => drafts.deleteDraft(db, scope, auditActor, params.id),
  }),
  defineRoute({
    method: 'GET',
    url: COMMUNICATION_PATHS.templates,
    // The composer offers them; the templates section edits them.
    auth: { anyOf: [P.createMessage, P.sendSms, P.sendEmail, P.editMessage] },
    response: messageTemplateListSchema,
    handler: ({ db }) => templates.listTemplates(db),
  }),
  defineRoute({
    method: 'PUT',
    url: COMMUNICATION_PATHS.template,
    auth: P.editMessage,
    params: templateParamsSchema,
    body: templateInputSchema,
    response: messageTemplateSchema,
    handler: ({ db, params, body, auditActor }) => templates.updateTemplate(db, auditActor, params.key, body),
  }),
];

/** The plugin with its options (tests shorten the jobs' slices). */
export function communicationPlugin(opts: Partial<SendOptions> & { reminders?: Partial<ReminderOptions> } = {}): FastifyPluginAsync {
  return async (app) => {
    registerSmsJobs(app, { ...SEND_DEFAULTS, ...opts });
    registerReminderJob(app, opts.reminders);
    registerRoutes(app, communicationRoutes);
  };
}

export const communicationModule: FastifyPluginAsync = communicationPlugin();
