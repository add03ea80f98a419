import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import {
  API,
  OTP_TICKET_HEADER,
  P,
  calculatorAttemptSchema,
  checkRecordSchema,
  createApplicationSchema,
  applicantMobileField,
  newClientSchema,
  otpSendSchema,
  otpValidationSchema,
  unfinishedSaveSchema,
  ipAddressResponseSchema,
  calculatorResultSchema,
  otpSendResponseSchema,
  otpValidationResponseSchema,
  newClientResponseSchema,
  checkRecordResponseSchema,
  createApplicationResponseSchema,
  smsOutboxResponseSchema,
  unfinishedApplicationSchema,
  unfinishedLoadResponseSchema,
  LOAN_LIMITS_PATH,
  loanLimitsSchema,
} from '@loan/shared-contract';
import { defineRoute, registerRoutes } from '@loan/shared-server';
import * as service from './service';

const W = API.web;
const header = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/**
 * The public application form (spec §7 'Defined groups: web form', NOTES.md 'Borrower
 * side'): no session, every call limited per IP. The two /api/applyForLoan calls the
 * form makes (create, check-record) live here too; the staff ones are the loans module's.
 */
export const webRoutes = [
  defineRoute({
    method: 'POST',
    url: `${W}/ip-address`,
    response: ipAddressResponseSchema,
    auth: 'public',
    rateLimit: { limit: 30, windowSeconds: 60 },
    handler: ({ db, req }) => service.recordIp(db, req),
  }),
  defineRoute({
    // The borrower form's hints and tenure choices: the product's limits as they are now.
    method: 'GET',
    url: LOAN_LIMITS_PATH,
    response: loanLimitsSchema,
    auth: 'public',
    rateLimit: { limit: 120, windowSeconds: 60 },
    handler: ({ db }) => service.loanLimits(db),
  }),
  defineRoute({
    method: 'POST',
    url: `${W}/calculator/attempt`,
    response: calculatorResultSchema,
    auth: 'public',
    body: calculatorAttemptSchema,
    rateLimit: { limit: 120, windowSeconds: 60 },
    handler: ({ db, req, body }) => service.calculatorAttempt(db, req, body),
  }),
  defineRoute({
    method: 'POST',
    url: `${W}/otp/send`,
    response: otpSendResponseSchema,
    auth: 'public',
    body: otpSendSchema,
    rateLimit: { limit: 10, windowSeconds: 600 },
    handler: ({ db, req, body }) => service.sendOtp(db, req.server.ports, req, body.mobile),
  }),
  defineRoute({
    method: 'POST',
    url: `${W}/otp/validation`,
    response: otpValidationResponseSchema,
    auth: 'public',
    body: otpValidationSchema,
    rateLimit: { limit: 30, windowSeconds: 600 },
    handler: ({ db, body }) => service.validateOtp(db, body.mobile, body.code),
  }),
  defineRoute({
    method: 'POST',
    url: `${W}/newClient`,
    response: newClientResponseSchema,
    auth: 'public',
    body: newClientSchema,
    rateLimit: { limit: 20, windowSeconds: 600 },
    handler: ({ db, req, body }) => service.newClient(db, req, body),
  }),
  defineRoute({
    method: 'POST',
    url: `${W}/unfinished/application`,
    response: unfinishedApplicationSchema,
    auth: 'public',
    body: unfinishedSaveSchema,
    rateLimit: { limit: 60, windowSeconds: 600 },
    handler: ({ db, req, body }) => service.saveUnfinished(db, req, body, header(req.headers[OTP_TICKET_HEADER])),
  }),
  defineRoute({
    method: 'GET',
    url: `${W}/unfinished/application`,
    response: unfinishedLoadResponseSchema,
    auth: 'public',
    query: z.object({ mobile: applicantMobileField }),
    rateLimit: { limit: 30, windowSeconds: 600 },
    handler: ({ db, req, query }) => service.loadUnfinished(db, query.mobile, header(req.headers[OTP_TICKET_HEADER])),
  }),
  defineRoute({
    // Staff helping a borrower on the phone see what the local SMS outbox recorded for a
    // number (codes and links masked: only the phone gets them).
    method: 'GET',
    url: `${W}/sms-outbox`,
    response: smsOutboxResponseSchema,
    auth: P.viewMessage,
    query: z.object({ mobile: applicantMobileField }),
    handler: ({ db, query }) => service.outboxFor(db, query.mobile),
  }),
  defineRoute({
    method: 'POST',
    url: `${API.applications}/check-record`,
    response: checkRecordResponseSchema,
    auth: 'public',
    body: checkRecordSchema,
    rateLimit: { limit: 30, windowSeconds: 600 },
    handler: ({ db, body }) => service.checkRecord(db, body.nrc),
  }),
  defineRoute({
    method: 'POST',
    url: `${API.applications}/create`,
    response: createApplicationResponseSchema,
    auth: 'public',
    body: createApplicationSchema,
    rateLimit: { limit: 10, windowSeconds: 600 },
    handler: ({ db, req, body }) => service.createApplication(db, req, body),
  }),
];

export const webModule: FastifyPluginAsync = async (app) => {
  registerRoutes(app, webRoutes);
};
