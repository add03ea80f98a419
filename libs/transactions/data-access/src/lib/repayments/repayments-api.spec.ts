import { http, HttpResponse } from 'msw';
import { REPAYMENT_PATHS } from '@loan/shared-contract';
import { makeStore, setupApiServer } from '@loan/shared-data-access-api/testing';
import { repaymentsHandlers, uploadReportBad, uploadReportOk } from '../../testing';
import { repaymentsApi } from './repayments-api';

const server = setupApiServer(...repaymentsHandlers);
const CSV = 'reference_code,amount,paid_at,method,reference,note\nLA-2026-000101,"1,500.00",2026-03-01,bank,B-1,\n';

/** The upload as the server saw it: query, content type and the body's text. */
function capture(answer: () => Response) {
  const seen: { query: Record<string, string>; type: string | null; body: string }[] = [];
  server.use(
    http.post(REPAYMENT_PATHS.bulkUpload, async ({ request }) => {
      const url = new URL(request.url);
      seen.push({ query: Object.fromEntries(url.searchParams), type: request.headers.get('content-type'), body: await request.text() });
      return answer();
    }),
  );
  return seen;
}

it('sends the file itself as text/csv (no JSON), checking only, with its name', async () => {
  const seen = capture(() => HttpResponse.json(uploadReportOk));
  const store = makeStore();
  const res = await store.dispatch(repaymentsApi.endpoints.checkRepaymentsUpload.initiate({ file: new Blob([CSV], { type: 'text/csv' }), fileName: 'march.csv' }));
  expect(seen).toEqual([{ query: { confirm: 'false', file_name: 'march.csv' }, type: 'text/csv', body: CSV }]);
  expect(res.data).toEqual(uploadReportOk);
});

it('saves with confirm=true, and answers a refused file as a 422 carrying the report', async () => {
  const seen = capture(() => HttpResponse.json({ message: 'Row 2, amount: ...', errors: {}, report: uploadReportBad }, { status: 422 }));
  const store = makeStore();
  const res = await store.dispatch(repaymentsApi.endpoints.uploadRepayments.initiate({ file: new Blob([CSV]) }));
  expect(seen[0].query).toEqual({ confirm: 'true' });
  expect(seen[0].body).toBe(CSV);
  expect(res.error).toMatchObject({ status: 422, data: { report: uploadReportBad } });
});
