import { sql } from 'drizzle-orm';
import {
  canTransition,
  fromNgwee,
  PART_LABELS,
  toNgwee,
  type LoanAccountDetails,
  type LoanReschedulePreview,
  type LoanSettlementQuote,
  type WaivablePart,
} from '@loan/shared-contract';
import { businessToday, conflict, notFound, queryRows, recordAudit, type Db } from '@loan/shared-server';
import {
  rescheduleInstalments,
  settlementQuote,
  sumParts,
  type Instalment,
  type ProductTerms,
  type ReplayResult,
} from '@loan/loans-rules';
import { lockAccount, refused, ruleRefusal, settleStatus, zmw, type AccountActor } from './account';
import { accountDetails } from './details';
import { publish } from './events';
import { applyPlan, loadLoans, planLoan, type LoadedLoan, type NewEvent } from './ledger';
import { getProductVersion, LEGACY_FLAT_CODE, productTerms } from './products';

/**
 * The loan account's money commands beyond repayments (issue 26; NOTES.md "Loan products and
 * loan accounts"): waiver, write-off, recovery, early settlement, reschedule. Each: the account
 * locked first (FOR UPDATE), the checks (422 naming the field, 409 for a loan in the wrong
 * state, nothing written), the rules' replay with the new event (ledger.ts), the rows written,
 * status, audit and event in the caller's one transaction; the answer is the account's details.
 */

const LEGACY_TERMS: ProductTerms = {
  interestMethod: 'flat',
  monthlyRatePercent: '0',
  fees: [],
  penalty: null,
  allocationOrder: ['penalty', 'fees', 'interest', 'principal'],
  settlementRebatePercent: '0.00',
};

/** The terms the account is priced with: its product version, or the Legacy flat product's current one. */
export async function accountTerms(db: Db, applicationId: number): Promise<ProductTerms> {
  const [row] = await queryRows<{ v: number | null }>(
    db,
    sql`SELECT coalesce(a.product_version_id,
                        (SELECT v.id FROM loan_product_versions v JOIN loan_products p ON p.id = v.product_id
                          WHERE p.code = ${LEGACY_FLAT_CODE} ORDER BY v.version DESC LIMIT 1))::int AS v
          FROM loan_accounts a WHERE a.application_id = ${applicationId}`,
  );
  const version = row?.v ? await getProductVersion(db, Number(row.v)) : undefined;
  return version ? productTerms(version) : LEGACY_TERMS;
}

interface Opened {
  today: string;
  loan: LoadedLoan;
  before: ReplayResult;
}

/** Locks the account, reads and replays it; 404 when the loan has no account (never paid out). */
async function open(tx: Db, applicationId: number): Promise<Opened> {
  const acc = await lockAccount(tx, applicationId);
  if (!acc) throw notFound('Loan account');
  const today = await businessToday(tx);
  const loan = (await loadLoans(tx, [applicationId])).get(applicationId) as LoadedLoan;
  return { today, loan, before: planLoan(loan, today).result };
}

const STATE_WORDS = { closed: 'closed', written_off: 'written off', active: 'active' } as const;
function mustBeActive(o: Opened): void {
  if (o.loan.state !== 'active') throw conflict(`This loan is ${STATE_WORDS[o.loan.state]}: its money can no longer change.`);
}

/** Replays with the new event and writes; a rules' refusal is the 422 of `field`. */
async function record(tx: Db, o: Opened, fresh: NewEvent, field = 'amount'): Promise<ReplayResult> {
  let plan;
  try {
    plan = planLoan(o.loan, o.today, [fresh]);
  } catch (e) {
    ruleRefusal(e, field);
  }
  await applyPlan(tx, o.loan.applicationId, plan, o.today);
  return plan.result;
}

async function details(tx: Db, applicationId: number): Promise<LoanAccountDetails> {
  return (await accountDetails(tx, applicationId)) as LoanAccountDetails;
}

export interface WaiverInput {
  part: WaivablePart;
  amount: string;
  reason: string;
}

