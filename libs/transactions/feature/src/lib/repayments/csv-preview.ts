import Papa from 'papaparse';
import { REPAYMENT_CSV_COLUMNS, fromNgwee, toNgwee } from '@loan/shared-contract';

/** What the screen shows of a chosen file before the server checks it. */
export interface CsvPreview {
  header: string[];
  /** The first data rows, as cells. */
  firstRows: string[][];
  rowCount: number;
  /** Sum of the amounts that read as amounts (exact, two decimals). */
  totalAmount: string;
  /** Distinct reference codes. */
  loans: number;
  /** Whether the first line is the template's header. */
  headerOk: boolean;
}

export const PREVIEW_ROWS = 10;
const AMOUNT = /^(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d{1,2})?$/;

/**
 * Reads a CSV in chunks (papaparse streams a File, so a 100,000-row file never sits in
 * memory as rows) and sums what the preview needs. Runs in the web worker, or in the page
 * where workers are missing (tests).
 */
export function previewCsv(input: File | string): Promise<CsvPreview> {
  return new Promise((resolve, reject) => {
    let header: string[] | null = null;
    const firstRows: string[][] = [];
    let rowCount = 0;
    let total = 0n;
    const loans = new Set<string>();
    Papa.parse<string[]>(input as File, {
      skipEmptyLines: 'greedy',
      chunkSize: 1024 * 1024,
      chunk: (results) => {
        for (const row of results.data) {
          if (!header) {
            header = row.map((h) => h.replace(/^\uFEFF/, '').trim().toLowerCase());
            continue;
          }
          rowCount += 1;
          if (firstRows.length < PREVIEW_ROWS) firstRows.push(row);
          const code = (row[0] ?? '').trim();
          if (code) loans.add(code);
          const amount = (row[1] ?? '').trim();
          if (AMOUNT.test(amount)) total += toNgwee(amount.replace(/,/g, ''));
        }
      },
      complete: () => {
        const h = header ?? [];
        resolve({
          header: h,
          firstRows,
          rowCount,
          totalAmount: fromNgwee(total),
          loans: loans.size,
          headerOk: h.join(',') === REPAYMENT_CSV_COLUMNS.join(','),
        });
      },
      error: (err: Error) => reject(err),
    });
  });
}

/**
 * The bad rows of a file as CSV, each with a `reason` column (the server's errors of that
 * row, joined), for fixing in a spreadsheet and uploading again. The file is read in chunks
 * and only the bad rows are kept.
 */
export function badRowsCsv(input: File | string, errors: readonly { row: number; column: string; message: string }[]): Promise<string> {
  const byRow = new Map<number, string[]>();
  for (const e of errors) if (e.row > 0) byRow.set(e.row, [...(byRow.get(e.row) ?? []), `${e.column}: ${e.message}`]);
  const cells = new Map<number, string[]>();
  return new Promise((resolve, reject) => {
    let n = -1;
    Papa.parse<string[]>(input as File, {
      skipEmptyLines: 'greedy',
      chunkSize: 1024 * 1024,
      chunk: (results) => {
        for (const row of results.data) {
          n += 1;
          if (byRow.has(n)) cells.set(n, row);
        }
      },
      complete: () => {
        const out: string[][] = [[...REPAYMENT_CSV_COLUMNS, 'row', 'reason']];
        for (const [row, reasons] of [...byRow.entries()].sort((a, b) => a[0] - b[0])) {
          const c = cells.get(row) ?? [];
          out.push([...REPAYMENT_CSV_COLUMNS.map((_, i) => c[i] ?? ''), String(row), reasons.join('; ')]);
        }
        resolve(Papa.unparse(out, { newline: '\r\n', escapeFormulae: true }));
      },
      error: (err: Error) => reject(err),
    });
  });
}
