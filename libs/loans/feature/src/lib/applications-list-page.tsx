import { useMemo } from 'react';
import { BRANCHES, LOAN_KIND_PERMISSIONS, loanExportFilename, type LoanApplication, type LoanKind, type LoanStatus } from '@loan/shared-contract';
import {
  APPLICATION_FILTERS,
  APPLICATION_SORTS,
  exportHref,
  useDeleteApplicationsMutation,
  useGetApplicationsQuery,
} from '@loan/loans-data-access';
import { errorMessage } from '@loan/shared-data-access-api';
import { usePermission } from '@loan/shared-permissions';
import {
  ListScreen,
  PageSection,
  SectionTitleBar,
  useListParams,
  type BulkAction,
  type FilterField,
  type SortOption,
} from '@loan/shared-ui';
import { applicationColumns } from './application-columns';
import { KIND_LABEL, LOAN_LIST_SCREENS, loanHref } from './application-screens-meta';
import { MonthTotal } from './month-total';
import { StatusTabs } from './status-tabs';

const FILTER_FIELDS: readonly FilterField<(typeof APPLICATION_FILTERS)[number]>[] = [
  { name: 'reference_code', label: 'Reference code', placeholder: 'LA-2026-000123' },
  { name: 'nrc', label: 'NRC', placeholder: '123456/78/9' },
  { name: 'mobile', label: 'Mobile', type: 'tel', placeholder: '+260971234567' },
  { name: 'employer', label: 'Employer' },
  { name: 'amount', label: 'Amount (ZMW)', placeholder: '12500.00' },
  { name: 'branch', label: 'Branch', type: 'select', options: BRANCHES.map((b) => ({ value: b, label: b })) },
  { name: 'fromDate', label: 'From date', type: 'date' },
  { name: 'toDate', label: 'To date', type: 'date' },
];

const SORT_OPTIONS: readonly SortOption[] = [
  { value: '-created_at', label: 'Newest first' },
  { value: 'created_at', label: 'Oldest first' },
  { value: '-amount', label: 'Largest amount' },
  { value: 'amount', label: 'Smallest amount' },
];

export interface ApplicationsListPageProps {
  /** Applications (/api/applyForLoan, the default) or top-ups (/api/loanTopUp). */
  kind?: LoanKind;
  status: LoanStatus;
}

/**
 * One screen for the four status lists (requests, rejected, approved, closed) of both
 * kinds: applications and top-ups differ only in their api base, permissions and links.
 */
export function ApplicationsListPage({ kind = 'application', status }: ApplicationsListPageProps) {
  const screen = LOAN_LIST_SCREENS[kind][status];
  const perms = LOAN_KIND_PERMISSIONS[kind];
  const noun = KIND_LABEL[kind];
  const list = useListParams({ filters: APPLICATION_FILTERS, sorts: APPLICATION_SORTS, defaultSort: '-created_at' });
  const { params } = list;
  const withContract = status === 'approved' || status === 'closed';
  const query = useGetApplicationsQuery({
    kind,
    status,
    page: params.page,
    pageSize: params.pageSize,
    search: params.search,
    sort: params.sortParam,
    filters: params.filters,
    relations: withContract ? 'offerLetter' : undefined,
  });
  const canDelete = usePermission(perms.delete);
  const [remove] = useDeleteApplicationsMutation();
  const columns = useMemo(() => applicationColumns(status), [status]);

  const bulkActions: BulkAction<LoanApplication>[] = canDelete
    ? [
        {
          label: 'Delete',
          tone: 'danger',
          confirm: {
            title: `Delete ${noun.many}?`,
            message: (rows) =>
              `${rows.length} ${rows.length === 1 ? noun.one : noun.many} (${rows.map((r) => r.reference_code).join(', ')}) will be deleted. This cannot be undone.`,
          },
          run: async (rows) => {
            const result = await remove({ kind, ids: rows.map((r) => r.id) });
            if ('error' in result) {
              const reason = errorMessage(result.error, 'Could not delete.');
              return { refused: rows.map((r) => ({ label: r.reference_code, reason })) };
            }
            const done = new Set(result.data.ids);
            const refused = rows.filter((r) => !done.has(r.id)).map((r) => ({ label: r.reference_code, reason: 'Not deleted by the server.' }));
            return { refused };
          },
        },
      ]
    : [];

  const branch = params.filters.branch;
  return (
    <PageSection>
      <SectionTitleBar title={screen.title} />
      <ListScreen
        caption={screen.title}
        columns={columns}
        query={query}
        list={list}
        getRowId={(r) => String(r.id)}
        rowHref={(r) => loanHref(kind, r.id)}
        rowLabel={(r) => `${r.reference_code}, ${r.fullname}`}
        searchLabel="Search by reference, NRC, mobile or name"
        filterFields={FILTER_FIELDS}
        sortOptions={SORT_OPTIONS}
        bulkActions={bulkActions}
        exportAction={{
          href: exportHref({ kind, status, search: params.search, sort: params.sortParam, filters: params.filters }),
          filename: loanExportFilename(kind, status),
        }}
        emptyTitle={`No ${screen.title.toLowerCase()}`}
        emptyMessage={params.search || list.activeFilters ? 'Nothing matches the search or filters.' : undefined}
        header={
          <>
            <StatusTabs kind={kind} branch={branch} />
            {status === 'request' && <MonthTotal kind={kind} branch={branch} rows={query.data?.items ?? []} />}
          </>
        }
      />
    </PageSection>
  );
}

export default ApplicationsListPage;
