import { api } from '@loan/shared-data-access-api';
import {
  API,
  OTP_TICKET_HEADER,
  SIGNATURE_FILE_FIELD,
  type BorrowerSignResponse,
  type CalculatorAttemptBody,
  type CalculatorResult,
  type CheckRecordBody,
  type CheckRecordResponse,
  type CreateApplicationBody,
  type CreateApplicationResponse,
  type NewClientBody,
  type NewClientResponse,
  type OfferLetter,
  type OtpSendBody,
  type OtpSendResponse,
  type OtpValidationBody,
  type OtpValidationResponse,
  type UnfinishedApplication,
  type UnfinishedSaveBody,
} from '@loan/shared-contract';

export interface SignOfferArgs {
  token: string;
  borrower_name: string;
  borrower_date: string;
  /** The drawn signature as an image file (PNG). */
  signature: Blob;
}

/**
 * The borrower's calls: the public contract page and the public application form.
 * No staff endpoints live here, so the public-borrower app carries none.
 */
export const borrowerApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (b) => ({
    getOfferByToken: b.query<OfferLetter, string>({
      query: (token) => `${API.offerLetters}/getByToken/${encodeURIComponent(token)}`,
      providesTags: (r) => (r ? [{ type: 'OfferLetter', id: r.id }] : []),
    }),
    signOffer: b.mutation<BorrowerSignResponse, SignOfferArgs>({
      query: ({ token, borrower_name, borrower_date, signature }) => {
        const body = new FormData();
        body.append('borrower_name', borrower_name);
        body.append('borrower_date', borrower_date);
        body.append(SIGNATURE_FILE_FIELD, signature, 'signature.png');
        return { url: `${API.offerLetters}/borrower-sign-offer/${encodeURIComponent(token)}`, method: 'POST', body };
      },
      invalidatesTags: ['OfferLetter', 'Dashboard'],
    }),
    checkRecord: b.mutation<CheckRecordResponse, CheckRecordBody>({
      query: (body) => ({ url: `${API.applications}/check-record`, method: 'POST', body }),
    }),
    calculatorAttempt: b.mutation<CalculatorResult, CalculatorAttemptBody>({
      query: (body) => ({ url: `${API.web}/calculator/attempt`, method: 'POST', body }),
    }),
    /** Saves a draft; the server keeps it only with the ticket of its mobile (a confirmed OTP). */
    saveUnfinished: b.mutation<UnfinishedApplication, UnfinishedSaveBody & { ticket: string }>({
      query: ({ ticket, ...body }) => ({
        url: `${API.web}/unfinished/application`,
        method: 'POST',
        body,
        headers: { [OTP_TICKET_HEADER]: ticket },
      }),
    }),
    getUnfinished: b.mutation<UnfinishedApplication | null, { mobile: string; ticket: string }>({
      query: ({ mobile, ticket }) => ({
        url: `${API.web}/unfinished/application?mobile=${encodeURIComponent(mobile)}`,
        method: 'GET',
        headers: { [OTP_TICKET_HEADER]: ticket },
      }),
      transformResponse: (r: { data: UnfinishedApplication | null }) => r.data,
    }),
    sendOtp: b.mutation<OtpSendResponse, OtpSendBody>({
      query: (body) => ({ url: `${API.web}/otp/send`, method: 'POST', body }),
    }),
    validateOtp: b.mutation<OtpValidationResponse, OtpValidationBody>({
      query: (body) => ({ url: `${API.web}/otp/validation`, method: 'POST', body }),
    }),
    newClient: b.mutation<NewClientResponse, NewClientBody>({
      query: (body) => ({ url: `${API.web}/newClient`, method: 'POST', body }),
      invalidatesTags: ['Client'],
    }),
    createApplication: b.mutation<CreateApplicationResponse, CreateApplicationBody>({
      query: (body) => ({ url: `${API.applications}/create`, method: 'POST', body }),
      invalidatesTags: ['Application', 'Dashboard'],
    }),
  }),
});

export const {
  useGetOfferByTokenQuery,
  useSignOfferMutation,
  useCheckRecordMutation,
  useCalculatorAttemptMutation,
  useSaveUnfinishedMutation,
  useGetUnfinishedMutation,
  useSendOtpMutation,
  useValidateOtpMutation,
  useNewClientMutation,
  useCreateApplicationMutation,
} = borrowerApi;
