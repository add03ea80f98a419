import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z, ZodType } from 'zod';
import { createHash } from 'node:crypto';
import { PERMISSIONS_VERSION_HEADER, type PermissionName } from '@loan/shared-contract';
import type { Db } from '../db';
import type { Config } from '../config';
import { HttpError, validationBody, zodFieldErrors } from './errors';
import { CSRF_MISMATCH, csrfMatchesSession, csrfOk } from './csrf';
import { loadSession, type SessionUser } from './session';
import { audit, auditActor, recordAudit, type AuditActor, type AuditEntry } from './audit';
import { consume, TOO_MANY } from './rate-limit';
import { branchScope, type BranchScope } from '../db/list';

/**
 * Who may call a route:
 * - a permission name from the contract catalog (`P.viewRoles`): a session whose role holds it;
 * - `{ anyOf: [...] }`: a session holding at least one of them;
 * - `{ allOf: [...] }`: a session holding every one of them (a figure of one module shown on
 *   another's screen: the dashboard's disbursement card);
 * - 'session': any signed-in user;
 * - 'public': anyone (no session is loaded).
 */
export type RouteAuth = PermissionName | { anyOf: readonly PermissionName[] } | { allOf: readonly PermissionName[] } | 'session' | 'public';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

type Out<T> = T extends ZodType ? z.output<T> : undefined;

export interface RouteContext<B, Q, P> {
  req: FastifyRequest;
  reply: FastifyReply;
  db: Db;
  config: Config;
  body: B;
  query: Q;
  params: P;
  /** The signed-in user; throws 401 on a 'public' route without a session. */
  readonly user: SessionUser;
  /** The signed-in user or null (useful on 'public' routes). */
  readonly session: SessionUser | null;
  /**
   * The branches whose records the signed-in user may see (NOTES.md, `can view all branches`),
   * for every list, details page and figure: pass it to the repository, which applies it
   * with scopeCondition/inScope. Throws 401 on a 'public' route without a session.
   */
  readonly scope: BranchScope;
  /** Whether the user holds a permission (for rules finer than the route's `auth`). */
  can(permission: PermissionName): boolean;
  /** Throws 403 unless the user holds the permission. */
  authorize(permission: PermissionName): void;
  /** Who acts in this request, for recordAudit (the session user, IP, user agent). */
  readonly auditActor: AuditActor;
  /** Writes an audit record of this request (recordAudit); pass `tx` inside a transaction. */
  audit(entry: AuditEntry, tx?: Db): Promise<void>;
  audit(action: string, entity: string, entityId: string | number | null, details?: Record<string, unknown>, tx?: Db): Promise<void>;
}

export interface RouteDef<
  TB extends ZodType | undefined = ZodType | undefined,
  TQ extends ZodType | undefined = ZodType | undefined,
  TP extends ZodType | undefined = ZodType | undefined,
> {
  method: HttpMethod;
  /** Fastify path, e.g. '/api/role/byId/:id'. */
  url: string;
  auth: RouteAuth;
  body?: TB;
  query?: TQ;
  params?: TP;
  /**
   * The schema of the JSON answer (status 2xx), from the contract; `null` for a route that
   * answers no JSON (a stream, a file, an empty reply). With `config.validateResponses`
   * (on in tests) an answer that breaks it is a 500, so a test of the route fails.
   */
  response?: ZodType | null;
  /**
   * Lets a signed-in user lacking the route's permission through when this answers
   * true (e.g. "a user may load their own role"). Gets the raw route params.
   */
  allowWithout?: (user: SessionUser, params: Record<string, string>) => boolean;
  /** Limit per client IP (and route): at most `limit` calls per `windowSeconds`. */
  rateLimit?: { limit: number; windowSeconds: number };
  /**
   * `false` skips the CSRF check: only for a 'public' route called server to server and
   * authenticated otherwise (a provider's callback signed with a shared secret).
   */
  csrf?: false;
  /** Largest accepted body in bytes (Fastify's default is 1 MiB). */
  bodyLimit?: number;
  /**
   * The handler. Its return value is sent as JSON (status 200) unless it sends the
   * reply itself (`return reply.code(204).send()`).
   */
  handler: (ctx: RouteContext<Out<TB>, Out<TQ>, Out<TP>>) => unknown;
}

/**
 * A short fingerprint of the user's role and its permission names, sent on every
 * signed-in answer as PERMISSIONS_VERSION_HEADER.
 */
export function permissionsVersion(user: Pick<SessionUser, 'roleId' | 'permissions'>): string {
  return createHash('sha256')
    .update(`${user.roleId}|${[...user.permissions].sort().join('|')}`)
    .digest('hex')
    .slice(0, 16);
}

/** The 500 of an answer that breaks its route's response schema (with validateResponses on). */
export const RESPONSE_MISMATCH = 'The answer does not match its response schema.';

/** Identity function that types a route: `export const routes = [defineRoute({...}), ...]`. */
export function defineRoute<
  TB extends ZodType | undefined = undefined,
  TQ extends ZodType | undefined = undefined,
  TP extends ZodType | undefined = undefined,
>(def: RouteDef<TB, TQ, TP>): RouteDef {
  return def as unknown as RouteDef;
}

/** The permissions a route's auth names (empty for 'session' and 'public'). */
export function routePermissions(auth: RouteAuth): readonly PermissionName[] {
  if (auth === 'public' || auth === 'session') return [];
  if (typeof auth === 'string') return [auth];
  return 'allOf' in auth ? auth.allOf : auth.anyOf;
}

