import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { queryRows, type Db, type SmsPort } from '@loan/shared-server';
import { formatMoney } from '@loan/shared-util-format';

/** The bulk upload's SMS receipts: one job per saved upload (singleton key), run after it commits. */
export const UPLOAD_RECEIPTS_JOB = 'repayments.upload-receipts';

/** What the job is given: the upload and the ids its insert wrote (a primary-key range to scan). */
export interface UploadReceiptsJob {
  uploadId: number;
  firstId: number;
  lastId: number;
}

/** Repayments claimed per round: the claim is committed before their SMS go to the port. */
const CLAIM = 500;

export const money = (v: string): string => formatMoney(v);

/** The SMS receipt of one repayment: the same words for one recorded by hand and one uploaded. */
export function receiptText(r: {
  fullname: string;
  amount: string;
  referenceCode: string;
  paidAt: string;
  reference: string;
  balance: string;
  nextDueDate?: string | null;
  nextDueAmount?: string | null;
}): string {
  return (
    `Dear ${r.fullname}, we received ${money(r.amount)} for loan ${r.referenceCode} on ${r.paidAt} ` +
    `(ref ${r.reference}). Balance: ${money(r.balance)}.` +
    (r.nextDueDate && r.nextDueAmount ? ` Next due ${r.nextDueDate}: ${money(r.nextDueAmount)}.` : '')
  );
}

interface Claimed {
  id: number;
  application_id: number;
  client_id: number | null;
  created_by: number | null;
  amount: string;
  paid_at: string;
  reference: string;
  reference_code: string;
  fullname: string;
  mobile: string;
  balance_after: string;
  latest: boolean;
  next_due_date: string | null;
  next_due_amount: string | null;
}

/**
 * Sends the receipts of one upload through the SMS port, CLAIM at a time: each round claims
 * repayments without a receipt (one INSERT ... ON CONFLICT DO NOTHING, committed on its own)
 * and only then hands their SMS to the port. A run that stops after a claim leaves those
 * receipts unsent rather than send any twice; a retry continues with the unclaimed ones.
 * The balance in a receipt is the loan's balance just after that repayment (the current
 * balance plus the loan's later live repayments); the next instalment only on the latest.
 * Answers how many were sent.
 */
export async function sendUploadReceipts(db: Db, sms: SmsPort, job: UploadReceiptsJob): Promise<number> {
  let sent = 0;
  let after = job.firstId - 1;
  for (;;) {
    const rows = await queryRows<Claimed>(
      db,
      sql`WITH claimed AS (
            INSERT INTO repayment_receipts (repayment_id)
            SELECT r.id FROM repayments r
             WHERE r.id > ${after} AND r.id <= ${job.lastId} AND r.upload_id = ${job.uploadId} AND r.reversed_at IS NULL
               AND NOT EXISTS (SELECT 1 FROM repayment_receipts x WHERE x.repayment_id = r.id)
             ORDER BY r.id
             LIMIT ${CLAIM}
            ON CONFLICT (repayment_id) DO NOTHING
            RETURNING repayment_id)
          SELECT r.id::int AS id, r.application_id::int AS application_id, r.client_id::int AS client_id, r.created_by::int AS created_by,
                 r.amount::text AS amount, r.paid_at::text AS paid_at, r.reference, la.reference_code, la.fullname, la.mobile,
                 (coalesce(b.balance, 0) + l.later)::numeric(14,2)::text AS balance_after, l.later = 0 AS latest,
                 b.next_due_date::text AS next_due_date, b.next_due_amount::text AS next_due_amount
            FROM claimed c
            JOIN repayments r ON r.id = c.repayment_id
            JOIN loan_applications la ON la.id = r.application_id
            LEFT JOIN loan_balances b ON b.application_id = la.id
            CROSS JOIN LATERAL (SELECT coalesce(sum(o.amount), 0)::numeric(14,2) AS later FROM repayments o
                                 WHERE o.application_id = r.application_id AND o.reversed_at IS NULL AND o.id > r.id) l
           ORDER BY r.id`,
    );
    if (!rows.length) return sent;
    // Which outbox row is which receipt, for those handed to the port (also when one throws).
    const done: { repayment: number; message: number }[] = [];
    try {
      for (const r of rows) {
        after = Math.max(after, r.id);
        const message = await sms.send({
          to: r.mobile,
          purpose: 'repayment_receipt',
          applicationId: r.application_id,
          clientId: r.client_id,
          createdBy: r.created_by,
          batchId: `upload-${job.uploadId}`,
          body: receiptText({
            fullname: r.fullname,
            amount: r.amount,
            referenceCode: r.reference_code,
            paidAt: r.paid_at,
            reference: r.reference,
            balance: r.balance_after,
            nextDueDate: r.latest ? r.next_due_date : null,
            nextDueAmount: r.latest ? r.next_due_amount : null,
          }),
        });
        done.push({ repayment: r.id, message: message.id });
        sent += 1;
      }
    } finally {
      if (done.length)
        await db.execute(sql`UPDATE repayment_receipts x SET message_id = m.message_id
                               FROM unnest(string_to_array(${done.map((d) => d.repayment).join(',')}, ',')::bigint[],
                                           string_to_array(${done.map((d) => d.message).join(',')}, ',')::bigint[]) AS m(repayment_id, message_id)
                              WHERE x.repayment_id = m.repayment_id`);
    }
  }
}

/** Registers the receipts job with the app's queue (the transactions plugin does, once). */
export function registerUploadReceipts(app: FastifyInstance): void {
  app.jobs.register<UploadReceiptsJob>(UPLOAD_RECEIPTS_JOB, async (job) => sendUploadReceipts(app.db, app.ports.sms, job.data), {
    expireInSeconds: 30 * 60,
  });
}
