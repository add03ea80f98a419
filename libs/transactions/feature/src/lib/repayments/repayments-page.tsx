import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { P, type Repayment, type RepaymentResult } from '@loan/shared-contract';
import { REPAYMENT_FILTERS, repaymentsExportHref, useGetRepaymentsQuery } from '@loan/transactions-data-access';
import { usePermission } from '@loan/shared-permissions';
import { SCREENS } from '@loan/shared-screens';
import { Button, ListScreen, Money, PageSection, SectionTitleBar, useListParams } from '@loan/shared-ui';
import { formatDate } from '@loan/shared-util-format';
import { BulkUpload } from './bulk-upload';
import { ReceiptModal } from './receipt-modal';
import { RepaymentForm } from './repayment-form';
import { repaymentColumns } from './repayments-columns';
import { METHOD_OPTIONS } from './repayment-labels';
import { ReverseDialog } from './reverse-dialog';

const SCREEN = SCREENS.repayments;
const STATUS_OPTIONS = [
  { value: '', label: 'All' },
  { value: 'active', label: 'Active' },
  { value: 'reversed', label: 'Reversed' },
];

/**
 * `/transactions/repayments`: the repayments with filters (dates, method, branch, loan),
 * search, totals and CSV export; add (`?add=1`, where the menu's "Repayments (Add)" leads),
 * edit, reverse, receipts, and the bulk upload (`?upload=1`).
 */
export function RepaymentsPage() {
  const list = useListParams({ filters: REPAYMENT_FILTERS, statuses: ['active', 'reversed'] });
  const { params } = list;
  const [url, setUrl] = useSearchParams();
  const canAdd = usePermission(P.addRepayments);
  const canEdit = usePermission(P.editRepayments);
  const canDelete = usePermission(P.deleteRepayments);
  const adding = canAdd && url.get('add') === '1';
  const uploading = canAdd && url.get('upload') === '1';
  const [editing, setEditing] = useState<Repayment | null>(null);
  const [reversing, setReversing] = useState<Repayment | null>(null);
  const [receipt, setReceipt] = useState<Repayment | null>(null);
  const [lastSaved, setLastSaved] = useState<RepaymentResult | null>(null);
  const query = useGetRepaymentsQuery(
    { page: params.page, pageSize: params.pageSize, search: params.search, status: params.status, filters: params.filters },
    { skip: uploading },
  );
  const setFlag = (name: 'add' | 'upload', on: boolean) =>
    setUrl(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (on) next.set(name, '1');
        else next.delete(name);
        return next;
      },
      { replace: name === 'add' },
    );
  const columns = useMemo(
    () => repaymentColumns({ onReceipt: setReceipt, onEdit: canEdit ? setEditing : undefined, onReverse: canDelete ? setReversing : undefined }),
    [canEdit, canDelete],
  );
  const saved = (r: RepaymentResult) => {
    setLastSaved(r);
    setEditing(null);
    setFlag('add', false);
  };

  if (uploading)
    return (
      <PageSection>
        <SectionTitleBar title={SCREEN.title} subtitle="Bulk upload" />
        <BulkUpload onDone={() => setFlag('upload', false)} />
      </PageSection>
    );

  const totals = query.data?.totals;
  const b = lastSaved?.balance;
  return (
    <PageSection>
      <SectionTitleBar
        title={SCREEN.title}
        actions={
          canAdd && (
            <>
              <Button variant="secondary" onClick={() => setFlag('upload', true)}>
                Bulk upload
              </Button>
              <Button onClick={() => setFlag('add', true)}>Add repayment</Button>
            </>
          )
        }
      />
      {lastSaved && (
        <p role="status" className="rounded-md bg-green-50 p-3 text-sm text-green-900 dark:bg-green-900/40 dark:text-green-100">
          {lastSaved.repayment.reference_code}: <Money value={lastSaved.repayment.amount} /> {lastSaved.repayment.reversed ? 'reversed' : 'recorded'}.
          {b && (
            <>
              {' '}
              Balance now <Money value={b.balance} />
              {b.state === 'paid' ? ': paid in full, the loan is closed.' : b.next_due_no !== null ? <>; next instalment <Money value={b.next_due_amount} /> on {formatDate(b.next_due_date)}.</> : '.'}
            </>
          )}
        </p>
      )}
      <ListScreen
        caption={SCREEN.title}
        columns={columns}
        query={query}
        list={list}
        getRowId={(r) => String(r.id)}
        searchLabel="Search by reference, loan, client or mobile"
        filterFields={[
          { name: 'fromDate', label: 'Paid from', type: 'date' },
          { name: 'toDate', label: 'Paid to', type: 'date' },
          { name: 'method', label: 'Method', type: 'select', options: METHOD_OPTIONS },
          { name: 'branch', label: 'Branch' },
          { name: 'loan', label: 'Loan reference', placeholder: 'LA-2026-000123' },
        ]}
        header={
          <div className="flex flex-wrap items-center justify-between gap-3">
            <div role="group" aria-label="Show" className="flex gap-1">
              {STATUS_OPTIONS.map((o) => (
                <Button key={o.value} size="sm" variant={params.status === o.value ? 'primary' : 'secondary'} aria-pressed={params.status === o.value} onClick={() => list.setStatus(o.value)}>
                  {o.label}
                </Button>
              ))}
            </div>
            {totals && (
              <p className="text-sm text-gray-700 dark:text-gray-200" aria-live="polite">
                {totals.count.toLocaleString('en-US')} repayment{totals.count === 1 ? '' : 's'} totalling <strong><Money value={totals.amount} /></strong>
                {params.status !== 'reversed' && ' (reversed ones not counted)'}
              </p>
            )}
          </div>
        }
        exportAction={{ href: repaymentsExportHref({ search: params.search, status: params.status, filters: params.filters }), filename: 'repayments.csv' }}
        emptyTitle="No repayments"
        emptyMessage={params.search || list.activeFilters ? 'Nothing matches the search and filters.' : undefined}
      />
      {adding && <RepaymentForm onClose={() => setFlag('add', false)} onSaved={saved} />}
      {editing && <RepaymentForm editing={editing} onClose={() => setEditing(null)} onSaved={saved} />}
      {reversing && <ReverseDialog repayment={reversing} onClose={() => setReversing(null)} />}
      {receipt && <ReceiptModal repayment={receipt} onClose={() => setReceipt(null)} />}
    </PageSection>
  );
}

export default RepaymentsPage;
