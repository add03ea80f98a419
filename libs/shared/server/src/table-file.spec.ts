import ExcelJS from 'exceljs';
import { csvStream, fileNameFor, xlsxStream, type TableColumn } from './table-file';

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

  it('names the file by its format', () => {
    expect(fileNameFor('unsigned_closed_loans_report.csv', 'xlsx')).toBe('unsigned_closed_loans_report.xlsx');
    expect(fileNameFor('offer_letters_report', 'csv')).toBe('offer_letters_report.csv');
  });
});
