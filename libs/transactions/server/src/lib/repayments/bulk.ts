import { createHash } from 'node:crypto';
import Papa from 'papaparse';
import { sql } from 'drizzle-orm';
import {
  BULK_UPLOAD_MAX_ERRORS,
  MAX_REFERENCE_LENGTH,
  MAX_REPAYMENT_NOTE_LENGTH,
  REPAYMENT_CSV_COLUMNS,
  REPAYMENT_METHODS,
  REPAYMENT_UPLOAD_MAX_ROWS,
  fromNgwee,
  isBusinessDate,
  toNgwee,
  type BulkUploadError,
  type BulkUploadReport,
} from '@loan/shared-contract';
import { HttpError, businessToday, postgresCode, queryRows, recordAudit, type BranchScope, type Db } from '@loan/shared-server';
import * as repo from './repository';
import type { Actor } from './service';

/*
 * Bulk upload of repayments (NOTES.md "Repayments"): a CSV with the header
 * reference_code,amount,paid_at,method,reference,note. Every row is checked (errors name
 * the data row, counted from 1, and the column); only a file without errors is saved, all
 * rows in one transaction with INSERT ... SELECT of INSERT_BATCH rows each, or nothing. The
 * same file (SHA-256 of its text) and any reference already stored are refused.
 */

const INSERT_BATCH = 20_000;
/** What a person types in a spreadsheet: `1500`, `1500.5`, `1,500.50`. */
const AMOUNT = /^(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d{1,2})?$/;
const METHODS = new Set<string>(REPAYMENT_METHODS);
// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const CONTROL = /[\u0000-\u001F\u007F]/;

interface Row {
  /** Data row number, from 1. */
  n: number;
  code: string;
  ngwee: bigint;
  paidAt: string;
  method: string;
  reference: string;
  note: string | null;
}

class Errors {
  list: BulkUploadError[] = [];
  count = 0;
  add(row: number, column: string, message: string) {
    this.count += 1;
    if (this.list.length < BULK_UPLOAD_MAX_ERRORS) this.list.push({ row, column, message });
  }
}

/** Parses and checks each row on its own (format, dates, duplicates in the file). */
export function parseRows(text: string, today: string): { rows: Row[]; errors: Errors } {
  const errors = new Errors();
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
  const data = parsed.data;
  const header = (data[0] ?? []).map((h) => h.trim().toLowerCase());
  if (header.join(',') !== REPAYMENT_CSV_COLUMNS.join(',')) {
    errors.add(0, 'header', `The first line must be the header ${REPAYMENT_CSV_COLUMNS.join(',')}.`);
    return { rows: [], errors };
  }
  if (data.length < 2) {
    errors.add(0, 'file', 'The file has no rows.');
    return { rows: [], errors };
  }
  if (data.length - 1 > REPAYMENT_UPLOAD_MAX_ROWS) {
    errors.add(0, 'file', `At most ${REPAYMENT_UPLOAD_MAX_ROWS.toLocaleString('en-US')} rows in one file.`);
    return { rows: [], errors };
  }
  const rows: Row[] = [];
  const seen = new Map<string, number>();
  for (let i = 1; i < data.length; i++) {
    const cells = data[i];
    const n = i;
    const cell = (k: number) => (cells[k] ?? '').trim();
    let ok = true;
    const fail = (column: string, message: string) => {
      ok = false;
      errors.add(n, column, message);
    };
    if (cells.length !== REPAYMENT_CSV_COLUMNS.length) {
      fail('row', `Has ${cells.length} columns; ${REPAYMENT_CSV_COLUMNS.length} are needed.`);
      continue;
    }
    const code = cell(0);
    if (!code) fail('reference_code', 'Missing.');
    else if (code.length > 32 || CONTROL.test(code)) fail('reference_code', 'Not a loan reference code.');
    const amountText = cell(1);
    let ngwee = 0n;
    if (!AMOUNT.test(amountText)) fail('amount', 'Not a positive amount with at most two decimals.');
    else {
      ngwee = toNgwee(amountText.replace(/,/g, ''));
      if (ngwee <= 0n) fail('amount', 'Must be more than 0.00.');
      else if (ngwee > 99_999_999_999_999n) fail('amount', 'Too large.');
    }
    const paidAt = cell(2);
    if (!isBusinessDate(paidAt)) fail('paid_at', 'Not a date such as 2026-01-31.');
    else if (paidAt > today) fail('paid_at', 'The date cannot be in the future.');
    const method = cell(3).toLowerCase();
    if (!METHODS.has(method)) fail('method', `Must be one of ${REPAYMENT_METHODS.join(', ')}.`);
    const reference = cell(4);
    if (!reference) fail('reference', 'Missing.');
    else if (reference.length > MAX_REFERENCE_LENGTH || CONTROL.test(reference)) fail('reference', `At most ${MAX_REFERENCE_LENGTH} characters, on one line.`);
    else {
      const first = seen.get(reference);
      if (first !== undefined) fail('reference', `The same reference is in row ${first}.`);
      else seen.set(reference, n);
    }
    const note = cell(5);
    if (note.length > MAX_REPAYMENT_NOTE_LENGTH || note.includes('\u0000')) fail('note', `At most ${MAX_REPAYMENT_NOTE_LENGTH} characters.`);
    if (ok) rows.push({ n, code, ngwee, paidAt, method, reference, note: note || null });
  }
  return { rows, errors };
}

