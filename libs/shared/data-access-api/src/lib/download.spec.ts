import { fileNameFrom, saveBlob, saveFileResponse } from './download';

describe('file downloads', () => {
  it('reads the file name of Content-Disposition, plain or UTF-8, else the fallback', () => {
    const res = (v: string | null) => ({ headers: new Headers(v ? { 'content-disposition': v } : {}) });
    expect(fileNameFrom(res('attachment; filename="unsigned_closed_loans_report.csv"'), 'x')).toBe('unsigned_closed_loans_report.csv');
    expect(fileNameFrom(res("attachment; filename*=UTF-8''r%C3%A9port.xlsx"), 'x')).toBe('réport.xlsx');
    expect(fileNameFrom(res(null), 'fallback.csv')).toBe('fallback.csv');
  });

  it('saves a 2xx answer under its file name and answers success', async () => {
    const save = jest.fn();
    const handler = saveFileResponse('fallback.csv', save);
    const out = await handler(new Response('"a"\r\n', { headers: { 'content-disposition': 'attachment; filename="r.csv"' } }));
    expect(out).toEqual({ success: true, filename: 'r.csv' });
    expect(save).toHaveBeenCalledWith(expect.any(Blob), 'r.csv');
    expect(await (save.mock.calls[0][0] as Blob).text()).toBe('"a"\r\n');
  });

  it('reads an error answer as JSON (or text) and saves nothing', async () => {
    const save = jest.fn();
    const handler = saveFileResponse('f.csv', save);
    expect(await handler(Response.json({ message: 'No.' }, { status: 403 }))).toEqual({ message: 'No.' });
    expect(await handler(new Response('Bad gateway', { status: 502 }))).toBe('Bad gateway');
    expect(save).not.toHaveBeenCalled();
  });

  it('clicks a hidden link to an object URL, then frees it', () => {
    jest.useFakeTimers();
    const create = jest.fn(() => 'blob:x');
    const revoke = jest.fn();
    Object.assign(URL, { createObjectURL: create, revokeObjectURL: revoke });
    const clicked: HTMLAnchorElement[] = [];
    const spy = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    saveBlob(new Blob(['x']), 'r.xlsx');
    expect(clicked[0].download).toBe('r.xlsx');
    expect(clicked[0].getAttribute('href')).toBe('blob:x');
    expect(document.querySelector('a[download]')).toBeNull();
    jest.runAllTimers();
    expect(revoke).toHaveBeenCalledWith('blob:x');
    spy.mockRestore();
    jest.useRealTimers();
  });
});
