import { createHash } from 'node:crypto';
import { channel } from 'node:diagnostics_channel';
import { performance } from 'node:perf_hooks';
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
import {
  HttpError,
  businessToday,
  postgresCode,
  queryRows,
  recordAudit,
  scopeCondition,
  type BranchScope,
  type Db,
  type Jobs,
} from '@loan/shared-server';
import { UPLOAD_RECEIPTS_JOB, type UploadReceiptsJob } from './receipts';
import * as repo from './repository';
import type { Actor } from './service';

/*
 * Bulk upload of repayments (NOTES.md "Repayments"): a CSV with the header
 * reference_code,amount,paid_at,method,reference,note. Every row is checked (errors name
 * the data row, counted from 1, and the column); only a file without errors is saved, all
 * rows in one transaction, or nothing. The rows are staged in a temporary table, so each
 * check against the database and the insert is one statement over all rows. The same
 * file (SHA-256 of its text) and any reference already stored are refused.
 */

/**
 * Each phase of an upload and its time (`{ phase, ms }`), published on this diagnostics
 * channel for the benchmark (tools/bench/repayments.ts); with no subscriber nothing is
 * measured and nothing is ever logged.
 */
export const REPAYMENT_UPLOAD_PHASES = 'loan:repayments.upload.phases';
const phases = channel(REPAYMENT_UPLOAD_PHASES);

/** Marks the end of a phase: the time since the previous mark goes to the channel. */
function phaseClock(): (phase: string) => void {
  let last = performance.now();
  return (phase) => {
    if (!phases.hasSubscribers) return;
    const now = performance.now();
    phases.publish({ phase, ms: now - last });
    last = now;
  };
}

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
 * The rows that passed parseRows, in a temporary table of this transaction (dropped at its
 * end): every check against the database below is then one statement over all rows, and
 * the insert one INSERT ... SELECT. Loaded in one statement: each column is one array
 * parameter, unnested into rows (the same SQL on PGlite and PostgreSQL).
 */
async function stage(tx: Db, rows: Row[]): Promise<void> {
  await tx.execute(sql`CREATE TEMP TABLE upload_rows (
      n integer PRIMARY KEY, code text NOT NULL, amount numeric(14,2) NOT NULL, paid_at date NOT NULL,
      method text NOT NULL, reference text NOT NULL, note text) ON COMMIT DROP`);
  const column = (value: (r: Row) => string | number | null) => sql.param(rows.map(value));
  await tx.execute(sql`INSERT INTO upload_rows (n, code, amount, paid_at, method, reference, note)
                       SELECT * FROM unnest(${column((r) => r.n)}::integer[], ${column((r) => r.code)}::text[],
                                            ${column((r) => fromNgwee(r.ngwee))}::numeric[], ${column((r) => r.paidAt)}::date[],
                                            ${column((r) => r.method)}::text[], ${column((r) => r.reference)}::text[],
                                            ${column((r) => r.note)}::text[])`);
  // The planner knows nothing of a new temporary table: its joins want the row count.
  await tx.execute(sql`ANALYZE upload_rows`);
}

/** Errors of the database checks, in the order a row lists them. */
const COLUMN_ORDER: Record<string, number> = { reference_code: 0, paid_at: 1, amount: 2, reference: 3 };

/**
 * The checks against the database, each one statement over every staged row: the loans
 * (known inside the caller's branches, not closed, paid out; no repayment before the payout;
 * each loan's rows against its balance, naming the row whose running sum passes it), and
 * the references already stored. Errors join the parse errors, in row then column order.
 * Answers the loans the file pays in full (the row whose running sum meets the balance):
 * the only ones saving it may close.
 */
