import { eq, sql, type SQL } from 'drizzle-orm';
import { canReopenPaidInFull, canTransition, formatMoney, fromNgwee, toNgwee, type LoanBalance } from '@loan/shared-contract';
import {
  HttpError,
  auditChanges,
  businessToday,
  conflict,
  loanBalance,
  notFound,
  queryRows,
  recordAudit,
  schema,
  type AuditActor,
  type Db,
} from '@loan/shared-server';
import { generateSchedule, RuleError } from '@loan/loans-rules';
import { replayLoans } from './ledger';
import { publish } from './events';
import { getProductVersion, LEGACY_FLAT_CODE, productTerms } from './products';

/**
 * The loan account's commands (ARCHITECTURE.md "The money of a loan"): the only code that
 * writes a loan's money (loan_accounts, loan_instalments, loan_transactions, repayments) or
 * moves its status because of money. Each command runs in the caller's transaction `tx`
 * (pass one: the command and whatever the caller writes commit together), locks the
 * loan_accounts row first (SELECT ... FOR UPDATE: commands on one loan run one after the
 * other), checks, writes, audits, publishes its events to the subscribers (same
 * transaction) and answers the loan's new balance (the view loan_balances).
 */

export interface AccountActor {
  userId: number | null;
  who: AuditActor;
}

/** A 422 naming fields, in the api's one error shape; nothing is written (the caller's transaction rolls back). */
export function refused(errors: Record<string, string>): HttpError {
  const all = Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, [v]]));
  return new HttpError(422, Object.values(errors)[0], all);
}

/** ZMW 1,234.50 from '1234.50' (the one formatter, exact on decimal strings). */
export const zmw = (v: string) => formatMoney(v);

export interface AccountRow {
  applicationId: number;
  state: 'active' | 'closed' | 'written_off';
  disbursedOn: string;
  /** What is owed now (all parts), a decimal string. */
  balance: string;
}

async function selectLocked(tx: Db, applicationId: number): Promise<AccountRow | undefined> {
  const [row] = await queryRows<{ application_id: number; state: AccountRow['state']; disbursed_on: string; balance: string }>(
    tx,
    sql`SELECT application_id::int AS application_id, state, disbursed_on::text AS disbursed_on,
               (principal_outstanding + interest_outstanding + fees_outstanding + penalty_outstanding)::numeric(14,2)::text AS balance
          FROM loan_accounts WHERE application_id = ${applicationId} FOR UPDATE`,
  );
  return row && { applicationId: Number(row.application_id), state: row.state, disbursedOn: row.disbursed_on, balance: row.balance };
}

/**
 * THE lock of a loan's money: its loan_accounts row, FOR UPDATE. A loan paid out by a path
 * that did not open its account (old data, the demo seed) gets its Legacy flat account here
 * first (the application row is locked for that, so two callers open it once). Undefined
 * when the loan was never paid out.
 */
export async function lockAccount(tx: Db, applicationId: number): Promise<AccountRow | undefined> {
  const found = await selectLocked(tx, applicationId);
  if (found) return found;
  await tx.execute(sql`SELECT id FROM loan_applications WHERE id = ${applicationId} FOR UPDATE`);
  await queryRows(tx, sql`SELECT loan_accounts_open_legacy(ARRAY[${applicationId}]::bigint[]) AS n`);
  return selectLocked(tx, applicationId);
}

/** Loan ids as a bigint[] SQL value: a list, or a query answering one id a row (a bulk upload's loans, never read into this process). */
export type LoanIds = readonly number[] | SQL;
function idArray(ids: LoanIds): SQL {
  return Array.isArray(ids) ? sql`string_to_array(${(ids as number[]).join(',')}, ',')::bigint[]` : sql`ARRAY(${ids as SQL})::bigint[]`;
}
const isEmpty = (ids: LoanIds) => Array.isArray(ids) && ids.length === 0;

