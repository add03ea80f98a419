import type { FastifyReply, FastifyRequest } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import { CSRF_COOKIE, CSRF_HEADER } from '@loan/shared-contract';
import type { Config } from '../config';
import { randomToken, secureCookie } from './session';

/** Sanctum's shape: a readable XSRF-TOKEN cookie that the browser echoes as X-XSRF-TOKEN. */
export function issueCsrfCookie(req: FastifyRequest, reply: FastifyReply, config: Config): string {
  const token = randomToken();
  reply.setCookie(CSRF_COOKIE, token, { path: '/', sameSite: 'lax', httpOnly: false, secure: secureCookie(config, req) });
  return token;
}

export const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** True when the request may proceed: a safe method, or the header equals the cookie. */
export function csrfOk(req: FastifyRequest): boolean {
  if (SAFE_METHODS.has(req.method)) return true;
  const cookie = req.cookies[CSRF_COOKIE];
  let header = req.headers[CSRF_HEADER];
  if (Array.isArray(header)) header = header[0];
  if (!cookie || !header) return false;
  try {
    header = decodeURIComponent(header);
  } catch {
    return false;
  }
  const a = Buffer.from(cookie);
  const b = Buffer.from(header);
  return a.length === b.length && timingSafeEqual(a, b);
}

export const CSRF_MISMATCH = { message: 'CSRF token mismatch.' };