const money = (ngwee: bigint) => {
  const v = fromNgwee(ngwee);
  const [int, dec] = v.split('.');
  return `ZMW ${int.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${dec}`;
};

/**
 * The checks against the database, set-based: loans by reference code (known, inside the
 * caller's branches, paid out, not closed, locked when saving), references already stored,
 * dates before the payout, and each loan's rows against its balance (the row that takes the
 * running sum past the balance is named).
 */
async function checkAgainstDb(db: Db, rows: Row[], errors: Errors, scope: BranchScope, lock: boolean): Promise<Map<string, number>> {
  const codes = [...new Set(rows.map((r) => r.code))];
  const loanIds = new Map<string, number>();
  if (!rows.length) return loanIds;
  if (lock) {
    await db.execute(sql`SELECT id FROM loan_applications WHERE reference_code = ANY(string_to_array(${codes.join('\n')}, E'\n'))
                         ORDER BY id FOR UPDATE`);
  }
  const loans = await queryRows<{ code: string; id: number; branch_id: number | null; status: string; disbursed_on: string | null; balance: string }>(
    db,
    sql`SELECT la.reference_code AS code, la.id::int AS id, la.branch_id::int AS branch_id, la.status,
               b.disbursed_on::text AS disbursed_on, b.balance::text AS balance
          FROM loan_applications la JOIN loan_balances b ON b.application_id = la.id
         WHERE la.reference_code = ANY(string_to_array(${codes.join('\n')}, E'\n'))`,
  );
  const byCode = new Map(loans.map((l) => [l.code, l]));
  const taken = new Set(
    (
      await queryRows<{ reference: string }>(
        db,
        sql`SELECT reference FROM repayments WHERE reference = ANY(string_to_array(${rows.map((r) => r.reference).join('\n')}, E'\n'))`,
      )
    ).map((r) => r.reference),
  );
  const left = new Map<string, bigint>();
  for (const r of rows) {
    const loan = byCode.get(r.code);
    const visible = loan && (scope.all || (scope.branchId !== null && loan.branch_id === scope.branchId)) ? loan : undefined;
    if (!visible) errors.add(r.n, 'reference_code', 'No loan with this reference code.');
    else if (visible.status === 'closed') errors.add(r.n, 'reference_code', 'This loan is closed: nothing is owed.');
    else if (visible.disbursed_on === null) errors.add(r.n, 'reference_code', 'This loan has not been paid out yet: nothing is owed.');
    else {
      loanIds.set(r.code, visible.id);
      if (r.paidAt < visible.disbursed_on) errors.add(r.n, 'paid_at', `The loan was paid out on ${visible.disbursed_on}: a repayment cannot be earlier.`);
      const before = left.get(r.code) ?? toNgwee(visible.balance);
      if (r.ngwee > before)
        errors.add(r.n, 'amount', `More than the balance left: ${money(before < 0n ? 0n : before)} after the earlier rows of this loan.`);
      left.set(r.code, before - r.ngwee);
    }
    if (taken.has(r.reference)) errors.add(r.n, 'reference', 'This reference was already recorded.');
  }
  return loanIds;
}