/** waive (`can waive loan charges`): forgives `amount` of one part, oldest instalments first. */
export async function waiveCharges(tx: Db, actor: AccountActor, applicationId: number, input: WaiverInput): Promise<LoanAccountDetails> {
  const o = await open(tx, applicationId);
  mustBeActive(o);
  const errors: Record<string, string> = {};
  const owed = o.before.outstanding[input.part];
  const amount = toNgwee(input.amount);
  if (amount <= 0n) errors['amount'] = 'The amount must be more than zero.';
  else if (amount > owed) errors['amount'] = `More than the ${PART_LABELS[input.part].toLowerCase()} owed (${zmw(fromNgwee(owed))}).`;
  if (!input.reason.trim()) errors['reason'] = 'Give the reason for the waiver.';
  if (Object.keys(errors).length) throw refused(errors);
  await record(tx, o, { kind: 'waiver', valueDate: o.today, amount, part: input.part, reason: input.reason, createdBy: actor.userId });
  await recordAudit(tx, actor.who, {
    action: 'waive',
    entity: 'loan_account',
    entityId: applicationId,
    details: { part: input.part, amount: input.amount, reason: input.reason },
  });
  await publish(tx, { type: 'ChargesWaived', applicationId, part: input.part, amount: input.amount });
  await settleStatus(tx, actor, [applicationId]);
  return details(tx, applicationId);
}

/** write off (`can write off loans`): everything outstanding written off; account written_off, application closed. */
export async function writeOff(tx: Db, actor: AccountActor, applicationId: number, reason: string): Promise<LoanAccountDetails> {
  const o = await open(tx, applicationId);
  if (!reason.trim()) throw refused({ reason: 'Give the reason for the write-off.' });
  mustBeActive(o);
  if (!canTransition('approved', 'closed')) throw new Error('the contract no longer allows closing an approved loan');
  const r = await record(tx, o, { kind: 'write_off', valueDate: o.today, amount: 0n, reason, createdBy: actor.userId });
  const written = sumParts(o.before.outstanding);
  await tx.execute(sql`UPDATE loan_accounts SET state = 'written_off', written_off_on = ${o.today}::date, updated_at = now()
                        WHERE application_id = ${applicationId}`);
  const closed = await queryRows<{ id: number }>(
    tx,
    sql`UPDATE loan_applications SET status = 'closed', closed_at = now(), updated_at = now()
         WHERE id = ${applicationId} AND status = 'approved' RETURNING id::int AS id`,
  );
  await recordAudit(tx, actor.who, {
    action: 'write_off',
    entity: 'loan_account',
    entityId: applicationId,
    details: { reason, amount: fromNgwee(written), principal: fromNgwee(o.before.outstanding.principal) },
  });
  if (closed.length)
    await recordAudit(tx, actor.who, { action: 'close', entity: 'loan_application', entityId: applicationId, details: { reason: 'written off' } });
  await publish(tx, { type: 'LoanWrittenOff', applicationId, amount: fromNgwee(written) });
  void r;
  return details(tx, applicationId);
}

export interface RecoveryInput {
  amount: string;
  paidAt: string;
  reference: string;
}

/** Whether a payment reference was seen (repayments, recoveries and settlements). */
async function referenceSeen(tx: Db, reference: string): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(
    tx,
    sql`SELECT 1 AS one WHERE EXISTS (SELECT 1 FROM repayments WHERE reference = ${reference})
           OR EXISTS (SELECT 1 FROM loan_transactions WHERE kind IN ('recovery', 'settlement') AND reason = ${referenceText(reference)})`,
  );
  return rows.length > 0;
}
const referenceText = (reference: string) => `Reference: ${reference}`;

/** recovery (`can add repayments`): money in on a written-off loan; no part changes. */
export async function recordRecovery(tx: Db, actor: AccountActor, applicationId: number, input: RecoveryInput): Promise<LoanAccountDetails> {
  const o = await open(tx, applicationId);
  if (o.loan.state !== 'written_off') throw conflict('A recovery is recorded on a written-off loan only.');
  const errors: Record<string, string> = {};
  const [acc] = await queryRows<{ w: string | null }>(tx, sql`SELECT written_off_on::text AS w FROM loan_accounts WHERE application_id = ${applicationId}`);
  if (input.paidAt > o.today) errors['paid_at'] = 'The date cannot be in the future.';
  else if (acc?.w && input.paidAt < acc.w) errors['paid_at'] = `The loan was written off on ${acc.w}: a recovery cannot be earlier.`;
  if (toNgwee(input.amount) <= 0n) errors['amount'] = 'The amount must be more than zero.';
  if (await referenceSeen(tx, input.reference)) errors['reference'] = 'This reference was already recorded.';
  if (Object.keys(errors).length) throw refused(errors);
  await record(
    tx,
    o,
    { kind: 'recovery', valueDate: input.paidAt, amount: toNgwee(input.amount), reason: referenceText(input.reference), createdBy: actor.userId },
    'paid_at',
  );
  await recordAudit(tx, actor.who, { action: 'recover', entity: 'loan_account', entityId: applicationId, details: { ...input } });
  await publish(tx, { type: 'RecoveryRecorded', applicationId, amount: input.amount });
  return details(tx, applicationId);
}

