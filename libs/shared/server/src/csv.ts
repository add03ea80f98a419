/** First characters that make a spreadsheet cell a formula or a DDE command: = + - @ ; tab CR LF. */
const FORMULA_START: ReadonlySet<number> = new Set([...'=+-@;\t\r\n'].map((c) => c.charCodeAt(0)));

/**
 * CSV the api writes (reports, exports). Every cell is quoted, so no value can shift the
 * columns whatever separator a spreadsheet guesses (Excel in many locales splits on ';').
 * A cell a spreadsheet would run as a formula or a DDE command (starting with = + - @ ;
 * or a tab, carriage return or line feed) gets a leading apostrophe, which shows as text.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '""';
  let s = typeof value === 'string' ? value : String(value);
  // One character-code test, no regular expression per cell (a 1M-row export has ten million).
  if (s.length > 0 && FORMULA_START.has(s.charCodeAt(0))) s = `'${s}`;
  return s.includes('"') ? `"${s.replace(/"/g, '""')}"` : `"${s}"`;
}

/** One CSV line (CRLF-terminated, RFC 4180). */
export function csvRow(values: readonly unknown[]): string {
  let line = '';
  for (let i = 0; i < values.length; i++) line += (i === 0 ? '' : ',') + csvCell(values[i]);
  return `${line}\r\n`;
}
