import { NavLink, useLocation } from 'react-router-dom';
import { OFFER_STATES, P, type OfferLetterListItem, type OfferState } from '@loan/shared-contract';
import { OFFER_LETTER_FILTERS, useDeleteOfferLettersMutation, useGetOfferLetterCountsQuery, useGetOfferLettersQuery } from '@loan/loans-data-access';
import { errorMessage } from '@loan/shared-data-access-api';
import { usePermission } from '@loan/shared-permissions';
import { SCREENS } from '@loan/shared-screens';
import { ListScreen, PageSection, SectionTitleBar, cx, useListParams, type BulkAction, type FilterField } from '@loan/shared-ui';
import { offerLetterColumns } from './offer-letter-columns';
import { OFFER_STATE_LABEL, contractHref } from './offer-state';

const FILTER_FIELDS: readonly FilterField<(typeof OFFER_LETTER_FILTERS)[number]>[] = [
  { name: 'fromDate', label: 'Generated from', type: 'date' },
  { name: 'toDate', label: 'Generated to', type: 'date' },
];

const COUNT_KEY = { pending: 'pendingCount', signed: 'signedCount', expired: 'expiredCount' } as const;

/** All / Pending / Signed / Expired, each with its count from /card-stats; the state lives in `?status=`. */
function StateTabs({ current }: { current: string }) {
  const { data, isError } = useGetOfferLetterCountsQuery();
  const { pathname, search } = useLocation();
  const hrefFor = (status: string) => {
    const q = new URLSearchParams(search);
    q.delete('page');
    if (status) q.set('status', status);
    else q.delete('status');
    const s = q.toString();
    return `${pathname}${s ? `?${s}` : ''}`;
  };
  const count = (s: OfferState | '') => {
    if (isError) return <span className="sr-only">(count not loaded)</span>;
    const n = !data ? null : s ? data[COUNT_KEY[s]] : data.pendingCount + data.signedCount + data.expiredCount;
    return (
      <span className="ml-1.5 rounded-full bg-gray-200 px-2 py-0.5 text-xs tabular-nums text-gray-800 dark:bg-slate-700 dark:text-gray-100">
        {n === null ? '…' : n.toLocaleString('en-US')}
      </span>
    );
  };
  const tabs: { value: OfferState | ''; label: string }[] = [{ value: '', label: 'All' }, ...OFFER_STATES.map((s) => ({ value: s, label: OFFER_STATE_LABEL[s] }))];
  return (
    <nav aria-label="Contract states" className="-mx-1 overflow-x-auto">
      <ul className="flex min-w-max gap-1 border-b border-gray-200 px-1 dark:border-slate-700">
        {tabs.map((t) => {
          const active = current === t.value;
          return (
            <li key={t.label}>
              <NavLink
                to={hrefFor(t.value)}
                aria-current={active ? 'page' : undefined}
                className={cx(
                  'inline-flex items-center border-b-2 px-3 py-2 text-sm font-medium focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-400',
                  active
                    ? 'border-blue-600 text-blue-700 dark:border-blue-400 dark:text-blue-300'
                    : 'border-transparent text-gray-600 hover:text-gray-900 dark:text-gray-300 dark:hover:text-white',
                )}
              >
                {t.label}
                {count(t.value)}
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/**
 * `/loans/applications/offer-letter`: the contracts (spec §2), by state with counts,
 * searchable and filtered by the date generated; unsigned ones may be deleted in bulk.
 */
export function OfferLettersListPage() {
  const screen = SCREENS.contracts;
  const list = useListParams({ filters: OFFER_LETTER_FILTERS, statuses: OFFER_STATES });
  const { params } = list;
  const query = useGetOfferLettersQuery({
    status: (params.status || undefined) as OfferState | undefined,
    page: params.page,
    pageSize: params.pageSize,
    search: params.search,
    filters: params.filters,
  });
  const canDelete = usePermission(P.sendOfferLetter);
  const [remove] = useDeleteOfferLettersMutation();

  const bulkActions: BulkAction<OfferLetterListItem>[] = canDelete
    ? [
        {
          label: 'Delete',
          tone: 'danger',
          confirm: {
            title: 'Delete offer letters?',
            message: (rows) => {
              const unsigned = rows.filter((r) => r.status !== 'signed');
              const signed = rows.length - unsigned.length;
              return `${unsigned.length} unsigned letter${unsigned.length === 1 ? '' : 's'} (${unsigned.map((r) => r.reference_code).join(', ') || 'none'}) will be deleted; their links stop working.${
                signed ? ` ${signed} signed letter${signed === 1 ? ' is' : 's are'} kept: a signed letter is the signing evidence.` : ''
              }`;
            },
          },
          run: async (rows) => {
            // Signed letters are the evidence: never sent for deletion (the api refuses them too).
            const refused = rows.filter((r) => r.status === 'signed').map((r) => ({ label: r.reference_code, reason: 'Signed letters are kept.' }));
            const unsigned = rows.filter((r) => r.status !== 'signed');
            if (!unsigned.length) return { refused };
            const result = await remove(unsigned.map((r) => r.id));
            if ('error' in result) {
              const reason = errorMessage(result.error, 'Could not delete.');
              return { refused: [...refused, ...unsigned.map((r) => ({ label: r.reference_code, reason }))] };
            }
            const done = new Set(result.data.deleted);
            return {
              refused: [...refused, ...unsigned.filter((r) => !done.has(r.id)).map((r) => ({ label: r.reference_code, reason: 'Not deleted by the server.' }))],
            };
          },
        },
      ]
    : [];

  const filtered = params.search || list.activeFilters;
  return (
    <PageSection>
      <SectionTitleBar title={screen.title} subtitle="Offer letters sent to borrowers for signing" />
      <ListScreen
        caption={screen.title}
        columns={offerLetterColumns}
        query={query}
        list={list}
        getRowId={(r) => String(r.id)}
        rowHref={(r) => contractHref(r.id)}
        rowLabel={(r) => `${r.reference_code}, ${r.applicant_name}`}
        searchLabel="Search by reference, name, NRC or mobile"
        filterFields={FILTER_FIELDS}
        bulkActions={bulkActions}
        emptyTitle={params.status ? `No ${OFFER_STATE_LABEL[params.status as OfferState].toLowerCase()} contracts` : 'No contracts'}
        emptyMessage={filtered ? 'Nothing matches the search or dates.' : 'Offer letters generated from approved applications appear here.'}
        header={<StateTabs current={params.status} />}
      />
    </PageSection>
  );
}

export default OfferLettersListPage;
