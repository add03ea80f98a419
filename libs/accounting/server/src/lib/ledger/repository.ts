import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '@loan/shared-server';

export interface TrialBalanceRowDb {
  account_id: string;
  code: string;
  name: string;
  type: string;
  opening: string;
  debit: string;
  credit: string;
  closing: string;
}

/**
 * Per account, by booking date: the balance before `from`, the debits and credits of the
 * range, the closing balance. One pass over the lines up to `to` (index account_id, booking_date).
 */
export async function trialBalance(db: Db, from: string, to: string): Promise<TrialBalanceRowDb[]> {
  return queryRows<TrialBalanceRowDb>(
    db,
    sql`SELECT a.id::text AS account_id, a.code, a.name, a.type,
               coalesce(s.opening, 0)::numeric(14,2)::text AS opening,
               coalesce(s.debit, 0)::numeric(14,2)::text AS debit,
               coalesce(s.credit, 0)::numeric(14,2)::text AS credit,
               (coalesce(s.opening, 0) + coalesce(s.debit, 0) - coalesce(s.credit, 0))::numeric(14,2)::text AS closing
          FROM gl_accounts a
          LEFT JOIN (SELECT l.account_id,
                            sum(l.debit - l.credit) FILTER (WHERE l.booking_date < ${from}::date) AS opening,
                            sum(l.debit) FILTER (WHERE l.booking_date >= ${from}::date) AS debit,
                            sum(l.credit) FILTER (WHERE l.booking_date >= ${from}::date) AS credit
                       FROM journal_lines l
                      WHERE l.booking_date <= ${to}::date
                      GROUP BY l.account_id) s ON s.account_id = a.id
         ORDER BY a.code, a.id`,
  );
}

export interface StatementTotalsDb {
  opening: string;
  debit: string;
  credit: string;
  total: number;
}

export async function statementTotals(db: Db, accountId: number, from: string, to: string): Promise<StatementTotalsDb> {
  const [row] = await queryRows<StatementTotalsDb>(
    db,
    sql`SELECT coalesce(sum(debit - credit) FILTER (WHERE booking_date < ${from}::date), 0)::numeric(14,2)::text AS opening,
               coalesce(sum(debit) FILTER (WHERE booking_date >= ${from}::date), 0)::numeric(14,2)::text AS debit,
               coalesce(sum(credit) FILTER (WHERE booking_date >= ${from}::date), 0)::numeric(14,2)::text AS credit,
               (count(*) FILTER (WHERE booking_date >= ${from}::date))::int AS total
          FROM journal_lines
         WHERE account_id = ${accountId} AND booking_date <= ${to}::date`,
  );
  return row;
}

export interface StatementLineDb {
  line_id: string;
  entry_id: string;
  booking_date: string;
  value_date: string;
  source_kind: string;
  source_id: string | null;
  application_id: string | null;
  memo: string | null;
  debit: string;
  credit: string;
  /** debits less credits of the range up to and including this line. */
  running: string;
}

/** One page of the account's postings in the range, in booking order, with the running sum of the range. */
export async function statementLines(db: Db, accountId: number, from: string, to: string, page: number, pageSize: number): Promise<StatementLineDb[]> {
  return queryRows<StatementLineDb>(
    db,
    sql`SELECT x.line_id::text AS line_id, x.entry_id::text AS entry_id, x.booking_date::text AS booking_date, e.value_date::text AS value_date,
               e.source_kind, e.source_id::text AS source_id, t.application_id::text AS application_id,
               coalesce(x.memo, e.memo) AS memo, x.debit::text AS debit, x.credit::text AS credit, x.running::numeric(14,2)::text AS running
          FROM (SELECT l.id AS line_id, l.entry_id, l.booking_date, l.memo, l.debit, l.credit,
                       sum(l.debit - l.credit) OVER (ORDER BY l.booking_date, l.id) AS running
                  FROM journal_lines l
                 WHERE l.account_id = ${accountId} AND l.booking_date BETWEEN ${from}::date AND ${to}::date
                 ORDER BY l.booking_date, l.id
                 LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}) x
          JOIN journal_entries e ON e.id = x.entry_id
          LEFT JOIN loan_transactions t ON t.id = e.source_id AND e.source_kind <> 'manual'
         ORDER BY x.booking_date, x.line_id`,
  );
}

export async function existingAccounts(db: Db, ids: number[]): Promise<Set<number>> {
  const rows = await queryRows<{ id: string }>(db, sql`SELECT id::text AS id FROM gl_accounts WHERE id = ANY (${sql.param(ids)}::bigint[])`);
  return new Set(rows.map((r) => Number(r.id)));
}

export interface EntryLineInput {
  account_id: number;
  debit: string;
  credit: string;
  memo?: string;
}

/** A manual entry and its lines; the balance is checked again at commit (constraint trigger). */
export async function insertManualEntry(db: Db, valueDate: string | null, memo: string, createdBy: number | null, lines: EntryLineInput[]): Promise<number> {
  const [entry] = await queryRows<{ id: string }>(
    db,
    sql`INSERT INTO journal_entries (value_date, source_kind, memo, created_by)
        VALUES (coalesce(${valueDate}::date, business_today()), 'manual', ${memo}, ${createdBy})
        RETURNING id::text AS id`,
  );
  await db.execute(sql`
    INSERT INTO journal_lines (entry_id, account_id, booking_date, debit, credit, memo)
    SELECT ${entry.id}::bigint, l.account_id, e.booking_date, l.debit, l.credit, l.memo
      FROM unnest(${sql.param(lines.map((l) => l.account_id))}::bigint[], ${sql.param(lines.map((l) => l.debit))}::numeric[],
                  ${sql.param(lines.map((l) => l.credit))}::numeric[], ${sql.param(lines.map((l) => l.memo ?? null))}::text[])
             WITH ORDINALITY AS l(account_id, debit, credit, memo, n)
      JOIN journal_entries e ON e.id = ${entry.id}::bigint
     ORDER BY l.n`);
  return Number(entry.id);
}

export interface EntryDb {
  id: string;
  booking_date: string;
  value_date: string;
  source_kind: string;
  source_id: string | null;
  memo: string | null;
  lines: { account_id: number; code: string; debit: string; credit: string; memo: string | null }[];
}

export async function entryById(db: Db, id: number): Promise<EntryDb | undefined> {
  const [row] = await queryRows<EntryDb>(
    db,
    sql`SELECT e.id::text AS id, e.booking_date::text AS booking_date, e.value_date::text AS value_date, e.source_kind,
               e.source_id::text AS source_id, e.memo,
               (SELECT coalesce(jsonb_agg(jsonb_build_object('account_id', l.account_id, 'code', a.code, 'debit', l.debit::text,
                                                             'credit', l.credit::text, 'memo', l.memo) ORDER BY l.id), '[]')
                  FROM journal_lines l JOIN gl_accounts a ON a.id = l.account_id WHERE l.entry_id = e.id) AS lines
          FROM journal_entries e WHERE e.id = ${id}`,
  );
  return row;
}
