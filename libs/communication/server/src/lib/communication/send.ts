import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Message, OutgoingMessage, SendSms } from '@loan/shared-contract';
import {
  conflict,
  notFound,
  queryRows,
  recordAudit,
  type AuditActor,
  type BranchScope,
  type Db,
  type EmailPort,
  type Jobs,
  type Ports,
  type Transmitted,
} from '@loan/shared-server';
import { recipientsSql, renderSql } from './audience';
import { quietUntil } from './quiet-hours';

export const SMS_BATCH_JOB = 'communication.sms-batch';

export interface SendOptions {
  /**
   * Rows a job claims at a time (in flight until each has its outcome). The pace is the
   * ports' throttle (the provider's rate, SMS_RATE_PER_SECOND / EMAIL_RATE_PER_SECOND).
   */
  claimSize: number;
  /** A job hands the rest of its batch to a new job after this long (keeps jobs short). */
  sliceMs: number;
  /** The clock the quiet hours are read from (tests set it). */
  now: () => Date;
}

export const SEND_DEFAULTS: SendOptions = { claimSize: 20, sliceMs: 50_000, now: () => new Date() };

/** What a batch job is given: the batch, which follow-up it is, and whether it keeps the quiet hours (reminders). */
export interface BatchJob {
  batchId: string;
  part?: number;
  quiet?: boolean;
}

/**
 * Queues a message (SMS or e-mail) to each recipient the audience names, inside the user's
 * branch scope: one `queued` row per recipient with the placeholders filled by
 * `render_message` (the preview's function), one audit row for the send and the batch job,
 * in one transaction; answers at once.
 *
 * The audit trail of a send is that one `message_batch` row (who, the channel, how many,
 * which audience, the text as composed) plus the messages' own rows, which carry their
 * sender, batch and time; a message's record history shows its batch's row. One audit row
 * per message doubled the insert and its per-row foreign-key check on `user_id` (PGlite:
 * 50,000 messages took seconds more).
 */
export async function queueMessages(db: Db, jobs: Jobs, scope: BranchScope, actor: AuditActor, input: OutgoingMessage): Promise<{ batch_id: string; queued: number }> {
  const batchId = randomUUID();
  const subject = input.channel === 'email' ? input.subject : null;
  const action = input.channel === 'sms' ? 'send_sms' : 'send_email';
  return db.transaction(async (tx) => {
    // Set-based: one statement for every recipient, so 50,000 stay fast.
    const [{ n }] = await queryRows<{ n: number }>(
      tx,
      sql`WITH ins AS (
            INSERT INTO messages (channel, recipient, subject, body, purpose, status, provider, client_id, created_by, batch_id)
            SELECT ${input.channel}, r.recipient, ${subject === null ? sql`NULL` : renderSql(subject)}, ${renderSql(input.body)},
                   'communication', 'queued', 'pending', r.client_id, ${actor.userId ?? null}, ${batchId}
            FROM (${recipientsSql(input.channel, scope, input, [input.body, subject ?? ''])}) r
            ORDER BY r.client_id
            RETURNING 1)
          SELECT count(*)::int AS n FROM ins`,
    );
    if (Number(n) === 0) {
      throw conflict(input.channel === 'sms' ? 'None of the chosen clients has a mobile number.' : 'None of the chosen clients has an e-mail address.');
    }
    const audience = { all: !!input.all, clients: input.client_ids?.length ?? 0, branch_id: input.branch_id ?? null, loan_state: input.loan_state ?? null };
    const text = { channel: input.channel, ...(subject !== null ? { subject } : {}), body: input.body };
    await recordAudit(tx, actor, { action, entity: 'message_batch', entityId: batchId, details: { recipients: Number(n), ...audience, ...text } });
    await jobs.send(SMS_BATCH_JOB, { batchId }, { db: tx, singletonKey: `${batchId}:0` });
    return { batch_id: batchId, queued: Number(n) };
  });
}

/** The SMS send (`POST /api/communication/sms`). */
export const queueSms = (db: Db, jobs: Jobs, scope: BranchScope, actor: AuditActor, input: SendSms) =>
  queueMessages(db, jobs, scope, actor, { channel: 'sms', ...input });

interface ClaimedRow {
  id: string;
  channel: 'sms' | 'email';
  recipient: string;
  subject: string | null;
  body: string;
  batch_id: string | null;
  sender_id: string | null;
}

/** Hands one claimed row to its channel's port and records the outcome (only while it is still queued). */
async function transmitRow(app: FastifyInstance, r: ClaimedRow): Promise<void> {
  const db = app.db;
  const id = Number(r.id);
  const batchId = r.batch_id ?? undefined;
  try {
    let done: Transmitted;
    if (r.channel === 'email') {
      const port: EmailPort = app.ports.email;
      if (!port.transmit) throw new Error('This e-mail provider cannot send recorded messages.');
      done = await port.transmit({ to: r.recipient, subject: r.subject ?? '', body: r.body, purpose: 'communication', batchId }, id);
    } else {
      const port: Ports['sms'] = app.ports.sms;
      if (!port.transmit) throw new Error('This SMS provider cannot send recorded messages.');
      done = await port.transmit({ to: r.recipient, body: r.body, purpose: 'communication', batchId, ...(r.sender_id ? { senderId: r.sender_id } : {}) }, id);
    }
    await db.execute(sql`UPDATE messages SET status = 'sent', provider = ${done.provider}, provider_ref = ${done.providerRef}, updated_at = now() WHERE id = ${id} AND status = 'queued'`);
  } catch (err) {
    const error = String((err as Error).message ?? err).slice(0, 300);
    await db.execute(sql`UPDATE messages SET status = 'failed', error = ${error}, updated_at = now() WHERE id = ${id} AND status = 'queued'`);
  }
}

