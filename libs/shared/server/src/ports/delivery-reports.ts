import { z } from 'zod';
import { textField } from '@loan/shared-contract';
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { defineRoute, registerRoutes } from '../http/route';
import { HttpError } from '../http/errors';
import { applyDeliveryReport } from './deliver';
import { HTTP_SMS_PROVIDER } from './sms-http';

export const SMS_DELIVERY_REPORTS_URL = '/api/communication/sms/delivery-reports';

// The words gateways use for a final state.
const DELIVERED = ['delivered', 'delivrd', 'success', 'successful', 'ok'];
const FAILED = ['failed', 'undelivered', 'undeliv', 'rejected', 'rejectd', 'expired', 'error'];

const reportSchema = z
  .object({
    // The gateway's own message reference (a string or a number), not one of our ids.
    message_id: z.union([textField({ min: 1, max: 200 }), z.number()]).optional(),
    messageId: z.union([textField({ min: 1, max: 200 }), z.number()]).optional(),
    reference: z.union([textField({ min: 1, max: 200 }), z.number()]).optional(),
    status: textField({ min: 1, max: 50 }),
    error: textField({ max: 300 }).optional(),
  })
  .loose();

function sameToken(given: string, want: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(want);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The SMS gateway's delivery reports: POST with the shared token (X-Callback-Token header,
 * or ?token= for gateways that only call a URL), the gateway's message id and a status.
 * Idempotent: a repeated report answers 200 and changes nothing. Without SMS_CALLBACK_TOKEN
 * the route answers 404 (the outbox needs no reports).
 */
export function registerDeliveryReports(app: FastifyInstance): void {
  registerRoutes(app, [
    defineRoute({
      method: 'POST',
      url: SMS_DELIVERY_REPORTS_URL,
      // The gateway has no session: it proves itself with the shared token below.
      auth: 'public',
      // A server-to-server callback: no browser, no cookies.
      csrf: false,
      body: reportSchema,
      query: z.object({ token: textField({ max: 200 }).optional() }),
      response: z.object({ updated: z.number().int() }).strict(),
      rateLimit: { limit: 600, windowSeconds: 60 },
      handler: async ({ db, config, body, query, req }) => {
        const want = config.smsCallbackToken;
        if (!want) throw new HttpError(404, `The route POST ${SMS_DELIVERY_REPORTS_URL} could not be found.`);
        const header = req.headers['x-callback-token'];
        const given = (Array.isArray(header) ? header[0] : header) ?? query.token ?? '';
        if (!sameToken(given, want)) throw new HttpError(401, 'Unauthenticated.');
        const ref = body.message_id ?? body.messageId ?? body.reference;
        if (ref === undefined) throw new HttpError(422, 'The message id field is required.', { message_id: ['The message id field is required.'] });
        const status = body.status.toLowerCase();
        const outcome = DELIVERED.includes(status) ? 'delivered' : FAILED.includes(status) ? 'failed' : null;
        // An intermediate state (submitted, enroute, buffered...): nothing to record.
        if (!outcome) return { updated: 0 };
        const updated = await applyDeliveryReport(db, HTTP_SMS_PROVIDER, String(ref), outcome, body.error ?? (outcome === 'failed' ? status : undefined));
        return { updated };
      },
    }),
  ]);
}
