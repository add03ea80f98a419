import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { queryRows, recordAudit, type AuditActor, type Db, type Jobs } from '@loan/shared-server';
import { SMS_BATCH_JOB, type BatchJob } from './send';
import { quietUntil } from './quiet-hours';

export const REMINDERS_JOB = 'communication.reminders';

/** The job acts for nobody: its audit row names no user. */
const SYSTEM: AuditActor = { userId: null, ip: null, userAgent: null };

export interface ReminderOptions {
  /** When the job runs (cron, business time): 09:00, outside the quiet hours 20:00-07:00. */
  schedule: string;
  /**
   * Days from the due date to remind on (issue 15): 3 days before it, and 1 and 7 days past
   * it while the instalment is still unpaid.
   */
  days: readonly number[];
}

export const REMINDER_DEFAULTS: ReminderOptions = { schedule: '0 9 * * *', days: [-3, 1, 7] };

/**
 * The texts, editable (message_templates, migration 1200; the templates screen): read at
 * each run, placeholders filled by render_message as every message.
 */
export const REMINDER_TEMPLATES = { before: 'reminder_before', after: 'reminder_after' } as const;

/**
 * Queues today's reminders: one SMS per unpaid instalment of a disbursed loan whose due
 * date is `days` away from `today` (business date), to the borrower's mobile, from the
 * sender name of the client's branch (else the gateway's). Each carries the key
 * `reminder:<loan>:<instalment>:<day>`, unique in messages: a second run (another
 * instance, a retry, a rerun the same day) inserts nothing again. The batch job sends them,
 * keeping the quiet hours: queued at `now` inside them, they wait until 07:00.
 * Answers the batch and how many were queued.
 */
export async function queueReminders(
  db: Db,
  jobs: Jobs,
  opts: Pick<ReminderOptions, 'days'> = REMINDER_DEFAULTS,
  today?: string,
  now: Date = new Date(),
): Promise<{ batch_id: string; queued: number }> {
  const batchId = `reminders-${randomUUID()}`;
  const days = `{${opts.days.map((d) => Math.trunc(d)).join(',')}}`;
  return db.transaction(async (tx) => {
    const [{ n }] = await queryRows<{ n: number }>(
      tx,
      sql`WITH day AS (SELECT coalesce(${today ?? null}::date, business_today()) AS today),
               text AS (
                 SELECT (SELECT body FROM message_templates WHERE id = ${REMINDER_TEMPLATES.before}) AS before,
                        (SELECT body FROM message_templates WHERE id = ${REMINDER_TEMPLATES.after}) AS after),
               due AS (
                 SELECT s.application_id, s.instalment_no, s.due_date, o.d, b.reference_code, b.total_due, b.balance, c.id AS client_id, c.fullname,
                        btrim(c.mobile) AS mobile, br.sms_sender_name
                   FROM day
                   CROSS JOIN unnest(${days}::int[]) AS o(d)
                   JOIN loan_schedule s ON s.due_date = day.today - o.d
                   JOIN loan_balances b ON b.application_id = s.application_id
                   JOIN clients c ON c.id = b.client_id
                   LEFT JOIN branches br ON br.id = c.branch_id
                  WHERE s.status <> 'paid' AND coalesce(btrim(c.mobile), '') <> ''),
               ins AS (
                 INSERT INTO messages (channel, recipient, body, purpose, status, provider, client_id, application_id, batch_id, dedupe_key, sender_id)
                 SELECT 'sms', due.mobile,
                        render_message(CASE WHEN due.d < 0 THEN text.before ELSE text.after END,
                                       due.fullname, due.reference_code, due.total_due, due.balance, due.due_date),
                        'reminder', 'queued', 'pending', due.client_id, due.application_id, ${batchId},
                        'reminder:' || due.application_id || ':' || due.instalment_no || ':' || due.d, due.sms_sender_name
                   FROM due CROSS JOIN text ORDER BY due.application_id, due.instalment_no
                 ON CONFLICT (dedupe_key) WHERE dedupe_key IS NOT NULL DO NOTHING
                 RETURNING 1)
          SELECT count(*)::int AS n FROM ins`,
    );
    if (Number(n) > 0) {
      // One audit row for the run's batch (by nobody: the job); each message names its batch.
      await recordAudit(tx, SYSTEM, { action: 'send_reminder', entity: 'message_batch', entityId: batchId, details: { recipients: Number(n) } });
      const wait = quietUntil(now);
      const job: BatchJob = { batchId, quiet: true };
      await jobs.send(SMS_BATCH_JOB, job, { db: tx, singletonKey: `${batchId}:0`, ...(wait ? { startAfter: wait } : {}) });
    }
    return { batch_id: batchId, queued: Number(n) };
  });
}

/** The daily job (one run per day across every api instance). */
export function registerReminderJob(app: FastifyInstance, opts: Partial<ReminderOptions> = {}): void {
  const o = { ...REMINDER_DEFAULTS, ...opts };
  app.jobs.register(REMINDERS_JOB, async () => {
    await queueReminders(app.db, app.jobs, o);
  }, { schedule: o.schedule, expireInSeconds: 15 * 60 });
}
