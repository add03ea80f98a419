import { csvCell, csvRow } from './csv';

describe('csv cells (issue 11 item 15)', () => {
  it.each([
    ['=SUM(A1:A2)', `"'=SUM(A1:A2)"`],
    ['+260971234567', `"'+260971234567"`],
    ['-5', `"'-5"`],
    ['@cmd', `"'@cmd"`],
    [';=1', `"';=1"`],
    ['\tx', `"'\tx"`],
    ['\r=1', `"'\r=1"`],
    ['\n=1', `"'\n=1"`],
    ['plain', '"plain"'],
    ['a,b', '"a,b"'],
    ['a;b', '"a;b"'],
    ['say "hi"', '"say ""hi"""'],
    ['=HYPERLINK("http://evil")', `"'=HYPERLINK(""http://evil"")"`],
    ['line\nbreak', '"line\nbreak"'],
  ])('%j becomes %j', (input, out) => {
    expect(csvCell(input)).toBe(out);
  });

  it('quotes every field, writes null and undefined as empty cells and ends rows with CRLF', () => {
    expect(csvRow(['a', null, undefined, 12])).toBe('"a","","","12"\r\n');
  });
});
