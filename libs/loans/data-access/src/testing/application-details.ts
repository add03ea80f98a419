import { http, HttpResponse } from 'msw';
import { endpointVariants, requestLog } from '@loan/shared-data-access-api/testing';
import type { DeleteResult, LoanApplication, LoanComment, LoanKind } from '@loan/shared-contract';
import { loanDetailsPaths } from '../lib/application-details-api';

/**
 * The application the details tests open (id 7): a request with its client, one open comment
 * and no offer letter yet. Written out here (not built by makeApplication) so this module
 * needs nothing from the testing entry that re-exports it.
 */
export const detailsRow: LoanApplication = {
  id: 7,
  kind: 'application',
  reference_code: 'LA-2026-000007',
  status: 'request',
  nrc: '100007/11/1',
  mobile: '+260970000007',
  employer: 'Airtel Zambia',
  amount: '2750.00',
  total_amount_due: '3575.00',
  interest: '825.00',
  tenure_months: 6,
  purpose: 'School fees',
  branch_id: 2,
  branch: 'Ndola',
  client_id: 7,
  parent_id: null,
  fullname: 'Chanda Mulenga',
  approved_at: null,
  rejected_at: null,
  closed_at: null,
  created_at: '2026-03-08T08:00:00.000Z',
  updated_at: '2026-03-08T08:00:00.000Z',
  client: { id: 7, fullname: 'Chanda Mulenga', nrc: '100007/11/1', mobile: '+260970000007' },
  comments: [{ id: 107, comment: 'Payslip checked with the employer.', status: 'open', author: 'Ada Admin', created_at: '2026-03-08T09:30:00.000Z' }],
  offerLetter: null,
};

/** The details row with other values (a status, stamps): `makeLoanDetails(7, { status: 'approved' })`. */
export function makeLoanDetails(id: number, overrides: Partial<LoanApplication> = {}): LoanApplication {
  return { ...detailsRow, id, reference_code: `LA-2026-${String(id).padStart(6, '0')}`, ...overrides };
}

const notFoundAnswer = () => HttpResponse.json({ message: 'Application not found.' }, { status: 404 });
const conflictAnswer = (message: string) => HttpResponse.json({ message }, { status: 409 });

/** A handler that logs what it saw (as the variants do) and answers with `answer`. */
function logged(method: 'get' | 'put' | 'delete', path: string, answer: () => Response) {
  return http[method](path, async ({ request }) => {
    const url = new URL(request.url);
    const text = method === 'get' ? '' : await request.text();
    requestLog.push({ method: request.method, path: url.pathname, query: Object.fromEntries(url.searchParams), search: url.search, body: text ? JSON.parse(text) : undefined });
    return answer();
  });
}

/**
 * The details endpoints of one kind in their named variants, plus the answers only a details
 * screen meets: `byId.notFound` (404) and `update.conflict` (409, a change the status does not allow).
 */
export function loanDetailsVariants(kind: LoanKind, row: LoanApplication = detailsRow) {
  const paths = loanDetailsPaths(kind);
  const comments: LoanComment[] = row.comments ?? [];
  return {
    byId: {
      ...endpointVariants('GET', paths.byId, { ok: row, empty: { ...row, comments: [] } }),
      notFound: logged('get', paths.byId, notFoundAnswer),
    },
    update: {
      ...endpointVariants('PUT', paths.update, {
        ok: ({ body }) => ({ ...row, ...(body as Partial<LoanApplication>), id: row.id }) as LoanApplication,
        empty: row,
        fieldErrors: { mobile: ['Must be a Zambian mobile number such as +260971234567.'] },
      }),
      conflict: logged('put', paths.update, () => conflictAnswer(`Application ${row.reference_code} is closed; it cannot become approved.`)),
    },
    comment: endpointVariants('PUT', paths.comment, {
      ok: ({ body }) =>
        ({ id: 900, comment: (body as { comment: string }).comment, status: 'open', author: 'Ada Admin', created_at: '2026-03-06T10:00:00.000Z' }) satisfies LoanComment,
      empty: comments[0],
      fieldErrors: { comment: ['At most 2000 characters.'] },
    }),
    commentStatus: endpointVariants('PUT', paths.commentStatus, {
      ok: ({ body }) => {
        const b = body as { id: number; status: 'open' | 'resolved' };
        const c = comments.find((x) => x.id === b.id) ?? comments[0];
        return { ...c, id: b.id, status: b.status } satisfies LoanComment;
      },
      empty: comments[0],
    }),
    delete: {
      ...endpointVariants('DELETE', paths.delete, { ok: { deleted: 1, ids: [row.id] } satisfies DeleteResult, empty: { deleted: 0, ids: [] } }),
      conflict: logged('delete', paths.delete, () =>
        conflictAnswer(`Nothing was deleted: ${row.reference_code} has a signed offer letter. Applications with a signed offer letter or a disbursement are kept.`),
      ),
    },
  };
}

export const applicationDetailsVariants = loanDetailsVariants('application');

/** Every details endpoint of applications answering normally. */
export const applicationDetailsHandlers = Object.values(applicationDetailsVariants).map((v) => v.ok);
