import { createHash } from 'node:crypto';
import { channel } from 'node:diagnostics_channel';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Transform, pipeline, type Duplex, type Readable, type TransformCallback } from 'node:stream';
import { pipeline as pipelineAsync } from 'node:stream/promises';
import { StringDecoder } from 'node:string_decoder';
import Papa from 'papaparse';
import { sql } from 'drizzle-orm';
import {
  BULK_UPLOAD_MAX_ERRORS,
  MAX_REFERENCE_LENGTH,
  MAX_REPAYMENT_NOTE_LENGTH,
  REPAYMENT_CSV_COLUMNS,
  REPAYMENT_METHODS,
  REPAYMENT_UPLOAD_MAX_BYTES,
  REPAYMENT_UPLOAD_MAX_ROWS,
  formatMoney,
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
import * as account from '@loan/loans-account';
import { accountActor, type Actor } from './service';

/*
 * Bulk upload of repayments (NOTES.md "Repayments"): a CSV with the header
 * reference_code,amount,paid_at,method,reference,note, sent as the request body itself
 * (Content-Type text/csv). The body is streamed to a temporary file as it arrives (so a slow
 * client never holds a database connection), then read back as a stream: papaparse parses it,
 * each row's own cells are checked on the way (dates, method, lengths), and the rows go in
 * batches of STAGE_BATCH into a temporary table of the upload's transaction. Every other
 * check is one SQL statement over that table (amount format, future date, references twice
 * in the file or already stored, unknown/unpaid/closed loans, the balance), its errors in a
 * second temporary table (row, column, message), of which the answer lists the first
 * BULK_UPLOAD_MAX_ERRORS. A file without errors is saved with one INSERT ... SELECT, in the
 * same transaction, or nothing is. The process never holds the file nor its rows: a batch
 * of rows at most, and the errors it answers. The same file (SHA-256 of its bytes) is refused.
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

/** Rows per INSERT into the staging table (one array parameter per column). */
export const STAGE_BATCH = 5000;

/**
 * What a person types in a spreadsheet: `1500`, `1500.5`, `1,500.50` (a PostgreSQL regular
 * expression: the amounts are checked in SQL, over the staged rows).
 */
const AMOUNT_RE = '^([0-9]{1,3}(,[0-9]{3})+|[0-9]+)([.][0-9]{1,2})?$';
/** Longest amount text read as a number (999,999,999,999.99 has 18 characters). */
const AMOUNT_MAX_CHARS = 24;
const METHODS = new Set<string>(REPAYMENT_METHODS);
// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const CONTROL = /[\u0000-\u001F\u007F]/;
/** Where each column's errors come in a row's list (file-wide errors first). */
const COLUMN_ORDER = new Map<string, number>(REPAYMENT_CSV_COLUMNS.map((c, i) => [c, i + 1]));
const columnOrder = (column: string) => COLUMN_ORDER.get(column) ?? 0;

/** The columns of one staging batch, each an array sent as one parameter. */
class Batch {
  n: number[] = [];
  code: (string | null)[] = [];
  amount: string[] = [];
  paidAt: (string | null)[] = [];
  method: string[] = [];
  reference: (string | null)[] = [];
  note: (string | null)[] = [];
  ok: boolean[] = [];
  errN: number[] = [];
  errCol: string[] = [];
  errMsg: string[] = [];
  get size() {
    return this.n.length;
  }
}

/**
 * Checks the cells of one data row (row `n`, from 1) that need nothing but the row, and adds
 * it to the batch: a cell that fails is staged as null (so no later check trips on it) and
 * the row is not `ok` (its loan and balance are not checked; it counts in no total).
 */
function stageRow(b: Batch, n: number, cells: string[]): void {
  const fail = (column: string, message: string) => {
    b.errN.push(n);
    b.errCol.push(column);
    b.errMsg.push(message);
  };
  const errs = b.errN.length;
  const cell = (k: number) => (cells[k] ?? '').trim();
  if (cells.length !== REPAYMENT_CSV_COLUMNS.length) {
    fail('row', `Has ${cells.length} columns; ${REPAYMENT_CSV_COLUMNS.length} are needed.`);
    return;
  }
  let code: string | null = cell(0);
  if (!code) fail('reference_code', 'Missing.');
  else if (code.length > 32 || CONTROL.test(code)) fail('reference_code', 'Not a loan reference code.');
  if (b.errN.length > errs) code = null;
  let paidAt: string | null = cell(2);
  if (!isBusinessDate(paidAt)) {
    fail('paid_at', 'Not a date such as 2026-01-31.');
    paidAt = null;
  }
  let method = cell(3).toLowerCase();
  if (!METHODS.has(method)) {
    fail('method', `Must be one of ${REPAYMENT_METHODS.join(', ')}.`);
    method = '';
  }
  let reference: string | null = cell(4);
  if (!reference) {
    fail('reference', 'Missing.');
    reference = null;
  } else if (reference.length > MAX_REFERENCE_LENGTH || CONTROL.test(reference)) {
    fail('reference', `At most ${MAX_REFERENCE_LENGTH} characters, on one line.`);
    reference = null;
  }
  const note = cell(5);
  if (note.length > MAX_REPAYMENT_NOTE_LENGTH || note.includes('\u0000')) fail('note', `At most ${MAX_REPAYMENT_NOTE_LENGTH} characters.`);
  b.n.push(n);
  b.code.push(code);
  // The amount is checked in SQL (format, more than zero, not too large); a control
  // character (which a text column may not hold: NUL) makes it a wrong format there.
  const amount = cell(1);
  b.amount.push(CONTROL.test(amount) ? '' : amount);
  b.paidAt.push(paidAt);
  b.method.push(method);
  b.reference.push(reference);
  b.note.push(note && b.errN.length === errs ? note : null);
  b.ok.push(b.errN.length === errs);
}

async function createStaging(tx: Db): Promise<void> {
  await tx.execute(sql`CREATE TEMP TABLE upload_rows (
      n integer PRIMARY KEY, code text, amount_text text NOT NULL, amount numeric, paid_at date,
      method text NOT NULL, reference text, note text, ok boolean NOT NULL) ON COMMIT DROP`);
  // Every problem found, by row and column (a SQL check writes its kind and value: the
  // message of the few answered is written here, in JS).
  await tx.execute(sql`CREATE TEMP TABLE upload_errors (
      n integer NOT NULL, col text NOT NULL, ord integer NOT NULL, kind text NOT NULL, value text) ON COMMIT DROP`);
}

/** One batch into the staging table: each column is one array parameter, unnested into rows. */
async function flush(tx: Db, b: Batch): Promise<void> {
  if (b.size)
    await tx.execute(sql`INSERT INTO upload_rows (n, code, amount_text, amount, paid_at, method, reference, note, ok)
      SELECT n, code, a, CASE WHEN a ~ ${AMOUNT_RE} AND length(a) <= ${AMOUNT_MAX_CHARS} THEN replace(a, ',', '')::numeric END,
             paid_at, method, reference, note, ok
        FROM unnest(${sql.param(b.n)}::integer[], ${sql.param(b.code)}::text[], ${sql.param(b.amount)}::text[],
                    ${sql.param(b.paidAt)}::date[], ${sql.param(b.method)}::text[], ${sql.param(b.reference)}::text[],
                    ${sql.param(b.note)}::text[], ${sql.param(b.ok)}::boolean[])
          AS t(n, code, a, paid_at, method, reference, note, ok)`);
  if (b.errN.length)
    await tx.execute(sql`INSERT INTO upload_errors (n, col, ord, kind, value)
      SELECT n, col, ord, 'message', msg
        FROM unnest(${sql.param(b.errN)}::integer[], ${sql.param(b.errCol)}::text[],
                    ${sql.param(b.errCol.map(columnOrder))}::integer[], ${sql.param(b.errMsg)}::text[]) AS t(n, col, ord, msg)`);
}

/** A 413: the body passed REPAYMENT_UPLOAD_MAX_BYTES. */
export const tooLarge = () =>
  new HttpError(413, `The file is too large: at most ${REPAYMENT_UPLOAD_MAX_BYTES / 1024 / 1024} MB (${REPAYMENT_UPLOAD_MAX_ROWS.toLocaleString('en-US')} rows).`);

/** A 422 about the file as a whole (field `csv`, as the form names it). */
const fileError = (message: string) => new HttpError(422, message, { csv: [message] });

/**
 * Counts and hashes the bytes on their way to the parser, refuses more than `limit` (413),
 * and decodes UTF-8 (a character split across two chunks stays whole) without the BOM.
 */
class Meter extends Transform {
  readonly hash = createHash('sha256');
  bytes = 0;
  private readonly decoder = new StringDecoder('utf8');
  private first = true;
  constructor(private readonly limit: number) {
    super({ decodeStrings: true });
  }
  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.limit) return done(tooLarge());
    this.hash.update(chunk);
    let text = this.decoder.write(chunk);
    if (this.first && text) {
      this.first = false;
      text = text.replace(/^\uFEFF/, '');
    }
    done(null, text);
  }
  override _flush(done: TransformCallback): void {
    done(null, this.decoder.end());
  }
}

