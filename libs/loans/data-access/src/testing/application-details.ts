import { http, HttpResponse } from 'msw';
import { endpointVariants } from '@loan/shared-data-access-api/testing';
import { requestLog } from '@loan/shared-data-access-api/testing';
import type { DeleteResult, LoanApplication, LoanComment, LoanKind } from '@loan/shared-contract';
import { loanDetailsPaths } from '../lib/application-details-api';
import { makeApplication } from './index';

/** One application as the details screen sees it: with its client, comments and offer letter. */
export function makeLoanDetails(n: number, overrides: Partial<LoanApplication> = {}): LoanApplication {
  const row = makeApplication(n, { status: 'request', ...overrides });
  return {
    ...row,
    client: { id: row.client_id ?? n, fullname: row.fullname, nrc: row.nrc, mobile: row.mobile },
    comments: [
      { id: 100 + n, comment: 'Payslip checked with the employer.', status: 'open', author: 'Ada Admin', created_at: '2026-03-05T09:30:00.000Z' },
    ],
    offerLetter: null,
    ...overrides,
  };
}

export const detailsRow = makeLoanDetails(7);

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