/** The end of a business day as an instant (UTC ISO). */
async function endOfBusinessDay(db: Db, day: string): Promise<string> {
  const [r] = await queryRows<{ t: string }>(
    db,
    sql`SELECT to_char(((((${day}::date + 1)::timestamp) AT TIME ZONE business_time_zone()) - interval '1 second') AT TIME ZONE 'UTC',
                       'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS t`,
  );
  return r.t;
}

async function quoteOf(db: Db, applicationId: number, r: ReplayResult, today: string): Promise<LoanSettlementQuote> {
  const q = settlementQuote(r, await accountTerms(db, applicationId), today);
  return {
    application_id: applicationId,
    as_of: today,
    valid_to: q.validUntil,
    valid_until: await endOfBusinessDay(db, q.validUntil),
    principal: fromNgwee(q.parts.principal),
    interest: fromNgwee(q.parts.interest),
    fees: fromNgwee(q.parts.fees),
    penalty: fromNgwee(q.parts.penalty),
    total: fromNgwee(q.total),
    interest_forgiven: fromNgwee(q.interestForgiven),
  };
}

/** The early-settlement quote of today (read only; `can view application`). 404 no account, 409 not active. */
export async function settlementQuoteOf(db: Db, applicationId: number): Promise<LoanSettlementQuote> {
  const today = await businessToday(db);
  const loan = (await loadLoans(db, [applicationId])).get(applicationId);
  if (!loan) throw notFound('Loan account');
  if (loan.state !== 'active') throw conflict(`This loan is ${STATE_WORDS[loan.state]}: there is nothing to settle.`);
  return quoteOf(db, applicationId, planLoan(loan, today).result, today);
}

/** settle (`can add repayments`): pays today's quote; the loan closes with nothing owed in any part. */
export async function settleLoan(tx: Db, actor: AccountActor, applicationId: number, input: { amount: string; reference: string }): Promise<LoanAccountDetails> {
  const o = await open(tx, applicationId);
  mustBeActive(o);
  const quote = await quoteOf(tx, applicationId, o.before, o.today);
  const errors: Record<string, string> = {};
  if (input.amount !== quote.total) errors['amount'] = `Today's settlement is ${zmw(quote.total)}: pay exactly the quote.`;
  if (await referenceSeen(tx, input.reference)) errors['reference'] = 'This reference was already recorded.';
  if (Object.keys(errors).length) throw refused(errors);
  const r = await record(tx, o, {
    kind: 'settlement',
    valueDate: o.today,
    amount: toNgwee(quote.total),
    reason: referenceText(input.reference),
    createdBy: actor.userId,
  });
  if (sumParts(r.outstanding) !== 0n) throw new Error('a settlement left something owed');
  await recordAudit(tx, actor.who, { action: 'settle', entity: 'loan_account', entityId: applicationId, details: { ...quote, reference: input.reference } });
  await publish(tx, { type: 'LoanSettled', applicationId, amount: quote.total });
  await settleStatus(tx, actor, [applicationId]);
  return details(tx, applicationId);
}

export interface RescheduleInput {
  tenure?: number;
  monthlyRatePercent?: string;
  reason: string;
}

interface Rescheduled {
  instalments: Instalment[];
  fresh: NewEvent;
  tenure: number;
  rate: string;
}