/**
 * The body, as it arrives, into a private temporary file (the byte limit kept on the way),
 * before any database work: a slow or stalled client holds a file handle, never a pooled
 * connection with an open transaction and locks. The file is removed when the upload ends,
 * whatever the outcome.
 */
async function spool(body: Readable, limit: number): Promise<{ file: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'repayments-upload-'));
  const remove = () => rm(dir, { recursive: true, force: true });
  const file = join(dir, 'body.csv');
  let bytes = 0;
  const limiter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      bytes += chunk.length;
      done(bytes > limit ? tooLarge() : null, chunk);
    },
  });
  try {
    await pipelineAsync(body, limiter, createWriteStream(file, { mode: 0o600 }));
  } catch (err) {
    await remove();
    throw err;
  }
  return { file, remove };
}

/**
 * Reads the body into the staging table (in batches, as it arrives): answers the file's
 * hash and how many data rows it has. A header other than the template's, an empty body and
 * too many rows are refused (422) before anything else; too many bytes is a 413.
 */
async function stageStream(tx: Db, body: Readable, limit: number, batchSize: number): Promise<{ hash: string; count: number }> {
  const meter = new Meter(limit);
  const parser = Papa.parse(Papa.NODE_STREAM_INPUT, { skipEmptyLines: 'greedy' }) as unknown as Duplex;
  // Any failure (the limit, the client gone) ends every stream with it; the loop below throws it.
  pipeline(body, meter, parser, () => undefined);
  let n = -1;
  let batch = new Batch();
  try {
    for await (const cells of parser as AsyncIterable<string[]>) {
      n += 1;
      if (n === 0) {
        const header = cells.map((h) => h.trim().toLowerCase()).join(',');
        if (header !== REPAYMENT_CSV_COLUMNS.join(',')) throw fileError(`The first line must be the header ${REPAYMENT_CSV_COLUMNS.join(',')}.`);
        continue;
      }
      if (n > REPAYMENT_UPLOAD_MAX_ROWS) throw fileError(`At most ${REPAYMENT_UPLOAD_MAX_ROWS.toLocaleString('en-US')} rows in one file.`);
      stageRow(batch, n, cells);
      if (batch.size >= batchSize) {
        await flush(tx, batch);
        batch = new Batch();
      }
    }
  } catch (err) {
    body.destroy();
    throw err;
  }
  if (n < 0) throw fileError('Choose a file.');
  await flush(tx, batch);
  return { hash: meter.hash.digest('hex'), count: n };
}