/** A rules' refusal (RuleError) as the command's 422, naming the body's field. */
export function ruleRefusal(e: unknown, field = 'amount'): never {
  if (e instanceof RuleError) {
    const named = e.field === 'tenure' || e.field === 'monthlyRatePercent' ? (e.field === 'tenure' ? 'tenure' : 'monthly_rate_percent') : field;
    throw refused({ [named]: ruleMessage(e) });
  }
  throw e;
}
function ruleMessage(e: RuleError): string {
  switch (e.code) {
    case 'exceeds_balance':
      return 'More than is owed.';
    case 'settlement_short':
      return 'Less than the principal, fees and penalties owed.';
    case 'written_off':
      return 'The loan is written off.';
    case 'closed':
      return 'The loan is closed.';
    case 'invalid_schedule':
      return 'The loan was rescheduled after this date: this change would move what the reschedule was made for.';
    default:
      return e.message;
  }
}

/**
 * Allocates the loans' transactions again (backdated ones re-run the later allocations;
 * changed rows are superseded) and keeps the balances. A list of loans: the rules' replay
 * driven from TypeScript (ledger.ts), for every kind of transaction. A query (a bulk upload's
 * loans): the set-based SQL loan_ledger_rebuild + loan_account_refresh for the loans whose
 * ledger is a disbursement and repayments only on their first schedule (the same result as the
 * replay: concurrency.spec compares them), the replay for the others.
 */
async function reallocate(tx: Db, applicationIds: LoanIds): Promise<void> {
  if (isEmpty(applicationIds)) return;
  const today = await businessToday(tx);
  if (Array.isArray(applicationIds)) {
    try {
      await replayLoans(tx, applicationIds as number[], today);
    } catch (e) {
      ruleRefusal(e);
    }
    return;
  }
  const ids = idArray(applicationIds);
  const mixed = await queryRows<{ id: number }>(
    tx,
    sql`SELECT a.application_id::int AS id FROM loan_accounts a
         WHERE a.application_id = ANY (${ids})
           AND (a.schedule_version > 1 OR EXISTS (SELECT 1 FROM loan_transactions t WHERE t.application_id = a.application_id
                                                     AND t.kind NOT IN ('disbursement', 'repayment', 'repayment_reversal')))
         ORDER BY 1`,
  );
  const plain = mixed.length ? sql`ARRAY(SELECT x FROM unnest(${ids}) x WHERE x <> ALL (${idArray(mixed.map((m) => m.id))}))` : ids;
  await queryRows(tx, sql`SELECT loan_ledger_rebuild(${plain}) AS n`);
  await queryRows(tx, sql`SELECT 1 AS done FROM (SELECT loan_account_refresh(${plain})) x`);
  if (mixed.length) {
    try {
      await replayLoans(tx, mixed.map((m) => m.id), today);
    } catch (e) {
      ruleRefusal(e);
    }
  }
}

/**
 * After the money of these loans moved: an active account with nothing owed closes (and its
 * application approved -> closed, the contract's transition, remembered in loan_paid_in_full);
 * an account closed by full repayment that owes again reopens (closed -> approved, the one
 * move out of closed). Set-based; audited per loan; answers the ids closed and reopened.
 */
