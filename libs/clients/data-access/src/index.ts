export {
  clientsApi,
  clientListParams,
  useGetClientsQuery,
  useGetClientQuery,
  useFindAnythingQuery,
  type ClientListArgs,
} from './lib/clients-api';
