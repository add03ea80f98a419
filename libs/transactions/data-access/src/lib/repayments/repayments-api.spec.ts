import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { API, REPAYMENT_PATHS } from '@loan/shared-contract';
import { applicationDetailsApi } from '@loan/loans-data-access';
import { detailsRow } from '@loan/loans-data-access/testing';
import { makeStore, setupApiServer } from '@loan/shared-data-access-api/testing';
import { makeRepayment, repayableLoans, repaymentResult, repaymentsHandlers, uploadReportBad, uploadReportOk } from '../../testing';
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

describe("a repayment refreshes its loan's own page (issue 33)", () => {
  // An open loan-details page of loan 7 (approved); the repayment pays it in full, and the
  // server answers with the loan's balance after it: status closed.
  const LOAN_ID = 7;
  function loanPage(status: () => string) {
    let fetched = 0;
    server.use(
      http.get(`${API.applications}/byId/${LOAN_ID}`, () => {
        fetched += 1;
        return HttpResponse.json({ ...detailsRow, id: LOAN_ID, status: status() });
      }),
    );
    return () => fetched;
  }

  it.each([
    ['createRepayment', (store: ReturnType<typeof makeStore>) => store.dispatch(repaymentsApi.endpoints.createRepayment.initiate({ reference_code: 'LA-2026-000007', amount: '1300.00', paid_at: '2026-03-01', method: 'bank', reference: 'B-7' }))],
    ['updateRepayment', (store: ReturnType<typeof makeStore>) => store.dispatch(repaymentsApi.endpoints.updateRepayment.initiate({ id: 99, body: { amount: '1300.00', paid_at: '2026-03-01', method: 'bank', reference: 'B-7' } }))],
    ['deleteRepayment', (store: ReturnType<typeof makeStore>) => store.dispatch(repaymentsApi.endpoints.deleteRepayment.initiate({ id: 99, reason: 'Bounced' }))],
  ])('%s refetches the loan named in the answer, so its page shows the new status', async (_name, act) => {
    let status = 'approved';
    const fetched = loanPage(() => status);
    const answer = { ...repaymentResult(makeRepayment(99, { application_id: LOAN_ID })), balance: { ...repayableLoans[0], application_id: LOAN_ID, status: 'closed' as const, balance: '0.00' } };
    server.use(
      http.post(REPAYMENT_PATHS.create, () => HttpResponse.json(answer)),
      http.put(REPAYMENT_PATHS.update.replace(':id', '99'), () => HttpResponse.json(answer)),
      http.delete(REPAYMENT_PATHS.delete.replace(':id', '99'), () => HttpResponse.json(answer)),
    );
    const store = makeStore();
    const page = store.dispatch(applicationDetailsApi.endpoints.getLoan.initiate({ kind: 'application', id: LOAN_ID }));
    await page;
    expect(fetched()).toBe(1);
    status = 'closed';
    await act(store);
    await waitFor(() => expect(fetched()).toBe(2));
    await waitFor(() => expect(applicationDetailsApi.endpoints.getLoan.select({ kind: 'application', id: LOAN_ID })(store.getState()).data?.status).toBe('closed'));
    page.unsubscribe();
  });
});
