import type { FastifyReply, FastifyRequest } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { CSRF_COOKIE, CSRF_HEADER } from '@loan/shared-contract';
import type { Db } from '../db';
import type { Config } from '../config';
import { sessionCache } from './session-cache';
import { randomToken, sessionIdOf, setCsrfCookie, sha256, type SessionUser } from './session';

/**
 * GET /sanctum/csrf-cookie: a new readable XSRF-TOKEN cookie that the browser echoes as
 * X-XSRF-TOKEN. With a session cookie, the token is bound to that session (its hash is
 * stored on the session row), replacing the one bound before.
 */
export async function issueCsrfCookie(db: Db, config: Config, req: FastifyRequest, reply: FastifyReply): Promise<string> {
  const token = randomToken();
  const sid = sessionIdOf(config, req);
  if (sid) {
    await db.execute(sql`UPDATE sessions SET csrf_hash = ${sha256(token)} WHERE id_hash = ${sha256(sid)}`);
    // The next request on this instance must see the new token's hash (the trigger tells the others).
    sessionCache.drop(`h:${sha256(sid)}`);
  }
  setCsrfCookie(config, req, reply, token);
  return token;
}

export const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function headerToken(req: FastifyRequest): string | undefined {
  let header = req.headers[CSRF_HEADER];
  if (Array.isArray(header)) header = header[0];
  if (!header) return undefined;
  try {
    return decodeURIComponent(header);
  } catch {
    return undefined;
  }
}

const same = (x: string, y: string) => {
  const a = Buffer.from(x);
  const b = Buffer.from(y);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** True when the request may proceed: a safe method, or the header equals the cookie (double submit). */
export function csrfOk(req: FastifyRequest): boolean {
  if (SAFE_METHODS.has(req.method)) return true;
  const cookie = req.cookies[CSRF_COOKIE];
  const header = headerToken(req);
  return !!cookie && !!header && same(cookie, header);
}

/**
 * For a signed-in user's state-changing call: the echoed token must be the one bound to
 * THIS session (a token and cookie pair from another browser fails).
 */
export function csrfMatchesSession(req: FastifyRequest, user: Pick<SessionUser, 'csrfHash'>): boolean {
  if (SAFE_METHODS.has(req.method)) return true;
  const header = headerToken(req);
  return !!header && !!user.csrfHash && same(sha256(header), user.csrfHash);
}

export const CSRF_MISMATCH = { message: 'CSRF token mismatch.' };
