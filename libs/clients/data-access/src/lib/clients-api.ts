import { api } from '@loan/shared-data-access-api';
import {
  CLIENTS_PATHS,
  type Client,
  type ClientDetails,
  type ListEnvelope,
  type SearchResult,
} from '@loan/shared-contract';

export interface ClientListArgs {
  page: number;
  pageSize: number;
  search?: string;
}

/** The list's query string: only what was chosen. */
export function clientListParams(
  args: ClientListArgs,
): Record<string, string | number> {
  const params: Record<string, string | number> = {
    page: args.page,
    pageSize: args.pageSize,
  };
  const search = args.search?.trim();
  if (search) params['search'] = search;
  return params;
}

const LIST_TAG = { type: 'Client' as const, id: 'LIST' };

export const clientsApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (b) => ({
    getClients: b.query<ListEnvelope<Client>, ClientListArgs>({
      query: (args) => ({
        url: CLIENTS_PATHS.list,
        params: clientListParams(args),
      }),
      providesTags: (res) => [
        LIST_TAG,
        ...(res?.items ?? []).map((r) => ({
          type: 'Client' as const,
          id: r.id,
        })),
      ],
    }),
    // The client's page shows loans, letters, repayments and messages: their tags refresh it.
    getClient: b.query<ClientDetails, number>({
      query: (id) => CLIENTS_PATHS.byId.replace(':id', String(id)),
      providesTags: (_res, _err, id) => [
        { type: 'Client', id },
        'Application',
        'TopUp',
        'OfferLetter',
        'Disbursement',
        'Repayment',
        'Message',
      ],
    }),
    /** Find anything (the top bar): `q` trimmed, 2 characters at least (the caller skips shorter). */
    findAnything: b.query<SearchResult, string>({
      query: (q) => ({ url: CLIENTS_PATHS.search, params: { q: q.trim() } }),
      keepUnusedDataFor: 30,
    }),
  }),
});

export const { useGetClientsQuery, useGetClientQuery, useFindAnythingQuery } =
  clientsApi;
