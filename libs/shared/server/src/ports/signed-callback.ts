import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { defineRoute, registerRoutes } from '../http/route';
import { HttpError } from '../http/errors';
import type { Db } from '../db';
import { CALLBACK_SIGNATURE_HEADER, verifyCallback } from './mobile-money';
import { refusedCallbackLog } from './collection';

/** An MTN MoMo callback's body (a transfer's or a request to pay's): what we read of it, the rest kept. */
export const mtnCallbackBodySchema = z
  .object({
    referenceId: z.string().min(1).max(100),
    status: z.string().min(1).max(40),
    financialTransactionId: z.string().max(100).optional(),
    amount: z.string().max(20).optional(),
    reason: z.unknown().optional(),
  })
  .passthrough();

export type MtnCallbackBody = z.infer<typeof mtnCallbackBodySchema>;

export interface SignedCallbackOptions {
  url: string;
  /** The shared secret now (read at each call: without one every callback is refused). */
  secret: () => string;
  rateLimit: { limit: number; windowSeconds: number };
  /** What the refused-callback log line says. */
  what: string;
  /** Settles what the callback names; false when it names nothing we know (404 `notFound`). */
  settle: (db: Db, body: MtnCallbackBody) => Promise<boolean>;
  notFound: string;
}

/**
 * A provider's callback (public: the provider has no session; server to server, so no CSRF
 * token), authenticated by the shared secret: `X-Callback-Signature` = hex HMAC-SHA256 of the
 * raw body. It is registered in its own context, whose JSON parser keeps the raw body for the
 * signature. A refused one is logged without its body, signature or secret.
 */
export async function registerSignedCallback(app: FastifyInstance, opts: SignedCallbackOptions): Promise<void> {
  const rawBodies = new WeakMap<FastifyRequest, string>();
  await app.register(async (child) => {
    child.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 64 * 1024 }, (req, body, done) => {
      rawBodies.set(req, body as string);
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(new HttpError(400, 'Malformed JSON body.'), undefined);
      }
    });
    registerRoutes(child, [
      defineRoute({
        method: 'POST',
        url: opts.url,
        auth: 'public',
        csrf: false,
        rateLimit: opts.rateLimit,
        response: z.object({ ok: z.boolean() }).strict(),
        handler: async ({ req, db }) => {
          const raw = rawBodies.get(req) ?? '';
          const sig = req.headers[CALLBACK_SIGNATURE_HEADER];
          if (!verifyCallback(opts.secret(), raw, Array.isArray(sig) ? sig[0] : sig)) {
            req.log.warn(refusedCallbackLog(raw, req.headers), `${opts.what} callback refused: bad signature`);
            throw new HttpError(401, 'Bad callback signature.');
          }
          const parsed = mtnCallbackBodySchema.safeParse(req.body);
          if (!parsed.success) throw new HttpError(422, 'The callback is malformed.');
          if (!(await opts.settle(db, parsed.data))) throw new HttpError(404, opts.notFound);
          return { ok: true };
        },
      }),
    ]);
  });
}
