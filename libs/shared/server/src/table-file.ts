import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { csvRow } from './csv';

/** The file formats a report or export downloads as. */
export type TableFileFormat = 'csv' | 'xlsx';

/**
 * One column of a downloaded table: the row's key, the header cell (the key when absent)
 * and, for .xlsx, how the cell is typed: `money` and `number` cells are numbers (money with
 * two decimals shown), `percent` a number shown as a percentage, the rest text.
 */
export interface TableColumn<R> {
  key: keyof R & string;
  header?: string;
  type?: 'text' | 'money' | 'number' | 'percent';
  width?: number;
}

export const TABLE_FILE_MIME: Record<TableFileFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

const NUM_FMT = { money: '#,##0.00', number: '0', percent: '0.00%' } as const;

/** About this many characters per chunk of a streamed file: one socket write per 64 KiB, not per row. */
export const STREAM_CHUNK_CHARS = 64 * 1024;

/**
 * Joins the lines of a file into chunks of about STREAM_CHUNK_CHARS (the last may be
 * shorter). A generator pulled by `Readable.from`, so it asks its source for the next rows only
 * when the client has taken what came before (backpressure): memory holds one chunk, not the file.
 */
export async function* chunkedLines(lines: AsyncIterable<string> | Iterable<string>): AsyncGenerator<string> {
  let chunk = '';
  for await (const line of lines) {
    chunk += line;
    if (chunk.length >= STREAM_CHUNK_CHARS) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}

async function* csvLines<R>(columns: readonly TableColumn<R>[], rows: AsyncIterable<R> | Iterable<R>): AsyncGenerator<string> {
  yield csvRow(columns.map((c) => c.header ?? c.key));
  const keys = columns.map((c) => c.key);
  const cells: unknown[] = new Array(keys.length);
  for await (const r of rows) {
    for (let i = 0; i < keys.length; i++) cells[i] = r[keys[i]];
    yield csvRow(cells);
  }
}

/** CSV as a stream: quoted, formula-safe cells (csv.ts), in chunks of about 64 KiB. */
export function csvStream<R>(columns: readonly TableColumn<R>[], rows: AsyncIterable<R> | Iterable<R>): Readable {
  return Readable.from(chunkedLines(csvLines(columns, rows)));
}

function xlsxCell(type: TableColumn<unknown>['type'], value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (type === 'money' || type === 'number' || type === 'percent') {
    const n = Number(value);
    return Number.isFinite(n) ? n : String(value);
  }
  // A text cell is written as a string cell, never as a formula, whatever it starts with.
  return String(value);
}

/**
 * An .xlsx workbook of one sheet as a stream: exceljs's streaming WorkbookWriter without
 * shared strings, each row committed as it is written, so memory stays flat however many rows.
 */
export function xlsxStream<R>(
  columns: readonly TableColumn<R>[],
  rows: AsyncIterable<R> | Iterable<R>,
  sheetName = 'Report',
): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: true });
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31));
  sheet.columns = columns.map((c) => ({
    header: c.header ?? c.key,
    key: c.key,
    width: c.width ?? Math.max(12, (c.header ?? c.key).length + 2),
    style: c.type && c.type !== 'text' ? { numFmt: NUM_FMT[c.type] } : {},
  }));
  void (async () => {
    try {
      for await (const r of rows) {
        sheet.addRow(columns.map((c) => xlsxCell(c.type, r[c.key]))).commit();
      }
      sheet.commit();
      await workbook.commit();
    } catch (e) {
      out.destroy(e as Error);
    }
  })();
  return out;
}

/** The stream of a table in the format asked for. */
export function tableFileStream<R>(
  format: TableFileFormat,
  columns: readonly TableColumn<R>[],
  rows: AsyncIterable<R> | Iterable<R>,
  sheetName?: string,
): Readable {
  return format === 'csv' ? csvStream(columns, rows) : xlsxStream(columns, rows, sheetName);
}

/** `unsigned_closed_loans_report.csv` -> `unsigned_closed_loans_report.xlsx` (a name without an extension gets one). */
export function fileNameFor(name: string, format: TableFileFormat): string {
  return `${name.replace(/\.(csv|xlsx)$/i, '')}.${format}`;
}

/**
 * Sends a table as a download: content type, `attachment; filename=...`, nosniff, and the
 * rows streamed in the format asked for. Routes declare `response: null` for it.
 */
export function sendTableFile<R>(
  reply: FastifyReply,
  args: { format: TableFileFormat; filename: string; columns: readonly TableColumn<R>[]; rows: AsyncIterable<R> | Iterable<R>; sheetName?: string },
): FastifyReply {
  return reply
    .type(TABLE_FILE_MIME[args.format])
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', `attachment; filename="${fileNameFor(args.filename, args.format)}"`)
    .send(tableFileStream(args.format, args.columns, args.rows, args.sheetName));
}