export async function settleStatus(tx: Db, actor: AccountActor, applicationIds: LoanIds): Promise<{ closed: number[]; reopened: number[] }> {
  if (isEmpty(applicationIds)) return { closed: [], reopened: [] };
  if (!canTransition('approved', 'closed') || !canReopenPaidInFull('closed')) throw new Error('the contract no longer allows closing a paid loan');
  const ids = idArray(applicationIds);
  const who = actor.who;
  const closed = await queryRows<{ id: number }>(
    tx,
    sql`WITH paid AS (
          UPDATE loan_accounts a SET state = 'closed', closed_on = business_today(), updated_at = now()
           WHERE a.application_id = ANY (${ids}) AND a.state = 'active'
             AND a.principal_outstanding + a.interest_outstanding + a.fees_outstanding + a.penalty_outstanding <= 0
          RETURNING a.application_id),
        done AS (
          UPDATE loan_applications la SET status = 'closed', closed_at = now(), updated_at = now()
            FROM paid WHERE la.id = paid.application_id AND la.status = 'approved'
          RETURNING la.id),
        mark AS (INSERT INTO loan_paid_in_full (application_id) SELECT id FROM done
                 ON CONFLICT (application_id) DO UPDATE SET closed_at = now()),
        audit AS (INSERT INTO audit_log (user_id, action, entity, entity_id, details, ip_address, user_agent)
                  SELECT ${who.userId}, 'close', 'loan_application', id::text, '{"reason": "paid in full"}'::jsonb, ${who.ip}, ${who.userAgent}
                    FROM done ORDER BY id)
        SELECT id::int AS id FROM done ORDER BY id`,
  );
  const reopened = await queryRows<{ id: number }>(
    tx,
    sql`WITH owed AS (
          DELETE FROM loan_paid_in_full p USING loan_accounts a
           WHERE a.application_id = p.application_id AND p.application_id = ANY (${ids})
             AND a.principal_outstanding + a.interest_outstanding + a.fees_outstanding + a.penalty_outstanding > 0
          RETURNING p.application_id),
        acc AS (
          UPDATE loan_accounts a SET state = 'active', closed_on = NULL, updated_at = now()
            FROM owed WHERE a.application_id = owed.application_id AND a.state = 'closed'),
        done AS (
          UPDATE loan_applications la SET status = 'approved', closed_at = NULL, updated_at = now()
            FROM owed WHERE owed.application_id = la.id AND la.status = 'closed'
          RETURNING la.id),
        audit AS (INSERT INTO audit_log (user_id, action, entity, entity_id, details, ip_address, user_agent)
                  SELECT ${who.userId}, 'reopen', 'loan_application', id::text,
                         '{"reason": "repayment changed: balance owed again"}'::jsonb, ${who.ip}, ${who.userAgent}
                    FROM done ORDER BY id)
        SELECT id::int AS id FROM done ORDER BY id`,
  );
  // The audit records are written above, set-based (a bulk upload may close thousands).
  for (const { id } of closed) await publish(tx, { type: 'LoanClosed', applicationId: id, reason: 'paid_in_full' });
  for (const { id } of reopened) await publish(tx, { type: 'LoanReopened', applicationId: id });
  return { closed: closed.map((c) => c.id), reopened: reopened.map((c) => c.id) };
}

/**
 * openAccount: the first successful disbursement of a loan opens its account, with the
 * disbursement transaction and the schedule stored now: from the application's product
 * version by the rules' generateSchedule (its allocation order kept on the account), or, for
 * a loan priced before products (no version, or the Legacy flat one), 0840's instalments
 * split into principal and interest (loan_accounts_open_legacy, = the rules'
 * legacyFlatSchedule). The due dates count from the disbursement's business day. Opening an
 * open account changes nothing. Call it in the transaction that marks the disbursement a success.
 */
