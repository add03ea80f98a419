import ExcelJS from 'exceljs';
import { STREAM_CHUNK_CHARS, csvStream, fileNameFor, xlsxStream, type TableColumn } from './table-file';

interface Row {
  name: string;
  amount: string;
  share: number;
}
const columns: TableColumn<Row>[] = [
  { key: 'name', header: 'Name' },
  { key: 'amount', header: 'Amount', type: 'money' },
  { key: 'share', type: 'percent' },
];
const rows: Row[] = [
  { name: '=HYPERLINK("x")', amount: '12500.00', share: 0.25 },
  { name: 'Banda', amount: '0.10', share: 0 },
];

async function collect(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const c of stream) parts.push(Buffer.isBuffer(c) ? c : Buffer.from(c as string));
  return Buffer.concat(parts);
}

async function* slowly<T>(xs: T[]): AsyncGenerator<T> {
  for (const x of xs) yield x;
}

describe('table files (reports and exports)', () => {
  it('writes CSV with the headers and formula-safe cells', async () => {
    const text = (await collect(csvStream(columns, slowly(rows)))).toString('utf8');
    expect(text).toBe('"Name","Amount","share"\r\n"\'=HYPERLINK(""x"")","12500.00","0.25"\r\n"Banda","0.10","0"\r\n');
  });

  it('writes an .xlsx whose cells are typed: text stays text, money and shares are numbers', async () => {
    const buf = await collect(xlsxStream(columns, slowly(rows), 'Closed unsigned'));
    expect(buf.subarray(0, 2).toString()).toBe('PK');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(buf as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('Closed unsigned');
    expect(ws?.getRow(1).values).toEqual([undefined, 'Name', 'Amount', 'share']);
    expect(ws?.getCell('A2').value).toBe('=HYPERLINK("x")');
    expect(ws?.getCell('A2').type).toBe(ExcelJS.ValueType.String);
    expect(ws?.getCell('B2').value).toBe(12500);
    expect(ws?.getCell('B2').numFmt).toBe('#,##0.00');
    expect(ws?.getCell('B3').value).toBe(0.1);
    expect(ws?.getCell('C2').value).toBe(0.25);
    expect(ws?.rowCount).toBe(3);
  });

  it('streams CSV in chunks of about 64 KiB, asking for rows only as the reader takes them (backpressure)', async () => {
    const total = 200_000;
    let pulled = 0;
    async function* many(): AsyncGenerator<Row> {
      for (let i = 0; i < total; i++) {
        pulled += 1;
        yield { name: `Borrower ${i}`, amount: '100.00', share: 0.5 };
      }
    }
    const stream = csvStream(columns, many());
    const it = stream[Symbol.asyncIterator]();
    const first = String((await it.next()).value);
    expect(first.startsWith('"Name","Amount","share"\r\n"Borrower 0","100.00","0.5"\r\n')).toBe(true);
    expect(first.length).toBeGreaterThanOrEqual(STREAM_CHUNK_CHARS);
    expect(first.length).toBeLessThan(STREAM_CHUNK_CHARS + 100);
    // The stream buffers a few chunks ahead (its high-water mark), never the whole file.
    await new Promise((r) => setTimeout(r, 20));
    expect(pulled).toBeLessThan(total / 2);

    let lines = first.split('\r\n').length - 1;
    let chunks = 1;
    for (let r = await it.next(); !r.done; r = await it.next()) {
      lines += String(r.value).split('\r\n').length - 1;
      chunks += 1;
    }
    expect(lines).toBe(total + 1);
    expect(pulled).toBe(total);
    // About 28 bytes a row: some 90 chunks, not 200,001 (one per row).
    expect(chunks).toBeLessThan(200);
  });

  it('names the file by its format', () => {
    expect(fileNameFor('unsigned_closed_loans_report.csv', 'xlsx')).toBe('unsigned_closed_loans_report.xlsx');
    expect(fileNameFor('offer_letters_report', 'csv')).toBe('offer_letters_report.csv');
  });
});
