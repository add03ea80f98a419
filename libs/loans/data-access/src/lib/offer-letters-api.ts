import { api } from '@loan/shared-data-access-api';
import {
  API,
  DASHBOARD_PATHS,
  type GenerateOfferForIdBody,
  type GeneratedOffer,
  type ListEnvelope,
  type LoanOfferStats,
  type OfferLetterListItem,
  type OfferLetterStaff,
  type OfferLetterVerify,
  type OfferState,
} from '@loan/shared-contract';
import { LOAN_TAG } from './application-details-api';

const O = API.offerLetters;

/** The offer letters' calls (spec §7 'Loan offers') and the extras of issue 12 (verify, resend). */
export const OFFER_LETTER_PATHS = {
  all: `${O}/all`,
  filter: `${O}/filter`,
  byId: `${O}/getById/:id`,
  verify: `${O}/verify/:id`,
  resend: `${O}/resend/:id`,
  delete: `${O}/delete`,
  generate: `${O}/generate/:id`,
  cardStats: DASHBOARD_PATHS.offerLetterCardStats,
} as const;

const withId = (path: string, id: number) => path.replace(':id', String(id));

/** The contracts list's filters besides status and search (spec §7: /filter with fromDate, toDate). */
export const OFFER_LETTER_FILTERS = ['fromDate', 'toDate'] as const;
export type OfferLetterFilter = (typeof OFFER_LETTER_FILTERS)[number];

export interface OfferLetterListArgs {
  status?: OfferState;
  page: number;
  pageSize: number;
  search?: string;
  filters?: Partial<Record<OfferLetterFilter, string>>;
}

/** /filter when a date is chosen (it takes the search too), /all otherwise. */
export function offerLetterListRequest(args: OfferLetterListArgs): { url: string; params: Record<string, string | number> } {
  const dated = OFFER_LETTER_FILTERS.some((f) => args.filters?.[f]?.trim());
  const params: Record<string, string | number | undefined> = {
    page: args.page,
    pageSize: args.pageSize,
    status: args.status,
    search: args.search?.trim() || undefined,
    ...(dated ? { fromDate: args.filters?.fromDate || undefined, toDate: args.filters?.toDate || undefined } : {}),
  };
  return {
    url: dated ? OFFER_LETTER_PATHS.filter : OFFER_LETTER_PATHS.all,
    params: Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== '')) as Record<string, string | number>,
  };
}

export interface GenerateOfferArgs {
  /** The application's (or top-up's) id. */
  applicationId: number;
  kind?: 'application' | 'topup';
  body: GenerateOfferForIdBody;
  /** One key per dialog: a double click or a retry sends one letter and one SMS. */
  idempotencyKey: string;
}

const LIST = { type: 'OfferLetter' as const, id: 'LIST' as const };

export const offerLettersApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (b) => ({
    getOfferLetters: b.query<ListEnvelope<OfferLetterListItem>, OfferLetterListArgs>({
      query: offerLetterListRequest,
      providesTags: (res) => [LIST, ...(res?.items ?? []).map((l) => ({ type: 'OfferLetter' as const, id: l.id }))],
    }),
    /** The tab counts (GET /card-stats with an empty payload: all letters by state). */
    getOfferLetterCounts: b.query<LoanOfferStats, void>({
      query: () => OFFER_LETTER_PATHS.cardStats,
      providesTags: [LIST],
    }),
    getOfferLetter: b.query<OfferLetterStaff, number>({
      query: (id) => withId(OFFER_LETTER_PATHS.byId, id),
      providesTags: (_res, _err, id) => [{ type: 'OfferLetter', id }],
    }),
    verifyOfferLetter: b.query<OfferLetterVerify, number>({
      query: (id) => withId(OFFER_LETTER_PATHS.verify, id),
      // Always recomputed: a check answered from the cache would prove nothing.
      keepUnusedDataFor: 0,
    }),
    resendOfferLetter: b.mutation<GeneratedOffer, number>({
      query: (id) => ({ url: withId(OFFER_LETTER_PATHS.resend, id), method: 'POST' }),
      invalidatesTags: (_res, err, id) => (err ? [] : [{ type: 'OfferLetter', id }]),
      extraOptions: { toast: { success: 'A new link was sent to the borrower by SMS.', error: true } },
    }),
    deleteOfferLetters: b.mutation<{ deleted: number[] }, number[]>({
      query: (ids) => ({ url: OFFER_LETTER_PATHS.delete, method: 'DELETE', body: { ids } }),
      invalidatesTags: (_res, err) => (err ? [] : [LIST, 'Dashboard', 'Application', 'TopUp']),
      extraOptions: {
        toast: {
          success: (data) => {
            const n = (data as { deleted: number[] }).deleted.length;
            return `${n} offer letter${n === 1 ? '' : 's'} deleted.`;
          },
          error: true,
        },
      },
    }),
    generateOfferLetter: b.mutation<GeneratedOffer, GenerateOfferArgs>({
      query: ({ applicationId, body, idempotencyKey }) => ({
        url: withId(OFFER_LETTER_PATHS.generate, applicationId),
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      invalidatesTags: (_res, err, { applicationId, kind = 'application' }) =>
        err ? [] : [{ type: LOAN_TAG[kind], id: applicationId }, { type: LOAN_TAG[kind], id: 'LIST' }, LIST, 'Dashboard'],
      extraOptions: { toast: { success: (data) => `Offer letter sent to ${(data as GeneratedOffer).mobile} by SMS.`, error: true } },
    }),
  }),
});

export const {
  useGetOfferLettersQuery,
  useGetOfferLetterCountsQuery,
  useGetOfferLetterQuery,
  useLazyVerifyOfferLetterQuery,
  useResendOfferLetterMutation,
  useDeleteOfferLettersMutation,
  useGenerateOfferLetterMutation,
} = offerLettersApi;
