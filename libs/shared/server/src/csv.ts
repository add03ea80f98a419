/**
 * CSV the api writes (reports, exports). Every cell is quoted, so no value can shift the
 * columns whatever separator a spreadsheet guesses (Excel in many locales splits on ';').
 * A cell a spreadsheet would run as a formula or a DDE command (starting with = + - @ ;
 * or a tab, carriage return or line feed) gets a leading apostrophe, which shows as text.
 */
export function csvCell(value: unknown): string {
  let s = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@;\t\r\n]/.test(s)) s = `'${s}`;
  return `"${s.replace(/"/g, '""')}"`;
}

/** One CSV line (CRLF-terminated, RFC 4180). */
export function csvRow(values: readonly unknown[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}