/** Whether a route needs every permission it names (`allOf`) rather than any one of them. */
export function routeNeedsAll(auth: RouteAuth): boolean {
  return typeof auth === 'object' && 'allOf' in auth;
}

function parsePart(schema: ZodType | undefined, value: unknown, errors: Record<string, string[]>): unknown {
  if (!schema) return undefined;
  const r = schema.safeParse(value ?? {});
  if (r.success) return r.data;
  Object.assign(errors, zodFieldErrors(r.error));
  return undefined;
}

function checkResponse(def: RouteDef, schema: ZodType) {
  return async (req: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> => {
    if (reply.statusCode < 200 || reply.statusCode >= 300) return payload;
    // What the client would read: JSON, so dates are strings and undefined is gone.
    const wire: unknown = JSON.parse(JSON.stringify(payload ?? null));
    const checked = schema.safeParse(wire);
    if (checked.success) return payload;
    const errors = zodFieldErrors(checked.error);
    req.log.error({ route: `${def.method} ${def.url}`, errors }, RESPONSE_MISMATCH);
    reply.code(500);
    return { message: RESPONSE_MISMATCH, errors };
  };
}

/**
 * Registers routes on `app` and records them in `app.routeTable` (the list the
 * route-walk test enumerates, so no route can skip its authorization test).
 * Order of checks, as Sanctum: CSRF (419), session (401), permission (403),
 * rate limit (429), then validation (422) and the handler.
 */
export function registerRoutes(app: FastifyInstance, defs: readonly RouteDef[]): void {
  for (const def of defs) {
    app.routeTable.push(def);
    const perms = routePermissions(def.auth);
    const needsAll = routeNeedsAll(def.auth);
    if (def.csrf === false && def.auth !== 'public') throw new Error(`${def.method} ${def.url}: csrf: false only on public routes`);
    app.route({
      method: def.method,
      url: def.url,
      bodyLimit: def.bodyLimit,
      // Every 2xx JSON answer, however it was sent (returned or reply.code(201).send(...)).
      preSerialization: def.response && app.config.validateResponses ? checkResponse(def, def.response) : undefined,
      onRequest: async (req, reply) => {
        if (!(def.csrf === false && def.auth === 'public') && !csrfOk(req)) return reply.code(419).send(CSRF_MISMATCH);
        if (def.auth === 'public') return;
        let user = await loadSession(app.db, app.config, req);
        // A token rotated on another instance a moment ago: read the session itself before refusing.
        if (user && !csrfMatchesSession(req, user)) user = await loadSession(app.db, app.config, req, { fresh: true });
        if (!user) return reply.code(401).send({ message: 'Unauthenticated.' });
        if (!csrfMatchesSession(req, user)) return reply.code(419).send(CSRF_MISMATCH);
        req.sessionUser = user;
        // The web compares it with the last one it saw and reloads the role's permissions
        // when it changed (a role edited by an admin reaches signed-in users on their next call).
        reply.header(PERMISSIONS_VERSION_HEADER, permissionsVersion(user));
        if (perms.length && !(needsAll ? perms.every((p) => user.permissions.has(p)) : perms.some((p) => user.permissions.has(p)))) {
          const params = (req.params ?? {}) as Record<string, string>;
          if (!def.allowWithout?.(user, params)) return reply.code(403).send({ message: 'This action is unauthorized.' });
        }
      },
      handler: async (req, reply) => {
        if (def.rateLimit) {
          const key = `route:${def.method} ${def.url}|${req.ip}`;
          if (!(await consume(app.db, key, def.rateLimit.limit, def.rateLimit.windowSeconds))) {
            return reply.code(429).send(TOO_MANY);
          }
        }
        const errors: Record<string, string[]> = {};
        const params = parsePart(def.params, req.params, errors);
        const query = parsePart(def.query, req.query, errors);
        const body = parsePart(def.body, req.body, errors);
        if (Object.keys(errors).length) return reply.code(422).send(validationBody(errors));
        const session = req.sessionUser;
        const ctx: RouteContext<unknown, unknown, unknown> = {
          req,
          reply,
          db: app.db,
          config: app.config,
          body,
          query,
          params,
          session,
          get user(): SessionUser {
            if (!session) throw new HttpError(401, 'Unauthenticated.');
            return session;
          },
          get scope(): BranchScope {
            if (!session) throw new HttpError(401, 'Unauthenticated.');
            return branchScope(session);
          },
          can: (p) => !!session && session.permissions.has(p),
          authorize: (p) => {
            if (!session || !session.permissions.has(p)) throw new HttpError(403, 'This action is unauthorized.');
          },
          get auditActor(): AuditActor {
            return auditActor(req);
          },
          audit: ((first: AuditEntry | string, ...rest: unknown[]) => {
            if (typeof first !== 'string') return recordAudit((rest[0] as Db | undefined) ?? app.db, auditActor(req), first);
            const [entity, entityId, details, tx] = rest as [string, string | number | null, Record<string, unknown> | undefined, Db | undefined];
            return audit(req, first, entity, entityId, details, tx);
          }) as RouteContext<unknown, unknown, unknown>['audit'],
        };
        const result = await def.handler(ctx);
        if (reply.sent || result === reply) return reply;
        return reply.send(result ?? null);
      },
    });
  }
}