/** One found problem: a row's column, its kind, and the value its message names. */
interface Found {
  n: number;
  col: string;
  kind: string;
  value: string | null;
}

const money = (ngwee: bigint) => formatMoney(fromNgwee(ngwee));

const MESSAGES: Record<string, (value: string | null) => string> = {
  message: (v) => v ?? '',
  amount_format: () => 'Not a positive amount with at most two decimals.',
  amount_zero: () => 'Must be more than 0.00.',
  amount_large: () => 'Too large.',
  future: () => 'The date cannot be in the future.',
  twice: (v) => `The same reference is in row ${v}.`,
  taken: () => 'This reference was already recorded.',
  unknown: () => 'No loan with this reference code.',
  closed: () => 'This loan is closed: nothing is owed.',
  unpaid: () => 'This loan has not been paid out yet: nothing is owed.',
  early: (v) => `The loan was paid out on ${v}: a repayment cannot be earlier.`,
  over: (v) => `More than the balance left: ${money(toNgwee(v ?? '0'))} after the earlier rows of this loan.`,
  file: (v) => v ?? '',
};

/**
 * The checks of the rows against each other, each one statement over all staged rows:
 * the amount's format, a date in the future, a reference twice in the file (the later rows
 * named). A row failing one is no longer `ok`.
 */