export async function openAccount(tx: Db, actor: AccountActor, applicationId: number, disbursementId: number): Promise<LoanBalance | null> {
  const [app] = await queryRows<{ amount: string; tenure: number; version_id: number | null; code: string | null; opened: boolean; disbursed_on: string | null }>(
    tx,
    sql`SELECT la.amount::text AS amount, la.tenure_months AS tenure, la.product_version_id::int AS version_id, p.code,
               EXISTS (SELECT 1 FROM loan_accounts a WHERE a.application_id = la.id) AS opened,
               (SELECT (d.created_at AT TIME ZONE business_time_zone())::date::text FROM disbursements d WHERE d.id = ${disbursementId}) AS disbursed_on
          FROM loan_applications la
          LEFT JOIN loan_product_versions v ON v.id = la.product_version_id
          LEFT JOIN loan_products p ON p.id = v.product_id
         WHERE la.id = ${applicationId}
           FOR UPDATE OF la`,
  );
  if (!app || app.opened) return loanBalance(tx, applicationId);
  const version = app.version_id !== null && app.code !== LEGACY_FLAT_CODE ? await getProductVersion(tx, app.version_id) : undefined;
  if (version && app.disbursed_on) {
    const terms = productTerms(version);
    const schedule = generateSchedule(terms, toNgwee(app.amount), app.tenure, app.disbursed_on);
    const sum = (f: (i: (typeof schedule.instalments)[number]) => bigint) => fromNgwee(schedule.instalments.reduce((a, i) => a + f(i), 0n));
    await tx.execute(sql`INSERT INTO loan_accounts (application_id, product_version_id, state, disbursed_on, amount, allocation_order)
                         VALUES (${applicationId}, ${app.version_id}, 'active', ${app.disbursed_on}::date, ${app.amount},
                                 string_to_array(${terms.allocationOrder.join(',')}, ','))`);
    const inst = schedule.instalments;
    await tx.execute(sql`INSERT INTO loan_instalments (application_id, schedule_version, no, due_date, principal, interest, fees)
      SELECT ${applicationId}, 1, no, due, principal, interest, fees
        FROM unnest(${sql.param(inst.map((i) => i.no))}::integer[], ${sql.param(inst.map((i) => i.dueDate))}::date[],
                    ${sql.param(inst.map((i) => fromNgwee(i.principal)))}::numeric[], ${sql.param(inst.map((i) => fromNgwee(i.interest)))}::numeric[],
                    ${sql.param(inst.map((i) => fromNgwee(i.fees)))}::numeric[]) AS t(no, due, principal, interest, fees)`);
    await tx.execute(sql`INSERT INTO loan_transactions (application_id, seq, kind, value_date, amount, principal, interest, fees, disbursement_id, created_by)
                         VALUES (${applicationId}, 1, 'disbursement', ${app.disbursed_on}::date, ${app.amount},
                                 ${sum((i) => i.principal)}, ${sum((i) => i.interest)}, ${sum((i) => i.fees)}, ${disbursementId}, ${actor.userId})`);
    await reallocate(tx, [applicationId]);
  } else {
    await queryRows(tx, sql`SELECT loan_accounts_open_legacy(ARRAY[${applicationId}]::bigint[]) AS n`);
  }
  await recordAudit(tx, actor.who, {
    action: 'open',
    entity: 'loan_account',
    entityId: applicationId,
    details: { disbursement_id: disbursementId, product_version_id: version ? app.version_id : null, product: version ? app.code : 'LEGACY-FLAT' },
  });
  await publish(tx, { type: 'AccountOpened', applicationId, disbursementId });
  return loanBalance(tx, applicationId);
}

export interface RepayInput {
  applicationId: number;
  clientId: number | null;
  referenceCode: string;
  amount: string;
  paidAt: string;
  method: string;
  reference: string;
  note: string | null;
}

/** Field errors of a repayment of `amount` on `paidAt` against an account owing `owed` (ngwee). */
async function repaymentErrors(tx: Db, acc: AccountRow, amount: string, paidAt: string, owed: bigint): Promise<Record<string, string>> {
  const errors: Record<string, string> = {};
  const today = await businessToday(tx);
  if (paidAt > today) errors['paid_at'] = 'The date cannot be in the future.';
  else if (paidAt < acc.disbursedOn) errors['paid_at'] = `The loan was paid out on ${acc.disbursedOn}: a repayment cannot be earlier.`;
  if (toNgwee(amount) <= 0n) errors['amount'] = 'The amount must be more than zero.';
  else if (toNgwee(amount) > owed) errors['amount'] = `More than the balance of ${zmw(fromNgwee(owed))}.`;
  return errors;
}

async function referenceTaken(tx: Db, reference: string, exceptId?: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`SELECT id FROM repayments WHERE reference = ${reference} ${exceptId === undefined ? sql`` : sql`AND id <> ${exceptId}`} LIMIT 1`,
  );
  return rows.length > 0;
}

/**
 * repay: records a repayment (the repayments row AND its ledger rows): the account locked,
 * the checks (a loan paid out and not closed, not after today nor before the payout, not more
 * than the balance (422 `amount`), a reference not seen before), the row, the allocation
 * (backdated: the later ones re-run), the kept balances, the loan closed when paid in full.
 */