function report(rows: Row[], errors: Errors, saved: boolean, uploadId: number | null): BulkUploadReport {
  const total = rows.reduce((s, r) => s + r.ngwee, 0n);
  return {
    rows: rows.length + 0,
    total_amount: fromNgwee(total),
    loans: new Set(rows.map((r) => r.code)).size,
    error_count: errors.count,
    errors: errors.list.sort((a, b) => a.row - b.row),
    saved,
    upload_id: uploadId,
  };
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

function tooMany(e: Errors): HttpError {
  const first = e.list[0];
  const where = first ? (first.row ? `Row ${first.row}, ${first.column}: ` : '') + first.message : 'The file has errors.';
  return new HttpError(422, e.count > 1 ? `${where} (and ${e.count - 1} more)` : where);
}

/**
 * POST /bulk-upload: checks the file (`confirm` false) or saves it (`confirm` true): in
 * one transaction the file's hash, the loans locked, every row checked again, the rows
 * inserted in batches, the loans paid in full closed, one audit record for the upload.
 * A file with any error saves nothing and answers 422 with the report.
 */
export async function upload(db: Db, actor: Actor, text: string, opts: { confirm: boolean; fileName?: string }): Promise<BulkUploadReport> {
  const today = await businessToday(db);
  const { rows, errors } = parseRows(text, today);
  const hash = sha256(text);
  const fileSeen = async (tx: Db) =>
    (await queryRows<{ at: string }>(tx, sql`SELECT created_at::text AS at FROM repayment_uploads WHERE file_sha256 = ${hash}`))[0];

  if (!opts.confirm) {
    const seen = await fileSeen(db);
    if (seen) errors.add(0, 'file', `This file was already uploaded (${seen.at.slice(0, 16)}).`);
    await checkAgainstDb(db, rows, errors, actor.scope, false);
    return report(rows, errors, false, null);
  }
  if (errors.count) {
    // The whole report even so: every row's problems, the database's too, in one answer.
    await checkAgainstDb(db, rows, errors, actor.scope, false);
    throw withReport(tooMany(errors), report(rows, errors, false, null));
  }
  try {
    return await db.transaction(async (tx) => {
      const seen = await fileSeen(tx);
      if (seen) errors.add(0, 'file', `This file was already uploaded (${seen.at.slice(0, 16)}).`);
      const loanIds = await checkAgainstDb(tx, rows, errors, actor.scope, true);
      if (errors.count) throw withReport(tooMany(errors), report(rows, errors, false, null));
      const total = rows.reduce((s, r) => s + r.ngwee, 0n);
      const [up] = await queryRows<{ id: number }>(
        tx,
        sql`INSERT INTO repayment_uploads (file_sha256, file_name, row_count, total_amount, created_by)
            VALUES (${hash}, ${opts.fileName ?? null}, ${rows.length}, ${fromNgwee(total)}, ${actor.userId}) RETURNING id::int AS id`,
      );
      for (let i = 0; i < rows.length; i += INSERT_BATCH) {
        const batch = rows.slice(i, i + INSERT_BATCH).map((r) => ({
          a: loanIds.get(r.code),
          m: fromNgwee(r.ngwee),
          d: r.paidAt,
          t: r.method,
          r: r.reference,
          n: r.note,
        }));
        await tx.execute(sql`
          INSERT INTO repayments (application_id, client_id, amount, paid_at, method, reference, note, batch_id, upload_id, created_by)
          SELECT x.a, la.client_id, x.m, x.d, x.t, x.r, x.n, ${`upload-${up.id}`}, ${up.id}, ${actor.userId}
            FROM json_to_recordset(${JSON.stringify(batch)}::json) AS x(a bigint, m numeric, d date, t text, r text, n text)
            JOIN loan_applications la ON la.id = x.a`);
      }
      await recordAudit(tx, actor.who, {
        action: 'bulk_upload',
        entity: 'repayment_upload',
        entityId: up.id,
        details: { rows: rows.length, total_amount: fromNgwee(total), loans: loanIds.size, file_sha256: hash, file_name: opts.fileName ?? null },
      });
      const { closed } = await repo.settleLoanStatus(tx, [...new Set(loanIds.values())]);
      if (closed.length)
        await tx.execute(sql`
          INSERT INTO audit_log (user_id, action, entity, entity_id, details, ip_address, user_agent)
          SELECT ${actor.who.userId}, 'close', 'loan_application', id::text,
                 jsonb_build_object('reason', 'paid in full', 'upload_id', ${up.id}::bigint), ${actor.who.ip}, ${actor.who.userAgent}
            FROM unnest(string_to_array(${closed.join(',')}, ',')::bigint[]) AS id`);
      return report(rows, errors, true, up.id);
    });
  } catch (err) {
    // Two uploads racing on the same file or reference: the unique indexes refuse the second.
    if (postgresCode(err) === '23505') {
      errors.add(0, 'file', 'This file or one of its references was saved meanwhile by another upload.');
      throw withReport(tooMany(errors), report(rows, errors, false, null));
    }
    throw err;
  }
}

/** A 422 whose body carries the report (`{ message, errors: {}, report }`). */
export class UploadRefused extends HttpError {
  constructor(
    message: string,
    readonly report: BulkUploadReport,
  ) {
    super(422, message, {});
  }
}

function withReport(err: HttpError, r: BulkUploadReport): UploadRefused {
  return new UploadRefused(err.message, r);
}

/** The template offered for download: the header and one example row. */
export function template(): string {
  return `${REPAYMENT_CSV_COLUMNS.join(',')}\r\nLA-2026-000123,"1,500.00",2026-01-31,mobile_money,MM260131ABC,January instalment\r\n`;
}
