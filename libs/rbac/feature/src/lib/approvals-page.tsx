import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import { PENDING_ACTION_STATUSES, type PendingAction, type PendingActionStatus } from '@loan/shared-contract';
import { useGetPendingActionsQuery } from '@loan/shared-data-access-api';
import { SCREENS } from '@loan/shared-screens';
import { ListScreen, PageSection, SectionTitleBar, useListParams, type FilterField } from '@loan/shared-ui';
import { formatDateTime } from '@loan/shared-util-format';
import { PendingStatus } from './pending-action-view';

const SCREEN = SCREENS.approvals;
const col = createColumnHelper<PendingAction>();
const FILTERS = ['state', 'mine'] as const;

const columns = [
  col.accessor((r) => r.summary.title, { id: 'what', header: 'What', cell: (c) => <span className="font-medium">{c.getValue()}</span> }),
  col.accessor('label', { header: 'Action' }),
  col.accessor((r) => r.maker.name, { id: 'who', header: 'Asked by', cell: (c) => `${c.getValue()}${c.row.original.mine ? ' (you)' : ''}` }),
  col.accessor('created_at', { header: 'When', cell: (c) => <span className="whitespace-nowrap">{formatDateTime(c.getValue())}</span> }),
  col.accessor('status', { header: 'State', cell: (c) => <PendingStatus status={c.getValue()} /> }),
] as ColumnDef<PendingAction, unknown>[];

const STATE_LABEL: Record<PendingActionStatus, string> = { pending: 'Waiting', approved: 'Approved', rejected: 'Rejected', expired: 'Expired', failed: 'Failed' };

/**
 * /approvals: the checker inbox (NOTES.md "Second pair of eyes"). Waiting requests by default;
 * the caller's own are listed too, marked "(you)", and open read-only.
 */
export function ApprovalsPage() {
  const list = useListParams({ filters: FILTERS });
  const { params } = list;
  const state = (params.filters.state ?? 'pending') as PendingActionStatus | 'all';
  const query = useGetPendingActionsQuery({ page: params.page, pageSize: params.pageSize, status: state === 'all' ? '' : state, mine: params.filters.mine === 'yes' });
  const filterFields: FilterField<(typeof FILTERS)[number]>[] = [
    { name: 'state', label: 'State', type: 'select', options: [...PENDING_ACTION_STATUSES.map((s) => ({ value: s, label: STATE_LABEL[s] })), { value: 'all', label: 'All' }] },
    { name: 'mine', label: 'Whose', type: 'select', options: [{ value: 'yes', label: 'Mine only' }] },
  ];
  return (
    <PageSection>
      <SectionTitleBar title={SCREEN.title} subtitle="Actions waiting for a second person. Approving carries the action out; your own requests are someone else's to check." />
      <ListScreen
        caption={SCREEN.title}
        columns={columns}
        query={query}
        list={list}
        searchable={false}
        getRowId={(r) => String(r.id)}
        rowHref={(r) => `/approvals/${r.id}`}
        rowLabel={(r) => r.summary.title}
        filterFields={filterFields}
        emptyTitle={state === 'pending' ? 'Nothing waiting' : 'No requests'}
        emptyMessage={state === 'pending' ? 'No action is waiting for a second person.' : 'Nothing matches the filters.'}
      />
    </PageSection>
  );
}

export default ApprovalsPage;
