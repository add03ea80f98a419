import { sql } from 'drizzle-orm';
import type { MessageTemplate, TemplateInput } from '@loan/shared-contract';
import { notFound, queryRows, recordAudit, type AuditActor, type Db } from '@loan/shared-server';

interface TemplateRow {
  id: string;
  kind: MessageTemplate['kind'];
  label: string;
  subject: string | null;
  body: string;
  updated_by_name: string | null;
  updated_at: Date | string;
}

const SELECT = sql`SELECT t.id, t.kind, t.label, t.subject, t.body, u.fullname AS updated_by_name, t.updated_at
                     FROM message_templates t LEFT JOIN users u ON u.id = t.updated_by`;

const toDto = (r: TemplateRow): MessageTemplate => ({ ...r, updated_at: new Date(r.updated_at).toISOString() });

/** The editable texts: the composer's, then the reminders'. */
export async function listTemplates(db: Db): Promise<{ items: MessageTemplate[] }> {
  const rows = await queryRows<TemplateRow>(db, sql`${SELECT} ORDER BY t.kind, t.sort, t.id`);
  return { items: rows.map(toDto) };
}

/**
 * A new text for a template (404 when there is none by that id), audited with before and
 * after. A reminder's text has no subject (it is an SMS); the next run sends the new text.
 */
export async function updateTemplate(db: Db, actor: AuditActor, id: string, v: TemplateInput): Promise<MessageTemplate> {
  return db.transaction(async (tx) => {
    const [old] = await queryRows<{ kind: string; subject: string | null; body: string }>(tx, sql`SELECT kind, subject, body FROM message_templates WHERE id = ${id} FOR UPDATE`);
    if (!old) throw notFound('Template');
    const subject = old.kind === 'composer' ? (v.subject ?? null) : null;
    await tx.execute(sql`UPDATE message_templates SET subject = ${subject}, body = ${v.body}, updated_by = ${actor.userId ?? null}, updated_at = now() WHERE id = ${id}`);
    await recordAudit(tx, actor, {
      action: 'update',
      entity: 'message_template',
      entityId: id,
      before: { subject: old.subject, body: old.body },
      after: { subject, body: v.body },
    });
    const [row] = await queryRows<TemplateRow>(tx, sql`${SELECT} WHERE t.id = ${id}`);
    return toDto(row);
  });
}
