import type { Db } from '@loan/shared-server';

/**
 * Events of the loan account, published INSIDE the command's transaction: a subscriber
 * (the general ledger, a summary) writes in the same transaction, so it commits or rolls
 * back with the change it follows. Subscribers must not call the account's commands.
 */
export type LoanEvent =
  | { type: 'AccountOpened'; applicationId: number; disbursementId: number }
  | { type: 'RepaymentAllocated'; applicationId: number; repaymentId: number | null }
  /** A bulk upload's loans (null: named by a query, not read into this process). */
  | { type: 'RepaymentsAllocated'; applicationIds: number[] | null }
  | { type: 'RepaymentReversed'; applicationId: number; repaymentId: number }
  | { type: 'LoanClosed'; applicationId: number; reason: 'paid_in_full' | 'by_staff' }
  | { type: 'LoanReopened'; applicationId: number }
  | { type: 'ChargesWaived'; applicationId: number; part: 'penalty' | 'fees' | 'interest'; amount: string }
  | { type: 'LoanWrittenOff'; applicationId: number; amount: string }
  | { type: 'RecoveryRecorded'; applicationId: number; amount: string }
  | { type: 'LoanSettled'; applicationId: number; amount: string }
  | { type: 'LoanRescheduled'; applicationId: number; scheduleVersion: number }
  /** The daily penalty job's charges of one run (set-based: the loans are not listed). */
  | { type: 'PenaltiesCharged'; businessDate: string; count: number };

export type LoanEventSubscriber = (tx: Db, event: LoanEvent) => Promise<void>;

const subscribers = new Set<LoanEventSubscriber>();

/** Subscribes to every loan event; answers the unsubscribe. */
export function onLoanEvent(subscriber: LoanEventSubscriber): () => void {
  subscribers.add(subscriber);
  return () => subscribers.delete(subscriber);
}

export async function publish(tx: Db, event: LoanEvent): Promise<void> {
  for (const s of subscribers) await s(tx, event);
}
