import type { FastifyRequest } from 'fastify';
import { auditLog } from '../db/schema';
import type { Db } from '../db';

/**
 * Writes an audit record: who (the session user), what (action, entity, id, details),
 * when (now) and from where (IP, user agent). Pass the transaction as `db` so the
 * record commits or rolls back with the change it describes.
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
  await db.insert(auditLog).values({
    userId,
    action,
    entity,
    entityId: entityId === null ? null : String(entityId),
    details,
    ipAddress: req.ip,
    userAgent: (req.headers['user-agent'] ?? '').slice(0, 500) || null,
  });
}