async function checkFile(tx: Db, today: string): Promise<void> {
  await tx.execute(sql`INSERT INTO upload_errors (n, col, ord, kind, value)
    SELECT n, 'amount', ${columnOrder('amount')}::int,
           CASE WHEN amount IS NULL AND amount_text ~ ${AMOUNT_RE} THEN 'amount_large'
                WHEN amount IS NULL THEN 'amount_format' WHEN amount <= 0 THEN 'amount_zero' ELSE 'amount_large' END, NULL
      FROM upload_rows WHERE amount IS NULL OR amount <= 0 OR amount > 999999999999.99
    UNION ALL
    SELECT n, 'paid_at', ${columnOrder('paid_at')}::int, 'future', NULL FROM upload_rows WHERE paid_at > ${today}::date
    UNION ALL
    SELECT n, 'reference', ${columnOrder('reference')}::int, 'twice', first::text
      FROM (SELECT n, min(n) OVER (PARTITION BY reference) AS first FROM upload_rows WHERE reference IS NOT NULL) d
     WHERE n > first`);
  await tx.execute(sql`UPDATE upload_rows u SET ok = false
                        WHERE ok AND EXISTS (SELECT 1 FROM upload_errors e WHERE e.n = u.n)`);
}

/**
 * The checks against the database, each one statement over the staged rows: the loans of
 * the `ok` rows (known inside the caller's branches, not closed, paid out; no repayment
 * before the payout; each loan's rows against its balance, naming the row whose running sum
 * passes it), and every reference already stored.
 */
async function checkAgainstDb(tx: Db, scope: BranchScope): Promise<void> {
  // The balances of the file's loans only: the view filtered on its own reference_code,
  // so the planner finds the file's loans first and reads only the columns named here
  // (the schedule's figures of the view are never computed).
  await tx.execute(sql`CREATE TEMP TABLE upload_loans ON COMMIT DROP AS
    SELECT b.reference_code AS code, b.application_id AS id, b.status, b.disbursed_on, b.balance
      FROM loan_balances b
     WHERE b.reference_code IN (SELECT code FROM upload_rows WHERE ok)
       AND ${scopeCondition(scope, sql`b.branch_id`) ?? sql`true`}`);
  await tx.execute(sql`INSERT INTO upload_errors (n, col, ord, kind, value)
    WITH r AS (
      SELECT u.n, u.amount, u.paid_at, l.code AS loan, l.id, l.status, l.disbursed_on, l.balance,
             sum(u.amount) OVER (PARTITION BY u.code ORDER BY u.n) AS running
        FROM upload_rows u LEFT JOIN upload_loans l ON l.code = u.code
       WHERE u.ok)
    SELECT n, 'reference_code', ${columnOrder('reference_code')}::int,
           CASE WHEN loan IS NULL THEN 'unknown' WHEN status = 'closed' THEN 'closed' ELSE 'unpaid' END, NULL
      FROM r WHERE loan IS NULL OR status = 'closed' OR disbursed_on IS NULL
    UNION ALL
    SELECT n, 'paid_at', ${columnOrder('paid_at')}::int, 'early', disbursed_on::text FROM r WHERE status <> 'closed' AND paid_at < disbursed_on
    UNION ALL
    SELECT n, 'amount', ${columnOrder('amount')}::int, 'over', greatest(balance - (running - amount), 0)::numeric(16,2)::text
      FROM r WHERE status <> 'closed' AND disbursed_on IS NOT NULL AND running > balance
    UNION ALL
    SELECT u.n, 'reference', ${columnOrder('reference')}::int, 'taken', NULL
      FROM upload_rows u WHERE EXISTS (SELECT 1 FROM repayments p WHERE p.reference = u.reference)`);
}

