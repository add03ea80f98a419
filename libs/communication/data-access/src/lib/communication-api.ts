import { api } from '@loan/shared-data-access-api';
import { COMMUNICATION_PATHS, type Message, type ListEnvelope, type SendSms } from '@loan/shared-contract';

export interface MessageListArgs {
  page: number;
  pageSize: number;
  search?: string;
}

/** The list's query string: only what was chosen. */
export function messageListParams(args: MessageListArgs): Record<string, string | number> {
  const params: Record<string, string | number> = { page: args.page, pageSize: args.pageSize };
  const search = args.search?.trim();
  if (search) params['search'] = search;
  return params;
}

const LIST_TAG = { type: 'Message' as const, id: 'LIST' };

export const communicationApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (b) => ({
    getCommunication: b.query<ListEnvelope<Message>, MessageListArgs>({
      query: (args) => ({ url: COMMUNICATION_PATHS.list, params: messageListParams(args) }),
      providesTags: (res) => [LIST_TAG, ...(res?.items ?? []).map((r) => ({ type: 'Message' as const, id: r.id }))],
    }),
    getMessage: b.query<Message, number>({
      query: (id) => COMMUNICATION_PATHS.byId.replace(':id', String(id)),
      providesTags: (_res, _err, id) => [{ type: 'Message', id }],
    }),
    /** Queues the SMS; the server sends it in the background (the list shows each status). */
    sendSms: b.mutation<{ batch_id: string; queued: number }, SendSms>({
      query: (body) => ({ url: COMMUNICATION_PATHS.sendSms, method: 'POST', body }),
      invalidatesTags: (_res, err) => (err ? [] : [LIST_TAG]),
      extraOptions: { toast: { success: 'SMS queued for sending.', error: true } },
    }),
  }),
});

export const { useGetCommunicationQuery, useGetMessageQuery, useSendSmsMutation } = communicationApi;
