import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { IDEMPOTENT_REPLAYED_HEADER } from '@loan/shared-contract';
import { HttpError, schema, type Db } from '@loan/shared-server';

const k = schema.idempotencyKeys;

const keySchema = z
  .string()
  .min(1)
  .max(255)
  .regex(/^[\x21-\x7e]+$/);
const KEY_MESSAGE = 'Every disbursing call needs an Idempotency-Key header of 1 to 255 visible ASCII characters (one per intended payment).';
export const KEY_REUSED = 'This Idempotency-Key was used with a different request.';
export const KEY_IN_FLIGHT = 'A request with this Idempotency-Key is still being processed.';

/** The caller's Idempotency-Key: required on every disbursing call (422 when absent or malformed). */
export function requireIdempotencyKey(req: FastifyRequest): string {
  const raw = req.headers['idempotency-key'];
  const parsed = keySchema.safeParse(Array.isArray(raw) ? raw[0] : raw);
  if (!parsed.success) throw new HttpError(422, KEY_MESSAGE, { 'Idempotency-Key': [KEY_MESSAGE] });
  return parsed.data;
}

/** The request's fingerprint: the route's body, canonical (keys sorted). */
export function requestHash(body: unknown): string {
  const canon = (v: unknown): unknown =>
    Array.isArray(v) ? v.map(canon) : v && typeof v === 'object' ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)).map(([a, b]) => [a, canon(b)])) : v;
  return createHash('sha256').update(JSON.stringify(canon(body ?? null))).digest('hex');
}

/**
 * Runs `work` once per (route, Idempotency-Key): the key is claimed by an INSERT (the primary
 * key decides between racing requests, on any number of api instances). A repeat answers the
 * first answer with `Idempotent-Replayed: true` (and `replayed: true` in a 2xx body); a repeat
 * while the first is still in flight answers 409; the same key with another body or by another
 * user answers 422. A refusal (4xx) is kept and replayed too; an unexpected error frees the key
 * so the caller may try again.
 */
export async function withIdempotency<T extends object>(
  db: Db,
  req: FastifyRequest,
  reply: FastifyReply,
  userId: number,
  body: unknown,
  work: () => Promise<T>,
): Promise<T & { replayed: boolean }> {
  const key = requireIdempotencyKey(req);
  const scope = `${req.method} ${req.routeOptions.url ?? req.url}`;
  const hash = requestHash(body);
  const claimed = await db
    .insert(k)
    .values({ scope, key, userId, requestHash: hash })
    .onConflictDoNothing()
    .returning({ key: k.key });
  if (!claimed.length) {
    const [first] = await db.select().from(k).where(and(eq(k.scope, scope), eq(k.key, key))).limit(1);
    if (!first || first.requestHash !== hash || first.userId !== userId) {
      throw new HttpError(422, KEY_REUSED, { 'Idempotency-Key': [KEY_REUSED] });
    }
    if (first.state === 'in_flight') throw new HttpError(409, KEY_IN_FLIGHT);
    reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
    const status = first.statusCode ?? 200;
    if (status >= 300) {
      const saved = (first.response ?? {}) as { message?: string; errors?: Record<string, string[]> };
      throw new HttpError(status, saved.message ?? 'Refused.', saved.errors);
    }
    return { ...(first.response as T), replayed: true };
  }
  const done = (statusCode: number, response: unknown) =>
    db
      .update(k)
      .set({ state: 'done', statusCode, response, updatedAt: sql`now()` })
      .where(and(eq(k.scope, scope), eq(k.key, key)));
  try {
    const result = { ...(await work()), replayed: false };
    await done(200, result);
    return result;
  } catch (err) {
    if (err instanceof HttpError && err.statusCode >= 400 && err.statusCode < 500) {
      await done(err.statusCode, { message: err.message, ...(err.errors ? { errors: err.errors } : {}) });
    } else {
      await db.delete(k).where(and(eq(k.scope, scope), eq(k.key, key)));
    }
    throw err;
  }
}
