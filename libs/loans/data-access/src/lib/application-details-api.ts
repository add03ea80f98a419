import { api } from '@loan/shared-data-access-api';
import {
  API,
  type DeleteResult,
  type LoanApplication,
  type LoanComment,
  type LoanCommentBody,
  type LoanCommentStatusBody,
  type LoanKind,
  type LoanStatus,
  type LoanUpdateBody,
} from '@loan/shared-contract';

/** The base path of each kind's calls: applications now, top-ups on the same calls (issue 12). */
export const LOAN_BASE: Readonly<Record<LoanKind, string>> = { application: API.applications, topup: API.topups };

/** The paths the details screen calls, for one kind. */
export function loanDetailsPaths(kind: LoanKind) {
  const base = LOAN_BASE[kind];
  return {
    byId: `${base}/byId/:id`,
    update: `${base}/update`,
    comment: `${base}/comment`,
    commentStatus: `${base}/comment-status`,
    delete: `${base}/delete`,
  } as const;
}

/** What the details screen asks for besides the row: the client, the comments and the offer letter. */
export const DETAILS_RELATIONS = 'client,comments,offerLetter,history';

/** The RTK Query tag of each kind; the lists of the kind provide `{ type, id: 'LIST' }`. */
export const LOAN_TAG = { application: 'Application', topup: 'TopUp' } as const satisfies Record<LoanKind, string>;

const NOUN: Record<LoanKind, string> = { application: 'Application', topup: 'Top-up' };
const DONE: Record<LoanStatus, string> = { request: 'reopened', approved: 'approved', rejected: 'rejected', closed: 'closed' };

export interface LoanRef {
  kind: LoanKind;
  id: number;
}

/** An update of one loan: the contract's PUT /update body, for the given kind. */
export interface LoanUpdateArgs {
  kind: LoanKind;
  body: LoanUpdateBody;
}

/** After a change: this loan, every list and count of its kind, and the dashboard's figures. */
function changed(kind: LoanKind, id: number) {
  return [{ type: LOAN_TAG[kind], id }, { type: LOAN_TAG[kind], id: 'LIST' as const }, 'Dashboard' as const];
}

export const applicationDetailsApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (b) => ({
    getLoan: b.query<LoanApplication, LoanRef>({
      query: ({ kind, id }) => ({ url: `${LOAN_BASE[kind]}/byId/${id}`, params: { relations: DETAILS_RELATIONS } }),
      providesTags: (_res, _err, { kind, id }) => [{ type: LOAN_TAG[kind], id }],
    }),
    updateLoan: b.mutation<LoanApplication, LoanUpdateArgs>({
      query: ({ kind, body }) => ({ url: loanDetailsPaths(kind).update, method: 'PUT', body }),
      invalidatesTags: (_res, err, { kind, body }) => (err ? [] : changed(kind, Number(body.id))),
      extraOptions: {
        toast: {
          success: (data, arg) => {
            const row = data as LoanApplication;
            const { kind, body } = arg as LoanUpdateArgs;
            return body.status ? `${NOUN[kind]} ${row.reference_code} ${DONE[body.status]}.` : `${NOUN[kind]} ${row.reference_code} saved.`;
          },
          // A 422 goes on the form's fields; a 409 (not allowed from this status) and the rest are shown.
          error: true,
        },
      },
    }),
    addLoanComment: b.mutation<LoanComment, { kind: LoanKind; body: LoanCommentBody }>({
      query: ({ kind, body }) => ({ url: loanDetailsPaths(kind).comment, method: 'PUT', body }),
      invalidatesTags: (_res, err, { kind, body }) => (err ? [] : [{ type: LOAN_TAG[kind], id: Number(body.id) }]),
      extraOptions: { toast: { success: 'Comment added.', error: true } },
    }),
    setLoanCommentStatus: b.mutation<LoanComment, { kind: LoanKind; loanId: number; body: LoanCommentStatusBody }>({
      query: ({ kind, body }) => ({ url: loanDetailsPaths(kind).commentStatus, method: 'PUT', body }),
      invalidatesTags: (_res, err, { kind, loanId }) => (err ? [] : [{ type: LOAN_TAG[kind], id: loanId }]),
      extraOptions: {
        toast: {
          success: (data) => ((data as LoanComment).status === 'resolved' ? 'Comment resolved.' : 'Comment reopened.'),
          error: true,
        },
      },
    }),
    deleteLoan: b.mutation<DeleteResult, LoanRef & { reference: string }>({
      query: ({ kind, id }) => ({ url: loanDetailsPaths(kind).delete, method: 'DELETE', body: { ids: [id] } }),
      // Not this loan's own tag: it is gone, and the screen leaves for the list.
      invalidatesTags: (_res, err, { kind }) => (err ? [] : [{ type: LOAN_TAG[kind], id: 'LIST' as const }, 'Dashboard' as const]),
      extraOptions: {
        toast: {
          success: (_data, arg) => {
            const { kind, reference } = arg as LoanRef & { reference: string };
            return `${NOUN[kind]} ${reference} deleted.`;
          },
          error: true,
        },
      },
    }),
  }),
});

export const {
  useGetLoanQuery,
  useUpdateLoanMutation,
  useAddLoanCommentMutation,
  useSetLoanCommentStatusMutation,
  useDeleteLoanMutation,
} = applicationDetailsApi;