/** The report: the `ok` rows' figures, how many problems and the first of them, by row then column. */
async function report(tx: Db, saved: boolean, uploadId: number | null): Promise<BulkUploadReport> {
  const [sum] = await queryRows<{ rows: number; total: string; loans: number; errors: number }>(
    tx,
    sql`SELECT count(*)::int AS rows, coalesce(sum(amount), 0)::numeric(16,2)::text AS total, count(DISTINCT code)::int AS loans,
               (SELECT count(*)::int FROM upload_errors) AS errors
          FROM upload_rows WHERE ok`,
  );
  const found = await queryRows<Found>(
    tx,
    sql`SELECT n, col, kind, value FROM upload_errors ORDER BY n, ord LIMIT ${BULK_UPLOAD_MAX_ERRORS}`,
  );
  const errors: BulkUploadError[] = found.map((e) => ({ row: e.n, column: e.col, message: MESSAGES[e.kind](e.value) }));
  return { rows: sum.rows, total_amount: sum.total, loans: sum.loans, error_count: sum.errors, errors, saved, upload_id: uploadId };
}

function refusal(r: BulkUploadReport): UploadRefused {
  const first = r.errors[0];
  const where = first ? (first.row ? `Row ${first.row}, ${first.column}: ` : '') + first.message : 'The file has errors.';
  return new UploadRefused(r.error_count > 1 ? `${where} (and ${r.error_count - 1} more)` : where, r);
}

/**
 * Writes a checked file: the upload row, every repayment with its own audit record (one
 * INSERT ... SELECT of the staged rows feeding one INSERT into audit_log), the upload's
 * audit record, the loans paid in full closed (and audited), and the receipts job, which
 * exists only if this transaction commits and runs after it (singleton: never twice).
 */
async function save(tx: Db, jobs: Jobs, actor: Actor, r: BulkUploadReport, hash: string, fileName: string | null, phase: (name: string) => void): Promise<number> {
  const [up] = await queryRows<{ id: number }>(
    tx,
    sql`INSERT INTO repayment_uploads (file_sha256, file_name, row_count, total_amount, created_by)
        VALUES (${hash}, ${fileName}, ${r.rows}, ${r.total_amount}, ${actor.userId}) RETURNING id::int AS id`,
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
    details: { rows: r.rows, total_amount: r.total_amount, loans: ins.loans, file_sha256: hash, file_name: fileName },
  });
  // The loan account allocates the file's repayments (one set-based pass over its loans),
  // refreshes their balances and closes (and audits) the loans paid in full.
  await account.applyRepayments(tx, accountActor(actor), sql`SELECT DISTINCT application_id FROM repayments WHERE upload_id = ${up.id}`);
  phase('close');
  const job: UploadReceiptsJob = { uploadId: up.id, firstId: ins.first, lastId: ins.last };
  await jobs.send(UPLOAD_RECEIPTS_JOB, job, { db: tx, singletonKey: `upload-${up.id}` });
  return up.id;
}

/**
 * POST /bulk-upload: checks the file (`confirm` false) or saves it (`confirm` true), read
 * from `body` (the request's stream), received whole into a temporary file first (spool).
 * Then one transaction: the rows staged as they are parsed from it, the
 * file's hash looked up, the loans locked (saving), every check one statement over all rows;
 * a file without errors is then saved (see save). A file with any error saves nothing: the
 * report (200 when checking, 422 when saving).
 */
