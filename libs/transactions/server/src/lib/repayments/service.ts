import { Readable } from 'node:stream';
import {
  type LoanBalance,
  type RepayableLoan,
  type RepaymentCreateData,
  type RepaymentUpdateData,
  type RepaymentFilter,
  type RepaymentList,
  type RepaymentResult,
  type Repayment,
  type ListEnvelope,
} from '@loan/shared-contract';
import {
  HttpError,
  csvRow,
  inScope,
  likeContains,
  loanBalance,
  notFound,
  postgresCode,
  queryRows,
  resolveBranchFilter,
  scopeCondition,
  toRepayment,
  type AuditActor,
  type BranchScope,
  type Db,
  type SmsPort,
} from '@loan/shared-server';
import { sql } from 'drizzle-orm';
import * as account from '@loan/loans-account';
import { receiptText } from './receipts';
import * as repo from './repository';

/** Who acts: identity and branch scope, and the audit trail's actor. */
export interface Actor {
  userId: number | null;
  scope: BranchScope;
  who: AuditActor;
}

/** The loan account's actor (who, for the audit trail). */
export const accountActor = (actor: Actor): account.AccountActor => ({ userId: actor.userId, who: actor.who });

/** A 422 naming fields, in the api's one error shape. */
function refused(errors: Record<string, string>): HttpError {
  const all = Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, [v]]));
  return new HttpError(422, Object.values(errors)[0], all);
}

export async function list(db: Db, q: RepaymentFilter & { page: number; pageSize: number }, scope: BranchScope): Promise<RepaymentList> {
  const branchId = await resolveBranchFilter(db, q.branch, scope);
  if (branchId === null)
    return { items: [], total: 0, page: q.page, pageSize: q.pageSize, nextCursor: null, totals: { count: 0, amount: '0.00' } };
  const where = repo.whereOf(q, scope, branchId);
  const [rows, t] = [await repo.page(db, where, q.pageSize, (q.page - 1) * q.pageSize), (await repo.keptTotals(db, q, scope, branchId)) ?? (await repo.totals(db, where))];
  return {
    items: rows.map(toRepayment),
    total: t.rows,
    page: q.page,
    pageSize: q.pageSize,
    nextCursor: null,
    totals: { count: t.count, amount: t.amount },
  };
}

export const EXPORT_COLUMNS = [
  'id',
  'reference_code',
  'client_name',
  'branch_name',
  'amount',
  'paid_at',
  'method',
  'reference',
  'note',
  'reversed',
  'reversal_reason',
  'recorded_by',
  'created_at',
] as const;
const EXPORT_BATCH = 2000;

/** GET /export: the filtered list as CSV, every row, in batches (formula-safe cells). */
export async function exportCsv(db: Db, q: RepaymentFilter, scope: BranchScope): Promise<Readable> {
  const branchId = await resolveBranchFilter(db, q.branch, scope);
  async function* lines(): AsyncGenerator<string> {
    yield csvRow(EXPORT_COLUMNS);
    if (branchId === null) return;
    const where = repo.whereOf(q, scope, branchId);
    for (let offset = 0; ; offset += EXPORT_BATCH) {
      const rows = await repo.page(db, where, EXPORT_BATCH, offset);
      for (const row of rows) {
        const dto = toRepayment(row);
        yield csvRow(EXPORT_COLUMNS.map((c) => (c === 'reversed' ? (dto.reversed ? 'yes' : 'no') : dto[c])));
      }
      if (rows.length < EXPORT_BATCH) return;
    }
  }
  return Readable.from(lines());
}

export async function byId(db: Db, id: number, scope: BranchScope): Promise<Repayment> {
  const row = await repo.findOne(db, id);
  if (!row || !inScope(scope, row.branchId)) throw notFound('Repayment');
  return toRepayment(row);
}

/** The add form's loan picker: disbursed loans with a balance, searched by reference, name, NRC or mobile. */
export async function payableLoans(db: Db, q: { search?: string; pageSize: number }, scope: BranchScope): Promise<ListEnvelope<RepayableLoan>> {
  const like = q.search ? likeContains(q.search) : null;
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`SELECT b.*, la.fullname, la.mobile, br.name AS branch_name
          FROM loan_applications la
          JOIN loan_balances b ON b.application_id = la.id
          LEFT JOIN branches br ON br.id = la.branch_id
         WHERE la.status = 'approved' AND b.disbursed_on IS NOT NULL AND b.balance > 0
           AND ${scopeCondition(scope, sql`la.branch_id`) ?? sql`true`}
           ${like ? sql`AND (la.reference_code ILIKE ${like} OR la.fullname ILIKE ${like} OR la.nrc ILIKE ${like} OR la.mobile ILIKE ${like})` : sql``}
         ORDER BY la.id DESC
         LIMIT ${q.pageSize}`,
  );
  return { items: rows.map(payableDto), pageSize: q.pageSize, page: 1, nextCursor: null };
}