/**
 * The batch job: claims the next `claimSize` queued rows of the batch (marking them in
 * flight: sent_at set while still queued) and hands each to its channel's port, which holds
 * it to the provider's rate (the ports' throttle). A row found in flight when a job starts
 * was claimed by a run that stopped before it knew the outcome: it is failed, never sent
 * again (nobody gets an SMS twice). After `sliceMs`, or when the queue stops, the rest goes
 * to a new job of the same batch.
 */
export async function runSmsBatch(app: FastifyInstance, job: BatchJob, opts: SendOptions): Promise<void> {
  const db = app.db;
  const { batchId } = job;
  const part = job.part ?? 0;
  await db.execute(sql`UPDATE messages SET status = 'failed', error = 'Interrupted while sending; not sent again.', updated_at = now()
                       WHERE batch_id = ${batchId} AND status = 'queued' AND sent_at IS NOT NULL`);
  const started = Date.now();
  for (;;) {
    // A reminder batch that reaches the quiet hours waits for their end (a follow-up job then).
    const wait = job.quiet ? quietUntil(opts.now()) : null;
    if (wait || app.jobs.state !== 'running' || Date.now() - started > opts.sliceMs) {
      const more = await queryRows<{ id: string }>(db, sql`SELECT id FROM messages WHERE batch_id = ${batchId} AND status = 'queued' LIMIT 1`);
      if (more.length) {
        const next: BatchJob = { ...job, part: part + 1 };
        await app.jobs.send(SMS_BATCH_JOB, next, { singletonKey: `${batchId}:${part + 1}`, ...(wait ? { startAfter: wait } : {}) });
      }
      return;
    }
    const rows = await queryRows<ClaimedRow>(
      db,
      sql`UPDATE messages SET sent_at = now(), updated_at = now()
          WHERE id IN (SELECT id FROM messages WHERE batch_id = ${batchId} AND status = 'queued' AND sent_at IS NULL
                       ORDER BY id LIMIT ${opts.claimSize} FOR UPDATE SKIP LOCKED)
          RETURNING id, channel, recipient, subject, body, batch_id, sender_id`,
    );
    if (rows.length === 0) return;
    for (const r of rows) await transmitRow(app, r);
  }
}

export const RETRY_JOB = 'communication.retry';

/**
 * A failed message back to the queue and a job that sends it once: nothing changes when it
 * is not failed (a second click, another user), and a message of a send that is still
 * running waits for it to finish (the batch's own job would otherwise meet it too).
 * Answers whether it was queued again.
 */
export async function retryMessage(db: Db, jobs: Jobs, actor: AuditActor, id: number): Promise<{ id: number; status: Message['status']; retried: boolean }> {
  return db.transaction(async (tx) => {
    const [row] = await queryRows<{ status: Message['status']; busy: boolean }>(
      tx,
      sql`SELECT m.status, EXISTS (SELECT 1 FROM messages q WHERE m.batch_id IS NOT NULL AND q.batch_id = m.batch_id AND q.status = 'queued') AS busy
            FROM messages m WHERE m.id = ${id} FOR UPDATE`,
    );
    if (!row) throw notFound('Message');
    if (row.status !== 'failed') return { id, status: row.status, retried: false };
    if (row.busy) throw conflict('This send is still running; retry its failed messages when it has finished.');
    await tx.execute(sql`UPDATE messages SET status = 'queued', error = NULL, sent_at = NULL, provider = 'pending', updated_at = now() WHERE id = ${id}`);
    await recordAudit(tx, actor, { action: 'retry_message', entity: 'message', entityId: String(id) });
    await jobs.send(RETRY_JOB, { id }, { db: tx, singletonKey: `retry:${id}:${randomUUID()}` });
    return { id, status: 'queued', retried: true };
  });
}

/** The retry job: claims the one message (a run that stopped after claiming it fails it, never sends it twice) and sends it. */
export async function runRetry(app: FastifyInstance, id: number): Promise<void> {
  await app.db.execute(sql`UPDATE messages SET status = 'failed', error = 'Interrupted while sending; not sent again.', updated_at = now()
                           WHERE id = ${id} AND status = 'queued' AND sent_at IS NOT NULL`);
  const [row] = await queryRows<ClaimedRow>(
    app.db,
    sql`UPDATE messages SET sent_at = now(), updated_at = now() WHERE id = ${id} AND status = 'queued' AND sent_at IS NULL
        RETURNING id, channel, recipient, subject, body, batch_id, sender_id`,
  );
  if (row) await transmitRow(app, row);
}

/** Registers the batch and retry jobs with the app's queue. */
export function registerSmsJobs(app: FastifyInstance, opts: SendOptions): void {
  app.jobs.register<{ id: number }>(RETRY_JOB, (job) => runRetry(app, job.data.id), { expireInSeconds: 5 * 60 });
  app.jobs.register<BatchJob>(SMS_BATCH_JOB, (job) => runSmsBatch(app, job.data, opts), {
    expireInSeconds: 15 * 60,
  });
}
