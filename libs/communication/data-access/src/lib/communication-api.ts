import { api } from '@loan/shared-data-access-api';
import {
  API,
  COMMUNICATION_PATHS,
  type BatchProgress,
  type BranchDto,
  type ClientPick,
  type Draft,
  type DraftInput,
  type ListEnvelope,
  type Message,
  type MessagePreview,
  type MessageTemplate,
  type PreviewMessage,
  type SendEmail,
  type SendResult,
  type SendSms,
  type TemplateInput,
} from '@loan/shared-contract';

/** The list's filters (the api's query names), held in the URL by the screen. */
export const MESSAGE_FILTERS = ['channel', 'status', 'fromDate', 'toDate'] as const;
export type MessageFilter = (typeof MESSAGE_FILTERS)[number];

export interface MessageListArgs {
  page: number;
  pageSize: number;
  search?: string;
  filters?: Partial<Record<MessageFilter, string>>;
}

/** The list's query string: only what was chosen. */
export function messageListParams(args: MessageListArgs): Record<string, string | number> {
  const params: Record<string, string | number> = { page: args.page, pageSize: args.pageSize };
  const search = args.search?.trim();
  if (search) params['search'] = search;
  for (const f of MESSAGE_FILTERS) {
    const v = args.filters?.[f]?.trim();
    if (v) params[f] = v;
  }
  return params;
}

const LIST_TAG = { type: 'Message' as const, id: 'LIST' };
const DRAFTS_TAG = { type: 'Message' as const, id: 'DRAFTS' };
const TEMPLATES_TAG = { type: 'Message' as const, id: 'TEMPLATES' };
const byId = (path: string, id: number | string) => path.replace(/:[a-zA-Z]+/, String(id));

export const communicationApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (b) => ({
    getCommunication: b.query<ListEnvelope<Message>, MessageListArgs>({
      query: (args) => ({ url: COMMUNICATION_PATHS.list, params: messageListParams(args) }),
      providesTags: (res) => [LIST_TAG, ...(res?.items ?? []).map((r) => ({ type: 'Message' as const, id: r.id }))],
    }),
    getMessage: b.query<Message, number>({
      query: (id) => byId(COMMUNICATION_PATHS.byId, id),
      providesTags: (_res, _err, id) => [{ type: 'Message', id }],
    }),
    /** Queues the SMS; the server sends it in the background (the list shows each status). */
    sendSms: b.mutation<SendResult, SendSms>({
      query: (body) => ({ url: COMMUNICATION_PATHS.sendSms, method: 'POST', body }),
      invalidatesTags: (_res, err) => (err ? [] : [LIST_TAG]),
      extraOptions: { toast: { success: 'SMS queued for sending.', error: true } },
    }),
    /** Queues the e-mail (`can send email`), sent in the background as the SMS. */
    sendEmail: b.mutation<SendResult, SendEmail>({
      query: (body) => ({ url: COMMUNICATION_PATHS.sendEmail, method: 'POST', body }),
      invalidatesTags: (_res, err) => (err ? [] : [LIST_TAG]),
      extraOptions: { toast: { success: 'E-mail queued for sending.', error: true } },
    }),
    /** Each recipient's text as the server renders it (the send's own function), and how many it reaches. */
    previewMessage: b.query<MessagePreview, PreviewMessage>({
      query: (body) => ({ url: COMMUNICATION_PATHS.preview, method: 'POST', body }),
      keepUnusedDataFor: 5,
    }),
    /** How far a send has got. */
    getBatchProgress: b.query<BatchProgress, string>({
      query: (batchId) => byId(COMMUNICATION_PATHS.batch, encodeURIComponent(batchId)),
      providesTags: (_res, _err, batchId) => [{ type: 'Message', id: `BATCH-${batchId}` }],
    }),
    retryMessage: b.mutation<{ id: number; status: Message['status']; retried: boolean }, { id: number; batchId: string | null }>({
      query: ({ id }) => ({ url: byId(COMMUNICATION_PATHS.retry, id), method: 'POST', body: {} }),
      invalidatesTags: (_res, err, { id, batchId }) =>
        err ? [] : [LIST_TAG, { type: 'Message', id }, ...(batchId ? [{ type: 'Message' as const, id: `BATCH-${batchId}` }] : [])],
      extraOptions: {
        toast: { success: (d) => ((d as { retried: boolean }).retried ? 'Message queued again.' : 'This message is not failed; nothing to retry.'), error: true },
      },
    }),
    getDrafts: b.query<{ items: Draft[] }, void>({
      query: () => COMMUNICATION_PATHS.drafts,
      providesTags: [DRAFTS_TAG],
    }),
    createDraft: b.mutation<Draft, DraftInput>({
      query: (body) => ({ url: COMMUNICATION_PATHS.drafts, method: 'POST', body }),
      invalidatesTags: (_res, err) => (err ? [] : [DRAFTS_TAG]),
      extraOptions: { toast: { success: 'Draft saved.', error: true } },
    }),
    updateDraft: b.mutation<Draft, { id: number; body: DraftInput }>({
      query: ({ id, body }) => ({ url: byId(COMMUNICATION_PATHS.draft, id), method: 'PUT', body }),
      invalidatesTags: (_res, err) => (err ? [] : [DRAFTS_TAG]),
      extraOptions: { toast: { success: 'Draft saved.', error: true } },
    }),
    deleteDraft: b.mutation<{ message: string }, number>({
      query: (id) => ({ url: byId(COMMUNICATION_PATHS.draft, id), method: 'DELETE' }),
      invalidatesTags: (_res, err) => (err ? [] : [DRAFTS_TAG]),
      extraOptions: { toast: { success: 'Draft deleted.', error: true } },
    }),
    /** Borrowers for the recipient picker (`GET /api/client/all`: paged, searched by the server, identifiers masked). */
    // pageSize: one of PAGE_SIZES (the api refuses any other with a 422).
    searchClients: b.query<ListEnvelope<ClientPick>, { search: string; pageSize?: number }>({
      query: ({ search, pageSize = 15 }) => ({ url: `${API.clients}/all`, params: { search, page: 1, pageSize } }),
      keepUnusedDataFor: 30,
    }),
    getCommunicationBranches: b.query<BranchDto[], void>({
      query: () => COMMUNICATION_PATHS.branches,
    }),
    /** The editable texts: the composer's templates and the reminders'. */
    getMessageTemplates: b.query<{ items: MessageTemplate[] }, void>({
      query: () => COMMUNICATION_PATHS.templates,
      providesTags: [TEMPLATES_TAG],
    }),
    updateMessageTemplate: b.mutation<MessageTemplate, { id: string; body: TemplateInput }>({
      query: ({ id, body }) => ({ url: byId(COMMUNICATION_PATHS.template, id), method: 'PUT', body }),
      invalidatesTags: (_res, err) => (err ? [] : [TEMPLATES_TAG]),
      extraOptions: { toast: { success: 'Template saved.', error: true } },
    }),
  }),
});

export const {
  useGetCommunicationQuery,
  useGetMessageQuery,
  useSendSmsMutation,
  useSendEmailMutation,
  usePreviewMessageQuery,
  useGetBatchProgressQuery,
  useRetryMessageMutation,
  useGetDraftsQuery,
  useCreateDraftMutation,
  useUpdateDraftMutation,
  useDeleteDraftMutation,
  useSearchClientsQuery,
  useGetCommunicationBranchesQuery,
  useGetMessageTemplatesQuery,
  useUpdateMessageTemplateMutation,
} = communicationApi;
