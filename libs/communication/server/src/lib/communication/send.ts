import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { SendSms } from '@loan/shared-contract';
import { conflict, queryRows, recordAudit, type AuditActor, type BranchScope, type Db, type Jobs, type Ports } from '@loan/shared-server';

export const SMS_BATCH_JOB = 'communication.sms-batch';

export interface SendOptions {
  /** The provider's rate: messages a second (SMS_RATE_PER_SECOND, default 20). */
  ratePerSecond: number;
  /** A job hands the rest of its batch to a new job after this long (keeps jobs short). */
  sliceMs: number;
}

export function sendOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): SendOptions {
  return { ratePerSecond: Math.max(1, Number(env['SMS_RATE_PER_SECOND']) || 20), sliceMs: 50_000 };
}

/**
 * Queues an SMS to each chosen client (or every client with a mobile, inside the user's
 * branch scope): one `queued` row per recipient with the placeholders filled, the audit
 * record and the batch job, in one transaction; answers at once.
 */
export async function queueSms(db: Db, jobs: Jobs, scope: BranchScope, actor: AuditActor, input: SendSms): Promise<{ batch_id: string; queued: number }> {
  const batchId = randomUUID();
  const ids = input.all ? null : [...new Set(input.client_ids ?? [])];
  const scopeSql = scope.all ? sql`true` : scope.branchId === null ? sql`false` : sql`c.branch_id = ${scope.branchId}`;
  return db.transaction(async (tx) => {
    const [{ n }] = await queryRows<{ n: number }>(
      tx,
      sql`WITH ins AS (
            INSERT INTO messages (channel, recipient, body, purpose, status, provider, client_id, created_by, batch_id)
            SELECT 'sms', c.mobile, replace(${input.body}::text, '{name}', c.fullname), 'communication', 'queued', 'pending', c.id, ${actor.userId ?? null}, ${batchId}
            FROM clients c
            WHERE c.mobile <> '' AND ${scopeSql} ${ids ? sql`AND c.id = ANY(${`{${ids.join(',')}}`}::bigint[])` : sql``}
            ORDER BY c.id
            RETURNING 1)
          SELECT count(*)::int AS n FROM ins`,
    );
    if (Number(n) === 0) throw conflict('None of the chosen clients has a mobile number.');
    await recordAudit(tx, actor, { action: 'send_sms', entity: 'message_batch', entityId: batchId, details: { recipients: Number(n), all: !!input.all } });
    await jobs.send(SMS_BATCH_JOB, { batchId }, { db: tx, singletonKey: `${batchId}:0` });
    return { batch_id: batchId, queued: Number(n) };
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The batch job: claims the next `ratePerSecond` queued rows of the batch (marking them in
 * flight: sent_at set while still queued) and hands each to the SMS port, at most that many
 * a second. A row found in flight when a job starts was claimed by a run that stopped
 * before it knew the outcome: it is failed, never sent again (nobody gets an SMS twice).
 * After `sliceMs`, or when the queue stops, the rest goes to a new job of the same batch.
 */
export async function runSmsBatch(app: FastifyInstance, batchId: string, opts: SendOptions, part: number): Promise<void> {
  const db = app.db;
  const port: Ports['sms'] = app.ports.sms;
  await db.execute(sql`UPDATE messages SET status = 'failed', error = 'Interrupted while sending; not sent again.', updated_at = now()
                       WHERE batch_id = ${batchId} AND status = 'queued' AND sent_at IS NOT NULL`);
  const started = Date.now();
  for (;;) {
    if (app.jobs.state !== 'running' || Date.now() - started > opts.sliceMs) {
      const more = await queryRows<{ id: string }>(db, sql`SELECT id FROM messages WHERE batch_id = ${batchId} AND status = 'queued' LIMIT 1`);
      if (more.length) await app.jobs.send(SMS_BATCH_JOB, { batchId, part: part + 1 }, { singletonKey: `${batchId}:${part + 1}` });
      return;
    }
    const tick = Date.now();
    const rows = await queryRows<{ id: string; recipient: string; body: string; client_id: string | null }>(
      db,
      sql`UPDATE messages SET sent_at = now(), updated_at = now()
          WHERE id IN (SELECT id FROM messages WHERE batch_id = ${batchId} AND status = 'queued' AND sent_at IS NULL
                       ORDER BY id LIMIT ${opts.ratePerSecond} FOR UPDATE SKIP LOCKED)
          RETURNING id, recipient, body, client_id`,
    );
    if (rows.length === 0) return;
    for (const r of rows) {
      const id = Number(r.id);
      try {
        if (!port.transmit) throw new Error('This SMS provider cannot send recorded messages.');
        const done = await port.transmit({ to: r.recipient, body: r.body, purpose: 'communication', batchId }, id);
        await db.execute(sql`UPDATE messages SET status = 'sent', provider = ${done.provider}, provider_ref = ${done.providerRef}, updated_at = now() WHERE id = ${id} AND status = 'queued'`);
      } catch (err) {
        const error = String((err as Error).message ?? err).slice(0, 300);
        await db.execute(sql`UPDATE messages SET status = 'failed', error = ${error}, updated_at = now() WHERE id = ${id} AND status = 'queued'`);
      }
    }
    const rest = 1000 - (Date.now() - tick);
    if (rows.length === opts.ratePerSecond && rest > 0) await sleep(rest);
  }
}

/** Registers the batch job with the app's queue. */
export function registerSmsJobs(app: FastifyInstance, opts: SendOptions): void {
  app.jobs.register<{ batchId: string; part?: number }>(SMS_BATCH_JOB, (job) => runSmsBatch(app, job.data.batchId, opts, job.data.part ?? 0), {
    expireInSeconds: 15 * 60,
  });
}
