export {
  applicationsApi,
  APPLICATION_PATHS,
  LOAN_PATHS,
  TOPUP_PATHS,
  KIND_NOUN,
  exportHref,
  APPLICATION_FILTERS,
  APPLICATION_SORTS,
  branchParam,
  listRequest,
  monthlyTotalFromRows,
  useGetApplicationsQuery,
  useGetApplicationStatusStatsQuery,
  useGetApplicationsTotalValueQuery,
  useDeleteApplicationsMutation,
  type ApplicationFilter,
  type ApplicationSort,
  type ApplicationListArgs,
  type TotalValueArgs,
} from './lib/applications-api';
export * from './lib/application-details-api';
export * from './lib/offer-letters-api';
export * from './lib/loan-disk-api';
export * from './lib/loan-account-api';