export async function repay(tx: Db, actor: AccountActor, input: RepayInput): Promise<{ repaymentId: number; balance: LoanBalance | null }> {
  const acc = await lockAccount(tx, input.applicationId);
  if (!acc) throw refused({ reference_code: 'This loan has not been paid out yet: nothing is owed.' });
  if (acc.state !== 'active') throw refused({ reference_code: 'This loan is closed: nothing is owed.' });
  const errors = await repaymentErrors(tx, acc, input.amount, input.paidAt, toNgwee(acc.balance));
  if (await referenceTaken(tx, input.reference)) errors['reference'] = 'This reference was already recorded.';
  if (Object.keys(errors).length) throw refused(errors);
  const [row] = await tx
    .insert(schema.repayments)
    .values({
      applicationId: input.applicationId,
      clientId: input.clientId,
      amount: input.amount,
      paidAt: input.paidAt,
      method: input.method,
      reference: input.reference,
      note: input.note,
      createdBy: actor.userId,
      updatedBy: actor.userId,
    })
    .returning({ id: schema.repayments.id });
  await recordAudit(tx, actor.who, {
    action: 'create',
    entity: 'repayment',
    entityId: row.id,
    details: { reference_code: input.referenceCode, amount: input.amount, paid_at: input.paidAt, method: input.method, reference: input.reference },
  });
  await reallocate(tx, [input.applicationId]);
  await publish(tx, { type: 'RepaymentAllocated', applicationId: input.applicationId, repaymentId: row.id });
  await settleStatus(tx, actor, [input.applicationId]);
  return { repaymentId: row.id, balance: await loanBalance(tx, input.applicationId) };
}

async function lockRepayment(tx: Db, id: number) {
  const [row] = await tx.select().from(schema.repayments).where(eq(schema.repayments.id, id)).limit(1);
  if (!row) return undefined;
  // The account first (the one lock order of every command), then the repayment row.
  const acc = row.applicationId ? await lockAccount(tx, row.applicationId) : undefined;
  const [locked] = await tx.select().from(schema.repayments).where(eq(schema.repayments.id, id)).for('update').limit(1);
  return { row: locked, acc };
}

/**
 * reverseRepayment ("delete" of a repayment, with a reason): the row stays, marked reversed;
 * the ledger gets a repayment_reversal and the later allocations re-run; a loan closed by full
 * repayment reopens. 404 for an unknown id, 409 when already reversed.
 */
export async function reverseRepayment(
  tx: Db,
  actor: AccountActor,
  id: number,
  reason: string,
  referenceCode: string | null,
): Promise<{ applicationId: number | null; balance: LoanBalance | null }> {
  const found = await lockRepayment(tx, id);
  if (!found) throw notFound('Repayment');
  const { row } = found;
  if (!reason.trim()) throw refused({ reason: 'Give the reason of the reversal.' });
  if (row.reversedAt) throw conflict('This repayment was already reversed.');
  await tx
    .update(schema.repayments)
    .set({ reversedAt: new Date(), reversedBy: actor.userId, reversalReason: reason, updatedBy: actor.userId, updatedAt: new Date() })
    .where(eq(schema.repayments.id, id));
  await recordAudit(tx, actor.who, {
    action: 'reverse',
    entity: 'repayment',
    entityId: id,
    details: { reason, amount: row.amount, reference: row.reference, reference_code: referenceCode },
  });
  if (!row.applicationId || !found.acc) return { applicationId: row.applicationId, balance: null };
  await reallocate(tx, [row.applicationId]);
  await publish(tx, { type: 'RepaymentReversed', applicationId: row.applicationId, repaymentId: id });
  await settleStatus(tx, actor, [row.applicationId]);
  return { applicationId: row.applicationId, balance: await loanBalance(tx, row.applicationId) };
}

export interface RepaymentEdit {
  amount: string;
  paidAt: string;
  method: string;
  reference: string;
  note: string | null;
}

/**
 * editRepayment: the same checks as a new one, the balance counted without the old amount;
 * the ledger row is superseded by the re-run allocation (never updated in place).
 */
