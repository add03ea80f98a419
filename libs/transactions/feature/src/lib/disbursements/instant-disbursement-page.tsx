import { useEffect, useMemo, useState } from 'react';
import { useDispatch } from 'react-redux';
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import { fromNgwee, isHeldAnswer, P, toNgwee, type PayableLoan, type PendingAction } from '@loan/shared-contract';
import { isFetchError, useGetPendingActionsQuery } from '@loan/shared-data-access-api';
import { Link } from 'react-router-dom';
import { usePermissions } from '@loan/shared-permissions';
import { SCREENS } from '@loan/shared-screens';
import { paymentsChanged, useDisburseBulkPartMutation, useDisburseOneMutation, useGetPayableLoansQuery } from '@loan/transactions-data-access';
import { Button, ConfirmDialog, ListScreen, Money, PageSection, SectionTitleBar, useListParams, type BulkAction } from '@loan/shared-ui';
import { formatDate } from '@loan/shared-util-format';

const SCREEN = SCREENS.instantDisbursement;

/** A new key per intended payment: repeating the same payment (a double click, a retried request) reuses it. */
export function newIdempotencyKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/** While a payment sent from this screen may still be pending, the list asks again this often... */
export const PAYABLE_POLL_MS = 2000;
/** ...for this long after the last one was sent (a failed one comes back to the list, with its reason). */
export const PENDING_WATCH_MS = 60_000;

type Progress = { state: 'waiting' | 'sending' | 'sent' | 'refused' | 'error'; text: string };

const col = createColumnHelper<PayableLoan>();

/** A pay request about to be confirmed: its key is fixed when the dialog opens. */
interface PendingPay {
  loan: PayableLoan;
  key: string;
}

/**
 * Instant disbursement: the payable loans of `disburse-client` (signed, not disbursed). Pay one
 * (confirm with its amount) or several (confirm with the count and total); a bulk run sends the
 * loans one by one and shows each row's progress. Each intended payment carries one
 * Idempotency-Key, so a double click or a retried request pays once. Paid rows leave the list
 * without a reload: a single payment invalidates the list itself, a bulk run once at its end;
 * while a payment is pending at the provider the list polls, so one that fails comes back.
 */