export async function upload(
  db: Db,
  jobs: Jobs,
  actor: Actor,
  body: Readable,
  opts: { confirm: boolean; fileName?: string; maxBytes?: number; /** rows per staging insert (tests cross several cheaply) */ stageBatch?: number },
): Promise<BulkUploadReport> {
  const phase = phaseClock();
  const limit = opts.maxBytes ?? REPAYMENT_UPLOAD_MAX_BYTES;
  const received = await spool(body, limit);
  phase('receive');
  try {
    return await checkAndSave(db, jobs, actor, createReadStream(received.file), limit, opts, phase);
  } finally {
    await received.remove();
  }
}

async function checkAndSave(
  db: Db,
  jobs: Jobs,
  actor: Actor,
  body: Readable,
  limit: number,
  opts: { confirm: boolean; fileName?: string; stageBatch?: number },
  phase: (name: string) => void,
): Promise<BulkUploadReport> {
  const today = await businessToday(db);
  let checked: BulkUploadReport | null = null;
  let out: BulkUploadReport;
  try {
    out = await db.transaction(async (tx) => {
      // The sorts and hashes over every row (200,000 at most) fit in memory, not on disk.
      await tx.execute(sql`SET LOCAL work_mem = '64MB'`);
      await createStaging(tx);
      const { hash, count } = await stageStream(tx, body, limit, opts.stageBatch ?? STAGE_BATCH);
      phase('stage');
      const [seen] = await queryRows<{ at: string }>(tx, sql`SELECT created_at::text AS at FROM repayment_uploads WHERE file_sha256 = ${hash}`);
      if (seen) await tx.execute(sql`INSERT INTO upload_errors VALUES (0, 'file', 0, 'file', ${`This file was already uploaded (${seen.at.slice(0, 16)}).`})`);
      if (!count) await tx.execute(sql`INSERT INTO upload_errors VALUES (0, 'file', 0, 'file', 'The file has no rows.')`);
      // The planner knows nothing of a new temporary table: its joins want the row count.
      await tx.execute(sql`ANALYZE upload_rows`);
      await checkFile(tx, today);
      phase('check file');
      const [pre] = await queryRows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM upload_errors`);
      const saving = opts.confirm && pre.n === 0;
      // Saving: the file's loans locked (id order) before their balances are read, so the
      // check and the write are one step against any other repayment of those loans.
      if (saving) {
        // The loan accounts are the lock of a loan's money (opened first for loans paid out without one).
        await account.lockAccounts(tx, sql`SELECT id FROM loan_applications WHERE reference_code IN (SELECT code FROM upload_rows)`);
        phase('lock');
      }
      await checkAgainstDb(tx, actor.scope);
      phase('check');
      checked = await report(tx, false, null);
      if (!saving || checked.error_count) return checked;
      return { ...checked, saved: true, upload_id: await save(tx, jobs, actor, checked, hash, opts.fileName ?? null, phase) };
    });
    phase('commit');
  } catch (err) {
    // Two uploads racing on the same file or reference: the unique indexes refuse the second.
    if (postgresCode(err) === '23505') {
      const message = 'This file or one of its references was saved meanwhile by another upload.';
      const base: BulkUploadReport = checked ?? { rows: 0, total_amount: '0.00', loans: 0, error_count: 0, errors: [], saved: false, upload_id: null };
      throw refusal({ ...base, saved: false, upload_id: null, error_count: base.error_count + 1, errors: [{ row: 0, column: 'file', message }, ...base.errors] });
    }
    throw err;
  }
  if (opts.confirm && !out.saved) throw refusal(out);
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

/** The template offered for download: the header and one example row. */
export function template(): string {
  return `${REPAYMENT_CSV_COLUMNS.join(',')}\r\nLA-2026-000123,"1,500.00",2026-01-31,mobile_money,MM260131ABC,January instalment\r\n`;
}