function payableDto(r: Record<string, unknown>): RepayableLoan {
  const s = (k: string) => (r[k] === null || r[k] === undefined ? null : String(r[k]));
  const date = (k: string) => (r[k] === null || r[k] === undefined ? null : typeof r[k] === 'string' ? (r[k] as string) : (r[k] as Date).toISOString().slice(0, 10));
  return {
    application_id: Number(r['application_id']),
    reference_code: String(r['reference_code']),
    status: r['status'] as RepayableLoan['status'],
    total_due: String(r['total_due']),
    instalments: Number(r['instalments']),
    instalment_amount: String(r['instalment_amount']),
    disbursed_on: date('disbursed_on'),
    maturity_date: date('maturity_date'),
    paid: String(r['paid']),
    balance: String(r['balance']),
    repayments_count: Number(r['repayments_count']),
    last_paid_on: date('last_paid_on'),
    next_due_no: r['next_due_no'] === null ? null : Number(r['next_due_no']),
    next_due_date: date('next_due_date'),
    next_due_amount: s('next_due_amount'),
    due_to_date: String(r['due_to_date']),
    arrears: String(r['arrears']),
    days_past_due: Number(r['days_past_due']),
    state: r['state'] as RepayableLoan['state'],
    fullname: String(r['fullname']),
    mobile: String(r['mobile']),
    branch_name: s('branch_name'),
  };
}

/** Why a loan takes no repayment (null when it does), for the reference_code column. */
export function unpayable(loan: { status: string } | undefined, balance: LoanBalance | null): string | null {
  if (!loan || !balance) return 'No loan with this reference code.';
  if (loan.status === 'closed') return 'This loan is closed: nothing is owed.';
  if (balance.disbursed_on === null) return 'This loan has not been paid out yet: nothing is owed.';
  return null;
}

/** A unique-reference race lost at insert time reads like the check that would have caught it. */
async function guardReference<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (postgresCode(err) === '23505') throw refused({ reference: 'This reference was already recorded.' });
    throw err;
  }
}

async function result(db: Db, id: number, applicationId: number | null): Promise<RepaymentResult> {
  const row = await repo.findOne(db, id);
  if (!row) throw notFound('Repayment');
  return { repayment: toRepayment(row), balance: applicationId === null ? null : await loanBalance(db, applicationId) };
}

/**
 * POST /create. In one transaction: the loan locked, the rules (a loan that is paid out
 * and not closed, not after today, not before the payout, not more than the balance, a
 * reference not seen before), the row, its audit record, the loan closed when paid in
 * full, and the SMS receipt recorded through the SMS port.
 */
export async function create(db: Db, sms: SmsPort, actor: Actor, body: RepaymentCreateData): Promise<RepaymentResult> {
  return guardReference(() =>
    db.transaction(async (tx) => {
      const loan = await repo.loanByReference(tx, body.reference_code);
      const visible = loan && inScope(actor.scope, loan.branchId) ? loan : undefined;
      const balance = visible ? await loanBalance(tx, visible.id) : null;
      const why = unpayable(visible, balance);
      if (why || !visible || !balance) throw refused({ reference_code: why ?? 'No loan with this reference code.' });
      // The loan account checks the money (date, balance, reference), writes the row and its ledger rows.
      const { repaymentId, balance: after } = await account.repay(tx, accountActor(actor), {
        applicationId: visible.id,
        clientId: visible.clientId,
        referenceCode: visible.referenceCode,
        amount: body.amount,
        paidAt: body.paid_at,
        method: body.method,
        reference: body.reference,
        note: body.note ?? null,
      });
      await sms.send(
        {
          to: visible.mobile,
          purpose: 'repayment_receipt',
          applicationId: visible.id,
          clientId: visible.clientId,
          createdBy: actor.userId,
          body: receiptText({
            fullname: visible.fullname,
            amount: body.amount,
            referenceCode: visible.referenceCode,
            paidAt: body.paid_at,
            reference: body.reference,
            balance: after?.balance ?? '0.00',
            nextDueDate: after?.next_due_date,
            nextDueAmount: after?.next_due_amount,
          }),
        },
        tx,
      );
      return result(tx, repaymentId, visible.id);
    }),
  );
}


/** PUT /update/:id: the same rules as an addition, the balance counted without the old amount. */
export async function update(db: Db, actor: Actor, id: number, body: RepaymentUpdateData): Promise<RepaymentResult> {
  return guardReference(() =>
    db.transaction(async (tx) => {
      const current = await repo.findOne(tx, id);
      if (!current || !current.applicationId || !inScope(actor.scope, current.branchId)) throw notFound('Repayment');
      const { applicationId } = await account.editRepayment(
        tx,
        accountActor(actor),
        id,
        { amount: body.amount, paidAt: body.paid_at, method: body.method, reference: body.reference, note: body.note ?? null },
        current.referenceCode ?? '',
      );
      return result(tx, id, applicationId);
    }),
  );
}

/** DELETE /delete/:id: a reversal with a reason; the row stays in the ledger, marked reversed. */
export async function reverse(db: Db, actor: Actor, id: number, reason: string): Promise<RepaymentResult> {
  return db.transaction(async (tx) => {
    const current = await repo.findOne(tx, id);
    if (!current || !inScope(actor.scope, current.branchId ?? null)) throw notFound('Repayment');
    const { applicationId } = await account.reverseRepayment(tx, accountActor(actor), id, reason, current.referenceCode ?? null);
    return result(tx, id, applicationId);
  });
}