async function rescheduleOf(db: Db, o: Opened, actor: AccountActor, input: RescheduleInput): Promise<Rescheduled> {
  if (o.loan.state !== 'active') throw refused({ state: `This loan is ${STATE_WORDS[o.loan.state]}: it cannot be rescheduled.` });
  const terms = await accountTerms(db, o.loan.applicationId);
  const left = o.before.instalments.filter((s) => s.dueDate > o.today).length;
  const tenure = input.tenure ?? Math.max(1, left);
  const rate = input.monthlyRatePercent ?? terms.monthlyRatePercent;
  if (!input.reason.trim()) throw refused({ reason: 'Give the reason for the reschedule.' });
  let instalments: Instalment[] = [];
  try {
    instalments = rescheduleInstalments(o.before, terms, tenure, o.today, rate);
  } catch (e) {
    ruleRefusal(e, 'tenure');
  }
  return {
    instalments,
    tenure,
    rate,
    fresh: { kind: 'reschedule', valueDate: o.today, amount: 0n, schedule: instalments, reason: input.reason, createdBy: actor.userId },
  };
}

function previewOf(o: Opened, s: Rescheduled, after: ReplayResult): LoanReschedulePreview {
  const out = o.before.outstanding;
  const rows = after.instalments.map((i) => ({
    no: i.no,
    due_date: i.dueDate,
    principal: fromNgwee(i.principal),
    interest: fromNgwee(i.interest),
    fees: fromNgwee(i.fees),
    penalty: fromNgwee(i.penalty),
    total: fromNgwee(i.principal + i.interest + i.fees + i.penalty),
  }));
  return {
    application_id: o.loan.applicationId,
    from_date: o.today,
    tenure: s.tenure,
    monthly_rate_percent: s.rate,
    schedule_version: o.loan.scheduleVersion + 1,
    instalments: rows,
    outstanding_before: {
      principal: fromNgwee(out.principal),
      interest: fromNgwee(out.interest),
      fees: fromNgwee(out.fees),
      penalty: fromNgwee(out.penalty),
      total: fromNgwee(sumParts(out)),
    },
    total_repayable: fromNgwee(after.instalments.reduce((a, i) => a + i.principal + i.interest + i.fees + i.penalty, 0n)),
  };
}

/** The new schedule a reschedule would make (nothing saved; the account is not locked). */
export async function reschedulePreview(db: Db, actor: AccountActor, applicationId: number, input: RescheduleInput): Promise<LoanReschedulePreview> {
  const today = await businessToday(db);
  const loan = (await loadLoans(db, [applicationId])).get(applicationId);
  if (!loan) throw notFound('Loan account');
  const o: Opened = { today, loan, before: planLoan(loan, today).result };
  const s = await rescheduleOf(db, o, actor, input);
  let after: ReplayResult;
  try {
    after = planLoan(loan, today, [s.fresh]).result;
  } catch (e) {
    ruleRefusal(e, 'tenure');
  }
  return previewOf(o, s, after);
}

/** reschedule (`can reschedule loans`): a new schedule version for what is outstanding; the old one is kept. */
export async function rescheduleLoan(tx: Db, actor: AccountActor, applicationId: number, input: RescheduleInput): Promise<LoanAccountDetails> {
  const o = await open(tx, applicationId);
  const s = await rescheduleOf(tx, o, actor, input);
  const version = o.loan.scheduleVersion + 1;
  const inst = s.instalments;
  await tx.execute(sql`INSERT INTO loan_instalments (application_id, schedule_version, no, due_date, principal, interest, fees)
    SELECT ${applicationId}, ${version}, x.no, x.due_date, x.principal, x.interest, x.fees
      FROM jsonb_to_recordset(${JSON.stringify(
        inst.map((i) => ({ no: i.no, due_date: i.dueDate, principal: fromNgwee(i.principal), interest: fromNgwee(i.interest), fees: fromNgwee(i.fees) })),
      )}::jsonb) AS x(no int, due_date date, principal numeric, interest numeric, fees numeric)`);
  await tx.execute(sql`UPDATE loan_accounts SET schedule_version = ${version}, updated_at = now() WHERE application_id = ${applicationId}`);
  const after = await record(tx, o, s.fresh, 'tenure');
  await recordAudit(tx, actor.who, {
    action: 'reschedule',
    entity: 'loan_account',
    entityId: applicationId,
    details: { reason: input.reason, tenure: s.tenure, monthly_rate_percent: s.rate, schedule_version: version },
  });
  await publish(tx, { type: 'LoanRescheduled', applicationId, scheduleVersion: version });
  void after;
  return details(tx, applicationId);
}
