import type { FastifyRequest } from 'fastify';
import { auditLog } from '../db/schema';
import type { Db } from '../db';

/** Who acted and from where: the part of an audit record a request supplies. */
export interface AuditActor {
  userId: number | null;
  ip: string | null;
  userAgent: string | null;
  /**
   * Maker-checker: the second person who approved the action (approvals kit); every audit
   * record the action writes then names both people (`checked_by`, `pending_action_id`).
   */
  checkedBy?: number;
  pendingActionId?: number;
}

/** What happened: the part of an audit record the change supplies. */
export interface AuditEntry {
  action: string;
  entity: string;
  entityId: string | number | null;
  /** For edits: the changed fields as they were ... */
  before?: Record<string, unknown> | null;
  /** ... and as they became. */
  after?: Record<string, unknown> | null;
  /** Anything else worth keeping (a reference code, a reason). */
  details?: Record<string, unknown>;
}

/** The actor of a request: the session user (unless another is named), its IP and user agent. */
export function auditActor(req: FastifyRequest, userId: number | null = req.sessionUser?.id ?? null): AuditActor {
  return { userId, ip: req.ip ?? null, userAgent: (req.headers['user-agent'] ?? '').slice(0, 500) || null };
}

/**
 * The one way an audit record is written: actor, action, entity and id, before and after
 * for edits, IP and user agent. Pass the transaction of the change as `db`, so the record
 * commits or rolls back with the change it describes.
 */
export async function recordAudit(db: Db, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    userId: actor.userId,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId === null ? null : String(entry.entityId),
    details: actor.checkedBy ? { ...entry.details, checked_by: actor.checkedBy, pending_action_id: actor.pendingActionId ?? null } : (entry.details ?? {}),
    before: entry.before ?? null,
    after: entry.after ?? null,
    ipAddress: actor.ip,
    userAgent: actor.userAgent,
  });
}

/**
 * The fields of `patch` that differ from `current`, as `{ before, after }` for an edit's
 * audit record (undefined values in the patch are not changes).
 */
export function auditChanges(
  current: Record<string, unknown>,
  patch: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(patch)) {
    if (v === undefined || current[k] === v) continue;
    before[k] = current[k] ?? null;
    after[k] = v;
  }
  return { before, after };
}

/**
 * recordAudit for a request, positional (the older form, kept for the callers that use
 * it): who (the session user, or `userId`), what (action, entity, id, details), when
 * (now) and from where (IP, user agent).
 */
export async function audit(
  req: FastifyRequest,
  action: string,
  entity: string,
  entityId: string | number | null,
  details: Record<string, unknown> = {},
  db: Db = req.server.db,
  /** Who acted, when not the session user (e.g. the user who just signed in). */
  userId: number | null = req.sessionUser?.id ?? null,
): Promise<void> {
  await recordAudit(db, auditActor(req, userId), { action, entity, entityId, details });
}
