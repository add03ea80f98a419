import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { CSRF_COOKIE, SESSION_COOKIE, type PermissionName } from '@loan/shared-contract';
import { queryRows, type Db } from '../db';
import type { Config } from '../config';
import { sessionCache } from './session-cache';

/** The signed-in staff user of a request, with their role's permission names. */
export interface SessionUser {
  id: number;
  fullname: string;
  email: string;
  uniqueNumber: string;
  roleId: number;
  branchId: number | null;
  branch: string | null;
  permissions: ReadonlySet<string>;
  /** SHA-256 (hex) of the session id: the sessions table key. */
  sessionHash: string;
  /** SHA-256 (hex) of the CSRF token bound to the session; null until one is issued. */
  csrfHash: string | null;
}

export const sha256 = (value: string | Buffer) => createHash('sha256').update(value).digest('hex');
/** 32 random bytes, base64url (43 characters). */
export const randomToken = () => randomBytes(32).toString('base64url');

export function hasPermission(user: SessionUser | null, name: PermissionName): boolean {
  return !!user && user.permissions.has(name);
}

// last_seen_at is written at most once a minute per session, so reads stay cheap.
const TOUCH_AFTER_SECONDS = 60;

/** Secure when configured, or when the request came over https (directly or, with trustProxy, via the proxy). */
export const secureCookie = (config: Config, req: FastifyRequest) => config.secureCookies || req.protocol === 'https';

/**
 * The session cookie's name: `__Host-loan_session` when cookies are Secure (the browser
 * then only accepts it Secure, from this host, for path /: no subdomain or plain-http
 * page can plant or overwrite it), else `loan_session` (plain-http development).
 */
export const sessionCookieName = (config: Config, req: FastifyRequest) =>
  secureCookie(config, req) ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE;

/** The raw session id of the request, from the cookie name its scheme uses. */
export function sessionIdOf(config: Config, req: FastifyRequest): string | undefined {
  const raw = req.cookies[sessionCookieName(config, req)];
  return raw && raw.length <= 100 ? raw : undefined;
}

/**
 * Loads the session of the request's cookie, or null when absent, expired or of an inactive
 * user. Served from the session cache (session-cache.ts) when it holds it, unless `fresh`.
 */
export async function loadSession(db: Db, config: Config, req: FastifyRequest, { fresh = false } = {}): Promise<SessionUser | null> {
  const raw = sessionIdOf(config, req);
  if (!raw) return null;
  const hash = sha256(raw);
  if (fresh) sessionCache.drop(`h:${hash}`);
  const cached = sessionCache.get(hash);
  if (cached) return cached;
  const generation = sessionCache.generation;
  const rows = await queryRows<{
    id: string;
    fullname: string;
    email: string;
    unique_number: string;
    role_id: string;
    branch_id: string | null;
    branch: string | null;
    permissions: string[];
    stale: boolean;
    csrf_hash: string | null;
  }>(
    db,
    sql`SELECT u.id, u.fullname, u.email, u.unique_number, u.role_id, u.branch_id, b.name AS branch,
               array(SELECT p.name FROM role_permissions rp JOIN permissions p ON p.id = rp.permission_id
                     WHERE rp.role_id = u.role_id) AS permissions,
               s.last_seen_at < now() - make_interval(secs => ${TOUCH_AFTER_SECONDS}) AS stale, s.csrf_hash
          FROM sessions s
          JOIN users u ON u.id = s.user_id
          LEFT JOIN branches b ON b.id = u.branch_id
         WHERE s.id_hash = ${hash}
           AND u.active
           AND s.last_seen_at > now() - make_interval(mins => ${config.sessionIdleMinutes})
           AND s.created_at > now() - make_interval(hours => ${config.sessionMaxHours})`,
  );
  const r = rows[0];
  if (!r) return null;
  if (r.stale) await db.execute(sql`UPDATE sessions SET last_seen_at = now() WHERE id_hash = ${hash}`);
  const user: SessionUser = {
    id: Number(r.id),
    fullname: r.fullname,
    email: r.email,
    uniqueNumber: r.unique_number,
    roleId: Number(r.role_id),
    branchId: r.branch_id === null ? null : Number(r.branch_id),
    branch: r.branch,
    permissions: new Set(r.permissions),
    sessionHash: hash,
    csrfHash: r.csrf_hash,
  };
  sessionCache.set(hash, user, generation);
  return user;
}

/** Sanctum's shape: a readable XSRF-TOKEN cookie that the browser echoes as X-XSRF-TOKEN. */
export function setCsrfCookie(config: Config, req: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(CSRF_COOKIE, token, { path: '/', sameSite: 'lax', httpOnly: false, secure: secureCookie(config, req) });
}

function cookieOptions(config: Config, req: FastifyRequest) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: secureCookie(config, req),
    maxAge: config.sessionMaxHours * 3600,
  };
}

/**
 * Starts a new session for the user (a fresh id at every sign-in; the request's old
 * session, if any, is destroyed) and sets the cookie. The CSRF token rotates with it: a
 * new one is bound to the new session and replaces the XSRF-TOKEN cookie.
 */
export async function startSession(db: Db, config: Config, req: FastifyRequest, reply: FastifyReply, userId: number): Promise<void> {
  const old = sessionIdOf(config, req);
  if (old) {
    await db.execute(sql`DELETE FROM sessions WHERE id_hash = ${sha256(old)}`);
    // The trigger's NOTIFY tells every instance; this one forgets at once.
    sessionCache.drop(`h:${sha256(old)}`);
  }
  const id = randomToken();
  const csrf = randomToken();
  await db.execute(
    sql`INSERT INTO sessions (id_hash, user_id, ip_address, user_agent, csrf_hash)
        VALUES (${sha256(id)}, ${userId}, ${req.ip}, ${(req.headers['user-agent'] ?? '').slice(0, 500)}, ${sha256(csrf)})`,
  );
  // Expired sessions are swept now and then rather than by a job.
  if (Math.random() < 0.05) {
    await db.execute(
      sql`DELETE FROM sessions WHERE last_seen_at < now() - make_interval(mins => ${config.sessionIdleMinutes})
             OR created_at < now() - make_interval(hours => ${config.sessionMaxHours})`,
    );
  }
  reply.setCookie(sessionCookieName(config, req), id, cookieOptions(config, req));
  setCsrfCookie(config, req, reply, csrf);
}

export async function destroySession(db: Db, config: Config, req: FastifyRequest, reply: FastifyReply): Promise<void> {
  const raw = sessionIdOf(config, req);
  if (raw) {
    await db.execute(sql`DELETE FROM sessions WHERE id_hash = ${sha256(raw)}`);
    sessionCache.drop(`h:${sha256(raw)}`);
  }
  reply.clearCookie(sessionCookieName(config, req), { path: '/', httpOnly: true, sameSite: 'lax', secure: secureCookie(config, req) });
}