export async function editRepayment(
  tx: Db,
  actor: AccountActor,
  id: number,
  patch: RepaymentEdit,
  referenceCode: string,
): Promise<{ applicationId: number; balance: LoanBalance | null }> {
  const found = await lockRepayment(tx, id);
  const applicationId = found?.row.applicationId;
  if (!found || !applicationId) throw notFound('Repayment');
  const { row, acc } = found;
  if (row.reversedAt) throw conflict('This repayment was reversed: it cannot be edited.');
  if (!acc) throw refused({ reference_code: 'This loan has not been paid out yet: nothing is owed.' });
  const errors = await repaymentErrors(tx, acc, patch.amount, patch.paidAt, toNgwee(acc.balance) + toNgwee(row.amount));
  if (await referenceTaken(tx, patch.reference, id)) errors['reference'] = 'This reference was already recorded.';
  if (Object.keys(errors).length) throw refused(errors);
  const { before, after } = auditChanges(
    { amount: row.amount, paidAt: row.paidAt, method: row.method, reference: row.reference, note: row.note },
    { ...patch },
  );
  await tx
    .update(schema.repayments)
    .set({ ...patch, updatedBy: actor.userId, updatedAt: new Date() })
    .where(eq(schema.repayments.id, id));
  await recordAudit(tx, actor.who, { action: 'update', entity: 'repayment', entityId: id, before, after, details: { reference_code: referenceCode } });
  await reallocate(tx, [applicationId]);
  await publish(tx, { type: 'RepaymentAllocated', applicationId, repaymentId: id });
  await settleStatus(tx, actor, [applicationId]);
  return { applicationId, balance: await loanBalance(tx, applicationId) };
}

/**
 * applyRepayments: after repayments of these loans were inserted set-based (the bulk upload,
 * in the same transaction, every row checked against the locked accounts' balances): opens
 * missing accounts, allocates (one set-based pass for all the loans), refreshes the kept
 * balances and closes the loans paid in full. Lock the accounts first with lockAccounts.
 */
export async function applyRepayments(tx: Db, actor: AccountActor, applicationIds: LoanIds): Promise<{ closed: number[]; reopened: number[] }> {
  await reallocate(tx, applicationIds);
  await publish(tx, { type: 'RepaymentsAllocated', applicationIds: Array.isArray(applicationIds) ? [...(applicationIds as number[])] : null });
  return settleStatus(tx, actor, applicationIds);
}

/**
 * Locks the accounts of several loans at once (ascending ids: two bulk uploads never
 * deadlock), opening the missing Legacy flat ones first. Answers how many are locked.
 */
export async function lockAccounts(tx: Db, applicationIds: LoanIds): Promise<number> {
  if (isEmpty(applicationIds)) return 0;
  const ids = idArray(applicationIds);
  const missing = await queryRows<{ id: number }>(
    tx,
    sql`SELECT la.id::int AS id FROM loan_applications la
         WHERE la.id = ANY (${ids}) AND NOT EXISTS (SELECT 1 FROM loan_accounts a WHERE a.application_id = la.id)
           AND EXISTS (SELECT 1 FROM disbursements d WHERE d.application_id = la.id AND d.status = 'success')
         ORDER BY la.id FOR UPDATE OF la`,
  );
  if (missing.length)
    await queryRows(tx, sql`SELECT loan_accounts_open_legacy(string_to_array(${missing.map((m) => m.id).join(',')}, ',')::bigint[]) AS n`);
  // Counted, not answered: the locked rows stay in the database, not in this process.
  const [locked] = await queryRows<{ n: number }>(
    tx,
    sql`SELECT count(*)::int AS n FROM (SELECT application_id FROM loan_accounts WHERE application_id = ANY (${ids})
                                          ORDER BY application_id FOR UPDATE) l`,
  );
  return Number(locked.n);
}

/**
 * closeAccount: staff close a loan (PUT /update status closed, `can close application`; the
 * caller has checked the contract's transition and changes the application's status in the
 * same transaction). Its account, if it was paid out, closes too (state closed, no more
 * penalties or reminders); nothing is written off. Call lockAccount first, before the
 * application row is locked (the one lock order: account, then application).
 */
export async function closeAccount(tx: Db, actor: AccountActor, applicationId: number): Promise<void> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`UPDATE loan_accounts SET state = 'closed', closed_on = business_today(), updated_at = now()
         WHERE application_id = ${applicationId} AND state = 'active' RETURNING application_id::int AS id`,
  );
  if (!rows.length) return;
  await recordAudit(tx, actor.who, { action: 'close', entity: 'loan_account', entityId: applicationId, details: { reason: 'closed by staff' } });
  await publish(tx, { type: 'LoanClosed', applicationId, reason: 'by_staff' });
}