export function InstantDisbursementPage() {
  const list = useListParams();
  const { params } = list;
  const can = usePermissions();
  const dispatch = useDispatch();
  const [watchUntil, setWatchUntil] = useState(0);
  useEffect(() => {
    if (!watchUntil) return;
    const timer = setTimeout(() => setWatchUntil(0), Math.max(0, watchUntil - Date.now()));
    return () => clearTimeout(timer);
  }, [watchUntil]);
  const query = useGetPayableLoansQuery({ page: params.page, pageSize: params.pageSize, search: params.search }, { pollingInterval: watchUntil ? PAYABLE_POLL_MS : 0 });
  /** A payment is pending at the provider: watch the list until it has likely settled. */
  const watchPending = () => setWatchUntil(Date.now() + PENDING_WATCH_MS);
  const [payOne, paying] = useDisburseOneMutation();
  const [payPart] = useDisburseBulkPartMutation();
  const [confirming, setConfirming] = useState<PendingPay | null>(null);
  const [progress, setProgress] = useState<Record<number, Progress>>({});
  const canSingle = can(P.instantSingleDisburse);
  const canBulk = can(P.instantBulkDisburse);
  // Maker-checker: this user's requests to pay a loan, newest first; the row shows the newest one's state.
  const mine = useGetPendingActionsQuery({ page: 1, pageSize: 100, mine: true, command: 'disbursement.single' }, { skip: !canSingle, pollingInterval: 30_000 });
  const requestOf = useMemo(() => {
    const by = new Map<number, PendingAction>();
    for (const r of mine.data?.items ?? []) if (r.entity_id && !by.has(Number(r.entity_id))) by.set(Number(r.entity_id), r);
    return by;
  }, [mine.data]);

  async function confirmSingle() {
    if (!confirming) return;
    const { loan, key } = confirming;
    setProgress((p) => ({ ...p, [loan.application_id]: { state: 'sending', text: 'Sending…' } }));
    const res = await payOne({ applicationId: loan.application_id, idempotencyKey: key });
    setConfirming(null);
    const data = 'data' in res ? res.data : undefined;
    // Held for a second person (202), or already waiting (409 naming the first request).
    const waiting = isHeldAnswer(data) || ('error' in res && isFetchError(res.error) && res.error.status === 409 && !!(res.error.data as { pending_action_id?: number } | undefined)?.pending_action_id);
    if (data && !isHeldAnswer(data) && data.disbursement.status === 'pending') watchPending();
    setProgress((p) => ({
      ...p,
      [loan.application_id]: waiting
        ? { state: 'waiting', text: 'Waiting for a second person' }
        : data && !isHeldAnswer(data)
          ? { state: 'sent', text: `#${data.disbursement.id} ${data.disbursement.status}` }
          : { state: 'refused', text: 'Refused' },
    }));
  }

  const columns = useMemo(
    () =>
      [
        col.accessor('reference_code', { header: 'Loan' }),
        col.accessor('client_name', { header: 'Client' }),
        col.accessor('recipient', { header: 'Recipient' }),
        col.accessor('amount', { header: 'Amount', cell: (c) => <Money value={c.getValue()} /> }),
        col.accessor('signed_at', { header: 'Signed', cell: (c) => <span className="whitespace-nowrap">{formatDate(c.getValue())}</span> }),
        col.accessor('last_failure', { header: 'Last attempt', cell: (c) => (c.getValue() ? <span className="text-red-700 dark:text-red-300">Failed: {c.getValue()}</span> : '—') }),
        col.display({
          id: 'progress',
          header: 'Progress',
          cell: (c) => {
            const p = progress[c.row.original.application_id];
            const r = requestOf.get(c.row.original.application_id);
            if (r && (!p || p.state === 'waiting')) return <RequestState request={r} />;
            return p ? <span role="status" data-state={p.state}>{p.text}</span> : null;
          },
        }),
        col.display({
          id: 'pay',
          header: () => <span className="sr-only">Actions</span>,
          cell: (c) => {
            const loan = c.row.original;
            const p = progress[loan.application_id];
            if (!canSingle || (p && p.state !== 'refused' && p.state !== 'error') || requestOf.get(loan.application_id)?.status === 'pending') return null;
            return (
              <Button size="sm" onClick={() => setConfirming({ loan, key: newIdempotencyKey() })} aria-label={`Pay ${loan.reference_code}`}>
                Pay
              </Button>
            );
          },
        }),
      ] as ColumnDef<PayableLoan, unknown>[],
    [progress, canSingle, requestOf],
  );

  const bulkActions: BulkAction<PayableLoan>[] = canBulk
    ? [
        {
          label: 'Pay selected',
          confirm: {
            title: 'Pay the selected loans',
            message: (rows) => (
              <>
                Pay {rows.length} loan{rows.length === 1 ? '' : 's'}, <Money value={fromNgwee(rows.reduce((s, r) => s + toNgwee(r.amount), 0n))} /> in total, to
                the borrowers' mobile money now?
              </>
            ),
            confirmLabel: 'Pay now',
          },
          run: async (rows) => {
            const batchId = `B-${newIdempotencyKey()}`;
            setProgress((p) => ({ ...p, ...Object.fromEntries(rows.map((r) => [r.application_id, { state: 'waiting', text: 'Waiting…' } as Progress])) }));
            const refused: { label: string; reason: string }[] = [];
            let sent = 0;
            let anyPending = false;
            for (const row of rows) {
              setProgress((p) => ({ ...p, [row.application_id]: { state: 'sending', text: 'Sending…' } }));
              const res = await payPart({ applicationIds: [row.application_id], batchId, idempotencyKey: `${batchId}-${row.application_id}` });
              const item = 'data' in res ? res.data?.results[0] : undefined;
              if (item?.outcome === 'sent' && item.disbursement) {
                sent++;
                if (item.disbursement.status === 'pending') anyPending = true;
                setProgress((p) => ({ ...p, [row.application_id]: { state: 'sent', text: `#${item.disbursement?.id} ${item.disbursement?.status}` } }));
              } else {
                const reason = item?.message ?? 'Could not send';
                refused.push({ label: row.reference_code, reason });
                setProgress((p) => ({ ...p, [row.application_id]: { state: 'refused', text: reason } }));
              }
            }
            // The paid rows leave the list (and its count and total follow) once the run is over.
            // (Polling starts after the run too, so the rows stay to show their progress while it lasts.)
            dispatch(paymentsChanged());
            if (anyPending) watchPending();
            return { message: `${sent} of ${rows.length} sent.`, refused };
          },
        },
      ]
    : [];

  const totals = query.data?.totals;
  return (
    <PageSection>
      <SectionTitleBar title={SCREEN.title} />
      <ListScreen
        caption="Payable loans"
        columns={columns}
        query={query}
        list={list}
        getRowId={(r) => String(r.application_id)}
        rowLabel={(r) => r.reference_code}
        searchLabel="Search by loan, client or mobile"
        bulkActions={bulkActions}
        header={
          totals ? (
            <p className="text-sm text-slate-700 dark:text-slate-300">
              {totals.count} payable loan{totals.count === 1 ? '' : 's'}, <Money value={totals.amount} /> in total
            </p>
          ) : null
        }
        emptyTitle="No loans to pay"
        emptyMessage={params.search ? 'Nothing matches the search.' : 'Every signed loan has been disbursed.'}
      />
      <ConfirmDialog
        open={confirming !== null}
        title="Pay this loan"
        message={
          confirming ? (
            <>
              Pay {confirming.loan.reference_code} to {confirming.loan.client_name} ({confirming.loan.recipient}): <Money value={confirming.loan.amount} />?
            </>
          ) : null
        }
        confirmLabel="Pay now"
        busy={paying.isLoading}
        onConfirm={() => void confirmSingle()}
        onCancel={() => setConfirming(null)}
      />
    </PageSection>
  );
}

/** The state of this user's request to pay a loan (maker-checker): waiting, or why it was not done. */
function RequestState({ request }: { request: PendingAction }) {
  const text =
    request.status === 'pending'
      ? 'Waiting for a second person'
      : request.status === 'rejected'
        ? `Rejected by ${request.checker?.name ?? 'a checker'}: ${request.reason ?? ''}`
        : request.status === 'failed'
          ? `Not paid at approval: ${request.reason ?? ''}`
          : request.status === 'expired'
            ? 'Your request expired'
            : 'Approved';
  return (
    <Link role="status" data-state={request.status === 'pending' ? 'waiting' : request.status} className="text-amber-800 underline dark:text-amber-200" to={`/approvals/${request.id}`}>
      {text}
    </Link>
  );
}

export default InstantDisbursementPage;
