import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { SESSION_COOKIE, type PermissionName } from '@loan/shared-contract';
import { queryRows, type Db } from '../db';
import type { Config } from '../config';

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
}

export const sha256 = (value: string | Buffer) => createHash('sha256').update(value).digest('hex');
/** 32 random bytes, base64url (43 characters). */
export const randomToken = () => randomBytes(32).toString('base64url');

export function hasPermission(user: SessionUser | null, name: PermissionName): boolean {
  return !!user && user.permissions.has(name);
}

// last_seen_at is written at most once a minute per session, so reads stay cheap.
const TOUCH_AFTER_SECONDS = 60;

/** Loads the session of the request's cookie, or null when absent, expired or of an inactive user. */
export async function loadSession(db: Db, config: Config, req: FastifyRequest): Promise<SessionUser | null> {
  const raw = req.cookies[SESSION_COOKIE];
  if (!raw || raw.length > 100) return null;
  const hash = sha256(raw);
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
  }>(
    db,
    sql`SELECT u.id, u.fullname, u.email, u.unique_number, u.role_id, u.branch_id, b.name AS branch,
               array(SELECT p.name FROM role_permissions rp JOIN permissions p ON p.id = rp.permission_id
                     WHERE rp.role_id = u.role_id) AS permissions,
               s.last_seen_at < now() - make_interval(secs => ${TOUCH_AFTER_SECONDS}) AS stale
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
  return {
    id: Number(r.id),
    fullname: r.fullname,
    email: r.email,
    uniqueNumber: r.unique_number,
    roleId: Number(r.role_id),
    branchId: r.branch_id === null ? null : Number(r.branch_id),
    branch: r.branch,
    permissions: new Set(r.permissions),
    sessionHash: hash,
  };
}

/** Secure when configured, or when the request came over https (directly or, with trustProxy, via the proxy). */
export const secureCookie = (config: Config, req: FastifyRequest) => config.secureCookies || req.protocol === 'https';

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
 * session, if any, is destroyed) and sets the cookie.
 */
export async function startSession(db: Db, config: Config, req: FastifyRequest, reply: FastifyReply, userId: number): Promise<void> {
  const old = req.cookies[SESSION_COOKIE];
  if (old) await db.execute(sql`DELETE FROM sessions WHERE id_hash = ${sha256(old)}`);
  const id = randomToken();
  await db.execute(
    sql`INSERT INTO sessions (id_hash, user_id, ip_address, user_agent)
        VALUES (${sha256(id)}, ${userId}, ${req.ip}, ${(req.headers['user-agent'] ?? '').slice(0, 500)})`,
  );
  // Expired sessions are swept now and then rather than by a job.
  if (Math.random() < 0.05) {
    await db.execute(
      sql`DELETE FROM sessions WHERE last_seen_at < now() - make_interval(mins => ${config.sessionIdleMinutes})
             OR created_at < now() - make_interval(hours => ${config.sessionMaxHours})`,
    );
  }
  reply.setCookie(SESSION_COOKIE, id, cookieOptions(config, req));
}

export async function destroySession(db: Db, config: Config, req: FastifyRequest, reply: FastifyReply): Promise<void> {
  const raw = req.cookies[SESSION_COOKIE];
  if (raw) await db.execute(sql`DELETE FROM sessions WHERE id_hash = ${sha256(raw)}`);
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: secureCookie(config, req) });
}
