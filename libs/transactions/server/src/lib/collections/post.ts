import { sql } from 'drizzle-orm';
import { businessToday, HttpError, queryRows, recordAudit, type AuditActor, type Db, type SmsPort } from '@loan/shared-server';
import { create as createRepayment } from '../repayments/service';

/**
 * The one way a collection becomes a repayment (issue 29): the api supplies it. Today it is the
 * repayments service's single-repayment path (run inside the caller's transaction, as a
 * savepoint); the loan account's `repay` replaces it (libs/loans/account), with the same shape.
 * It throws an HttpError (422/409/404) when the loan takes no such repayment: the money then
 * goes to suspense.
 */
export interface RecordRepaymentInput {
  applicationId: number;
  amount: string;
  paidOn: string;
  method: 'mobile_money';
  /** The provider's transaction id. */
  reference: string;
}
export type RecordRepayment = (tx: Db, input: RecordRepaymentInput) => Promise<{ repaymentId: number }>;

export const COLLECTIONS_ACTOR: AuditActor = { userId: null, ip: null, userAgent: 'collections' };

/** RecordRepayment through the existing repayments service (rules, audit, close when paid, SMS receipt). */
export function repaymentsServiceRecorder(sms: SmsPort): RecordRepayment {
  return async (tx, input) => {
    const [loan] = await queryRows<{ reference_code: string }>(tx, sql`SELECT reference_code FROM loan_applications WHERE id = ${input.applicationId}`);
    if (!loan) throw new HttpError(404, 'Loan not found.');
    const out = await createRepayment(tx, sms, { userId: null, scope: { all: true }, who: COLLECTIONS_ACTOR }, {
      reference_code: loan.reference_code,
      amount: input.amount,
      paid_at: input.paidOn,
      method: input.method,
      reference: input.reference,
      note: 'Mobile-money collection',
    });
    return { repaymentId: out.repayment.id };
  };
}

/** A successful provider payment to post. */
export interface CollectedPayment {
  provider: string;
  providerRef: string;
  amount: string;
  payer: string | null;
  /** Our reference id as the provider sent it. */
  reference: string | null;
  requestId: number | null;
  /** The loan it pays (null: none matched, it goes to suspense). */
  applicationId: number | null;
}

export type PostOutcome = { kind: 'repayment'; repaymentId: number } | { kind: 'suspense'; suspenseItemId: number } | { kind: 'duplicate' };

/**
 * Turns ONE successful collection into exactly ONE repayment (or one suspense line when no loan
 * takes it), inside the caller's transaction. The claim is a unique row per provider payment:
 * a concurrent transaction posting the same payment waits on it and then does nothing.
 */
export async function postCollection(tx: Db, record: RecordRepayment, p: CollectedPayment, actor: AuditActor = COLLECTIONS_ACTOR): Promise<PostOutcome> {
  const [claim] = await queryRows<{ id: string }>(
    tx,
    sql`INSERT INTO collection_payments (provider, provider_transaction_id, request_id, amount)
        VALUES (${p.provider}, ${p.providerRef}, ${p.requestId}, ${p.amount})
        ON CONFLICT (provider, provider_transaction_id) DO NOTHING RETURNING id::text AS id`,
  );
  if (!claim) return { kind: 'duplicate' };
  let why = 'No collection request with this reference.';
  if (p.applicationId !== null) {
    const paidOn = await businessToday(tx);
    try {
      const { repaymentId } = await tx.transaction((sp) => record(sp, { applicationId: p.applicationId as number, amount: p.amount, paidOn, method: 'mobile_money', reference: p.providerRef }));
      await tx.execute(sql`UPDATE collection_payments SET repayment_id = ${repaymentId} WHERE id = ${claim.id}`);
      return { kind: 'repayment', repaymentId };
    } catch (err) {
      if (!(err instanceof HttpError) || err.statusCode >= 500) throw err;
      why = `The loan took no repayment: ${err.message}`;
    }
  }
  const [item] = await queryRows<{ id: number }>(
    tx,
    sql`INSERT INTO suspense_items (amount, payer_msisdn, provider, provider_transaction_id, reference, reason)
        VALUES (${p.amount}, ${p.payer}, ${p.provider}, ${p.providerRef}, ${p.reference}, ${why}) RETURNING id::int AS id`,
  );
  await tx.execute(sql`UPDATE collection_payments SET suspense_item_id = ${item.id} WHERE id = ${claim.id}`);
  await recordAudit(tx, actor, { action: 'suspense.create', entity: 'suspense_item', entityId: item.id, details: { amount: p.amount, provider: p.provider, provider_ref: p.providerRef, reason: why } });
  return { kind: 'suspense', suspenseItemId: item.id };
}