async function checkAgainstDb(tx: Db, errors: Errors, scope: BranchScope): Promise<number[]> {
  const found: { n: number; col: string; kind: string; value: string | null }[] = [];
  found.push(
    ...(await queryRows<{ n: number; col: string; kind: string; value: string | null }>(
      tx,
      // The balances of the file's loans only: the view filtered on its own reference_code,
      // so the planner finds the file's loans first and reads only the columns named here
      // (the schedule's figures of the view are never computed).
      sql`WITH loans AS MATERIALIZED (
            SELECT b.reference_code AS code, b.application_id AS id, b.status, b.disbursed_on, b.balance
              FROM loan_balances b
             WHERE b.reference_code IN (SELECT code FROM upload_rows)
               AND ${scopeCondition(scope, sql`b.branch_id`) ?? sql`true`}),
          r AS (
            SELECT u.n, u.amount, u.paid_at, l.code AS loan, l.id, l.status, l.disbursed_on, l.balance,
                   sum(u.amount) OVER (PARTITION BY u.code ORDER BY u.n) AS running
              FROM upload_rows u LEFT JOIN loans l ON l.code = u.code)
          SELECT n, 'reference_code' AS col,
                 CASE WHEN loan IS NULL THEN 'unknown' WHEN status = 'closed' THEN 'closed' ELSE 'unpaid' END AS kind, NULL AS value
            FROM r WHERE loan IS NULL OR status = 'closed' OR disbursed_on IS NULL
          UNION ALL
          SELECT n, 'paid_at', 'early', disbursed_on::text FROM r WHERE status <> 'closed' AND paid_at < disbursed_on
          UNION ALL
          SELECT n, 'amount', 'over', greatest(balance - (running - amount), 0)::numeric(16,2)::text
            FROM r WHERE status <> 'closed' AND disbursed_on IS NOT NULL AND running > balance
          UNION ALL
          SELECT n, 'amount', 'full', id::text FROM r WHERE status <> 'closed' AND disbursed_on IS NOT NULL AND running = balance`,
    )),
    ...(await queryRows<{ n: number; col: string; kind: string; value: string | null }>(
      tx,
      sql`SELECT u.n, 'reference' AS col, 'taken' AS kind, NULL AS value
            FROM upload_rows u WHERE EXISTS (SELECT 1 FROM repayments r WHERE r.reference = u.reference)`,
    )),
  );
  found.sort((a, b) => a.n - b.n || COLUMN_ORDER[a.col] - COLUMN_ORDER[b.col]);
  const paidInFull: number[] = [];
  for (const e of found) {
    if (e.kind === 'full') paidInFull.push(Number(e.value));
    else if (e.kind === 'unknown') errors.add(e.n, e.col, 'No loan with this reference code.');
    else if (e.kind === 'closed') errors.add(e.n, e.col, 'This loan is closed: nothing is owed.');
    else if (e.kind === 'unpaid') errors.add(e.n, e.col, 'This loan has not been paid out yet: nothing is owed.');
    else if (e.kind === 'early') errors.add(e.n, e.col, `The loan was paid out on ${e.value}: a repayment cannot be earlier.`);
    else if (e.kind === 'over') errors.add(e.n, e.col, `More than the balance left: ${money(toNgwee(e.value ?? '0'))} after the earlier rows of this loan.`);
    else errors.add(e.n, e.col, 'This reference was already recorded.');
  }
  return paidInFull;
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
 * Writes a checked file: the upload row, every repayment with its own audit record (one
 * INSERT ... SELECT of the staged rows feeding one INSERT into audit_log), the upload's
 * audit record, the loans paid in full closed (and audited), and the receipts job, which
 * exists only if this transaction commits and runs after it (singleton: never twice).
 */
async function save(
  tx: Db,
  jobs: Jobs,
  actor: Actor,
  rows: Row[],
  paidInFull: number[],
  hash: string,
  fileName: string | null,
  phase: (name: string) => void,
): Promise<number> {
  const total = fromNgwee(rows.reduce((s, r) => s + r.ngwee, 0n));
  const [up] = await queryRows<{ id: number }>(
    tx,
    sql`INSERT INTO repayment_uploads (file_sha256, file_name, row_count, total_amount, created_by)
        VALUES (${hash}, ${fileName}, ${rows.length}, ${total}, ${actor.userId}) RETURNING id::int AS id`,
  );
  const [ins] = await queryRows<{ first: number; last: number; loans: number }>(
    tx,
    sql`WITH ins AS (
          INSERT INTO repayments (application_id, client_id, amount, paid_at, method, reference, note, batch_id, upload_id, created_by)
          SELECT la.id, la.client_id, u.amount, u.paid_at, u.method, u.reference, u.note, ${`upload-${up.id}`}, ${up.id}, ${actor.userId}
            FROM upload_rows u JOIN loan_applications la ON la.reference_code = u.code
           ORDER BY u.n
          RETURNING id, application_id, amount, paid_at, method, reference),
        audit AS (
          INSERT INTO audit_log (user_id, action, entity, entity_id, details, ip_address, user_agent)
          SELECT ${actor.who.userId}, 'create', 'repayment', ins.id::text,
                 jsonb_build_object('reference_code', la.reference_code, 'amount', ins.amount::text, 'paid_at', ins.paid_at::text,
                                    'method', ins.method, 'reference', ins.reference, 'upload_id', ${up.id}::bigint),
                 ${actor.who.ip}, ${actor.who.userAgent}
            FROM ins JOIN loan_applications la ON la.id = ins.application_id
           ORDER BY ins.id)
        SELECT min(id)::int AS first, max(id)::int AS last, count(DISTINCT application_id)::int AS loans FROM ins`,
  );
  phase('insert');
  await recordAudit(tx, actor.who, {
    action: 'bulk_upload',
    entity: 'repayment_upload',
    entityId: up.id,
    details: { rows: rows.length, total_amount: total, loans: ins.loans, file_sha256: hash, file_name: fileName },
  });
  // An upload only adds repayments: no loan reopens, and only those it pays in full close.
  const { closed } = await repo.settleLoanStatus(tx, paidInFull);
  if (closed.length)
    await tx.execute(sql`
      INSERT INTO audit_log (user_id, action, entity, entity_id, details, ip_address, user_agent)
      SELECT ${actor.who.userId}, 'close', 'loan_application', id::text,
             jsonb_build_object('reason', 'paid in full', 'upload_id', ${up.id}::bigint), ${actor.who.ip}, ${actor.who.userAgent}
        FROM unnest(${sql.param(closed)}::bigint[]) AS id`);
  phase('close');
  const job: UploadReceiptsJob = { uploadId: up.id, firstId: ins.first, lastId: ins.last };
  await jobs.send(UPLOAD_RECEIPTS_JOB, job, { db: tx, singletonKey: `upload-${up.id}` });
  return up.id;
}

/**
 * POST /bulk-upload: checks the file (`confirm` false) or saves it (`confirm` true). Both in
 * one transaction: the file's hash looked up, the rows staged, the loans locked (saving),
 * every check one statement over all rows; a file without errors is then saved (see save).
 * A file with any error saves nothing and answers 422 with the report.
 */
export async function upload(db: Db, jobs: Jobs, actor: Actor, text: string, opts: { confirm: boolean; fileName?: string }): Promise<BulkUploadReport> {
  const phase = phaseClock();
  const today = await businessToday(db);
  const { rows, errors } = parseRows(text, today);
  const hash = sha256(text);
  phase('parse');
  // A file with errors in its own rows is still checked against the database (the whole
  // report in one answer), but never saved.
  const saving = opts.confirm && errors.count === 0;
  let out: BulkUploadReport;
  try {
    out = await db.transaction(async (tx) => {
      const [seen] = await queryRows<{ at: string }>(tx, sql`SELECT created_at::text AS at FROM repayment_uploads WHERE file_sha256 = ${hash}`);
      if (seen) errors.add(0, 'file', `This file was already uploaded (${seen.at.slice(0, 16)}).`);
      if (!rows.length) return report(rows, errors, false, null);
      // The sorts and hashes over every row (100,000 at most) fit in memory, not on disk.
      await tx.execute(sql`SET LOCAL work_mem = '64MB'`);
      await stage(tx, rows);
      phase('stage');
      // Saving: the file's loans locked (id order) before their balances are read, so the
      // check and the write are one step against any other repayment of those loans.
      if (saving) {
        // (Counted, not answered: the locked rows stay in the database, not in this process.)
        await tx.execute(sql`SELECT count(*) FROM (SELECT id FROM loan_applications WHERE reference_code IN (SELECT code FROM upload_rows)
                                                     ORDER BY id FOR UPDATE) locked`);
        phase('lock');
      }
      const paidInFull = await checkAgainstDb(tx, errors, actor.scope);
      phase('check');
      if (!saving || errors.count) return report(rows, errors, false, null);
      return report(rows, errors, true, await save(tx, jobs, actor, rows, paidInFull, hash, opts.fileName ?? null, phase));
    });
    phase('commit');
  } catch (err) {
    // Two uploads racing on the same file or reference: the unique indexes refuse the second.
    if (postgresCode(err) === '23505') {
      errors.add(0, 'file', 'This file or one of its references was saved meanwhile by another upload.');
      throw withReport(tooMany(errors), report(rows, errors, false, null));
    }
    throw err;
  }
  if (opts.confirm && !out.saved) throw withReport(tooMany(errors), out);
  return out;
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
