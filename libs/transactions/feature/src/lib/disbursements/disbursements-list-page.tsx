import { lazy, Suspense, useMemo, useState } from 'react';
import { DISBURSEMENT_MODES, DISBURSEMENT_STATUSES, DISBURSEMENTS_PATHS, P } from '@loan/shared-contract';
import { downloadUrl } from '@loan/shared-data-access-api';
import { usePermissions } from '@loan/shared-permissions';
import { SCREENS } from '@loan/shared-screens';
import { disbursementFilterParams, useGetDisbursementBranchesQuery, useGetDisbursementsQuery, useReconcileDisbursementsMutation } from '@loan/transactions-data-access';
import { Button, ListScreen, Money, PageSection, SectionTitleBar, useListParams, type BulkAction, type FilterField } from '@loan/shared-ui';
import type { Disbursement } from '@loan/shared-contract';
import { disbursementColumns, MODE_LABELS, STATUS_LABELS } from './disbursements-columns';

const SCREEN = SCREENS.disbursements;
// The statement dialog (and papaparse) load when opened.
const StatementReconcile = lazy(() => import('./statement-reconcile'));
const FILTERS = ['status', 'mode', 'fromDate', 'toDate', 'branch_id', 'reconciled'] as const;

const FILTER_FIELDS: readonly FilterField<Exclude<(typeof FILTERS)[number], 'branch_id'>>[] = [
  { name: 'status', label: 'Status', type: 'select', options: DISBURSEMENT_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] })) },
  { name: 'mode', label: 'Mode', type: 'select', options: DISBURSEMENT_MODES.map((m) => ({ value: m, label: MODE_LABELS[m] })) },
  { name: 'fromDate', label: 'From date', type: 'date' },
  { name: 'toDate', label: 'To date', type: 'date' },
  {
    name: 'reconciled',
    label: 'Reconciled',
    type: 'select',
    options: [
      { value: 'true', label: 'Reconciled' },
      { value: 'false', label: 'Not reconciled' },
    ],
  },
];

/** All disbursements: filters, search, the totals of the filtered set, CSV export and bulk reconcile; state in the URL. */
export function DisbursementsListPage() {
  const list = useListParams({ filters: FILTERS });
  const { params } = list;
  const can = usePermissions();
  const [reconcile] = useReconcileDisbursementsMutation();
  const filters = { search: params.search, ...params.filters };
  const query = useGetDisbursementsQuery({ page: params.page, pageSize: params.pageSize, ...filters });
  const totals = query.data?.totals;
  const [statementOpen, setStatementOpen] = useState(false);
  const branches = useGetDisbursementBranchesQuery();
  // The branch filter's options come from the api; the filter is in the URL like the others.
  const filterFields = useMemo<readonly FilterField<(typeof FILTERS)[number]>[]>(
    () => [
      ...FILTER_FIELDS.slice(0, 4),
      { name: 'branch_id', label: 'Branch', type: 'select', options: (branches.data ?? []).map((b) => ({ value: String(b.id), label: b.name })) },
      ...FILTER_FIELDS.slice(4),
    ],
    [branches.data],
  );

  const bulkActions: BulkAction<Disbursement>[] = can(P.reconcileDisbursements)
    ? [
        {
          label: 'Reconcile',
          confirm: {
            title: 'Reconcile disbursements',
            message: (rows) => `Mark ${rows.length} disbursement${rows.length === 1 ? '' : 's'} as matched with the provider's statement? Only successful ones are reconciled.`,
            confirmLabel: 'Reconcile',
          },
          run: async (rows) => {
            const res = await reconcile(rows.map((r) => r.id));
            if ('data' in res && res.data) return { message: `${res.data.reconciled} reconciled, ${res.data.skipped} skipped.` };
          },
        },
      ]
    : [];

  return (
    <PageSection>
      <SectionTitleBar
        title={SCREEN.title}
        actions={
          can(P.reconcileDisbursements) ? (
            <Button variant="secondary" onClick={() => setStatementOpen(true)}>
              Import statement
            </Button>
          ) : undefined
        }
      />
      {statementOpen && (
        <Suspense fallback={null}>
          <StatementReconcile onClose={() => setStatementOpen(false)} />
        </Suspense>
      )}
      <ListScreen
        caption={SCREEN.title}
        columns={disbursementColumns}
        query={query}
        list={list}
        getRowId={(r) => String(r.id)}
        rowHref={(r) => SCREENS.disbursementDetails.path.replace(':id', String(r.id))}
        rowLabel={(r) => `Disbursement ${r.id}`}
        searchLabel="Search by recipient or provider reference"
        filterFields={filterFields}
        bulkActions={bulkActions}
        exportAction={{ href: downloadUrl(DISBURSEMENTS_PATHS.export, disbursementFilterParams(filters)), filename: 'disbursements.csv' }}
        header={
          totals ? (
            <p className="text-sm text-slate-700 dark:text-slate-300" aria-live="polite" data-testid="disbursement-totals">
              {totals.count} disbursement{totals.count === 1 ? '' : 's'} totalling <Money value={totals.amount} /> (all pages of this filter)
            </p>
          ) : null
        }
        emptyTitle={`No ${SCREEN.title.toLowerCase()}`}
        emptyMessage={params.search || list.activeFilters ? 'Nothing matches the search or filters.' : undefined}
      />
    </PageSection>
  );
}

export default DisbursementsListPage;
