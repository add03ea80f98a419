import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import type { AuditEntryDto } from '@loan/shared-contract';
import { AUDIT_FILTERS, useGetAuditTrailQuery, useGetUsersQuery } from '@loan/rbac-data-access';
import { SCREENS } from '@loan/shared-screens';
import { AuditChanges, ListScreen, PageSection, SectionTitleBar, useListParams, type FilterField } from '@loan/shared-ui';
import { formatDateTime } from '@loan/shared-util-format';


const SCREEN = SCREENS.auditTrail;
const col = createColumnHelper<AuditEntryDto>();

const columns = [
  col.accessor('created_at', { header: 'When', cell: (c) => <span className="whitespace-nowrap">{formatDateTime(c.getValue())}</span> }),
  col.accessor('user', { header: 'Who', cell: (c) => c.getValue() ?? (c.row.original.user_id ? `User #${c.row.original.user_id}` : 'System / visitor') }),
  col.accessor('action', { header: 'What' }),
  col.accessor((r) => `${r.entity}${r.entity_id ? ` #${r.entity_id}` : ''}`, { id: 'record', header: 'Record' }),
  col.display({ id: 'changes', header: 'Before → after', cell: (c) => <AuditChanges entry={c.row.original} /> }),
  col.accessor('ip_address', {
    header: 'From where',
    cell: (c) => (
      <span className="break-all" title={c.row.original.user_agent ?? undefined}>
        {c.getValue() ?? '—'}
      </span>
    ),
  }),
] as ColumnDef<AuditEntryDto, unknown>[];

/** /settings/audit: the audit trail (who, what, which record, before → after, when, from where), append-only. */
export function AuditTrailPage() {
  const list = useListParams({ filters: AUDIT_FILTERS });
  const { params } = list;
  const query = useGetAuditTrailQuery({ page: params.page, pageSize: params.pageSize, search: params.search, filters: params.filters });
  const users = useGetUsersQuery({ page: 1, pageSize: 100 });
  const filterFields: FilterField<(typeof AUDIT_FILTERS)[number]>[] = [
    { name: 'user_id', label: 'User', type: 'select', options: (users.data?.items ?? []).map((u) => ({ value: String(u.id), label: u.fullname })) },
    { name: 'action', label: 'Action', placeholder: 'update' },
    { name: 'entity', label: 'Record type', placeholder: 'application' },
    { name: 'record', label: 'Record id' },
    { name: 'fromDate', label: 'From date', type: 'date' },
    { name: 'toDate', label: 'To date', type: 'date' },
  ];
  return (
    <PageSection>
      <SectionTitleBar title={SCREEN.title} subtitle="Every change, as it happened. Nothing here can be edited or deleted." />
      <ListScreen
        caption={SCREEN.title}
        columns={columns}
        query={query}
        list={list}
        getRowId={(r) => String(r.id)}
        searchLabel="Search by action or record"
        filterFields={filterFields}
        emptyTitle="No actions"
        emptyMessage={params.search || list.activeFilters ? 'Nothing matches the filters.' : undefined}
      />
    </PageSection>
  );
}

export default AuditTrailPage;
