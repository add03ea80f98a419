import {
  fromNgwee,
  toNgwee,
  type AccountStatement,
  type AccountStatementQuery,
  type JournalEntry,
  type TrialBalance,
  type TrialBalanceQuery,
} from '@loan/shared-contract';
import { HttpError, notFound, recordAudit, type AuditActor, type Db } from '@loan/shared-server';
import { accountById } from '../accounts/service';
import * as repo from './repository';

const sum = (values: string[]) => fromNgwee(values.reduce((a, v) => a + toNgwee(v), 0n));
const num = (v: string | null) => (v === null ? null : Number(v));

/** The trial balance of a booking-date range: every account, its opening, movements and closing. */
export async function trialBalance(db: Db, q: TrialBalanceQuery): Promise<TrialBalance> {
  const rows = await repo.trialBalance(db, q.from, q.to);
  return {
    from: q.from,
    to: q.to,
    rows: rows.map((r) => ({ ...r, account_id: Number(r.account_id), type: r.type as TrialBalance['rows'][number]['type'] })),
    totals: {
      opening: sum(rows.map((r) => r.opening)),
      debit: sum(rows.map((r) => r.debit)),
      credit: sum(rows.map((r) => r.credit)),
      closing: sum(rows.map((r) => r.closing)),
    },
  };
}

/** An account's statement: the balance before `from`, a page of its postings with the running balance, the closing. */
export async function accountStatement(db: Db, accountId: number, q: AccountStatementQuery): Promise<AccountStatement> {
  const account = await accountById(db, accountId);
  const totals = await repo.statementTotals(db, accountId, q.from, q.to);
  const lines = await repo.statementLines(db, accountId, q.from, q.to, q.page, q.pageSize);
  const opening = toNgwee(totals.opening);
  return {
    account,
    from: q.from,
    to: q.to,
    opening: totals.opening,
    debit: totals.debit,
    credit: totals.credit,
    closing: fromNgwee(opening + toNgwee(totals.debit) - toNgwee(totals.credit)),
    items: lines.map((l) => ({
      line_id: Number(l.line_id),
      entry_id: Number(l.entry_id),
      booking_date: l.booking_date,
      value_date: l.value_date,
      source_kind: l.source_kind as AccountStatement['items'][number]['source_kind'],
      source_id: num(l.source_id),
      application_id: num(l.application_id),
      memo: l.memo,
      debit: l.debit,
      credit: l.credit,
      balance: fromNgwee(opening + toNgwee(l.running)),
    })),
    total: Number(totals.total),
    page: q.page,
    pageSize: q.pageSize,
  };
}

type Lines = Parameters<typeof repo.insertManualEntry>[4];

/**
 * A manual entry (capital, bank charges: what the product does not post itself): its lines'
 * accounts exist, debits = credits (422 naming the field, nothing written), one transaction, audited.
 */
export async function postManualEntry(db: Db, actor: AuditActor, input: { value_date?: string; reason: string; lines: Lines }): Promise<JournalEntry> {
  const errors: Record<string, string[]> = {};
  const debits = input.lines.reduce((a, l) => a + toNgwee(l.debit), 0n);
  const credits = input.lines.reduce((a, l) => a + toNgwee(l.credit), 0n);
  if (debits !== credits)
    errors['lines'] = [`The entry does not balance: debits ${fromNgwee(debits)} and credits ${fromNgwee(credits)} must be equal.`];
  return db.transaction(async (tx) => {
    const known = await repo.existingAccounts(tx, input.lines.map((l) => l.account_id));
    input.lines.forEach((l, i) => {
      if (!known.has(l.account_id)) errors[`lines.${i}.account_id`] = ['No such account.'];
    });
    if (Object.keys(errors).length > 0) throw new HttpError(422, 'The journal entry cannot be posted.', errors);
    const id = await repo.insertManualEntry(tx, input.value_date ?? null, input.reason, actor.userId, input.lines);
    const entry = await repo.entryById(tx, id);
    if (!entry) throw notFound('Journal entry');
    await recordAudit(tx, actor, {
      action: 'post',
      entity: 'journal_entry',
      entityId: id,
      details: { lines: entry.lines.map((l) => ({ code: l.code, debit: l.debit, credit: l.credit })) },
    });
    return {
      id,
      booking_date: entry.booking_date,
      value_date: entry.value_date,
      source_kind: 'manual' as const,
      source_id: null,
      memo: entry.memo,
      lines: entry.lines.map((l) => ({ ...l, account_id: Number(l.account_id), debit: fromNgwee(toNgwee(String(l.debit))), credit: fromNgwee(toNgwee(String(l.credit))) })),
    };
  });
}

