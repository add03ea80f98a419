import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { ID_PATTERN, P, type DisbursementDetails } from '@loan/shared-contract';
import {
  useDeleteDisbursementMutation,
  useGetDisbursementQuery,
  useReconcileDisbursementsMutation,
  useRefreshDisbursementMutation,
  useRetryDisbursementMutation,
} from '@loan/transactions-data-access';
import { isFetchError, useGetRecordHistoryQuery } from '@loan/shared-data-access-api';
import { usePermissions } from '@loan/shared-permissions';
import { SCREENS } from '@loan/shared-screens';
import { Button, ConfirmDialog, ErrorState, HistorySection, Money, NotFound, PageSection, SectionTitleBar, Skeleton } from '@loan/shared-ui';
import { formatDate } from '@loan/shared-util-format';
import { METHOD_LABELS, MODE_LABELS, STATUS_LABELS } from './disbursements-columns';
import { newIdempotencyKey } from './instant-disbursement-page';

const SCREEN = SCREENS.disbursementDetails;
const LIST = SCREENS.disbursements;

const dt = 'font-medium text-slate-600 dark:text-slate-300';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={`h-${title}`} className="mt-6">
      <h2 id={`h-${title}`} className="mb-2 text-lg font-semibold text-slate-900 dark:text-slate-100">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Refresh, retry, reconcile and delete: each only with its permission and when the status allows it. */
function Actions({ record }: { record: DisbursementDetails }) {
  const can = usePermissions();
  const navigate = useNavigate();
  const [refresh, refreshing] = useRefreshDisbursementMutation();
  const [retry, retrying] = useRetryDisbursementMutation();
  const [reconcile, reconciling] = useReconcileDisbursementsMutation();
  const [remove, removing] = useDeleteDisbursementMutation();
  const [confirm, setConfirm] = useState<null | { what: 'retry'; key: string } | { what: 'delete' }>(null);

  return (
    <div role="group" aria-label="Disbursement actions" className="flex flex-wrap gap-2">
      {record.status === 'pending' && (
        <Button variant="secondary" loading={refreshing.isLoading} onClick={() => void refresh(record.id)}>
          Ask the provider now
        </Button>
      )}
      {record.status === 'success' && !record.reconciled && can(P.reconcileDisbursements) && (
        <Button loading={reconciling.isLoading} onClick={() => void reconcile([record.id])}>
          Reconcile
        </Button>
      )}
      {record.status === 'failed' && can(P.instantSingleDisburse) && (
        <Button onClick={() => setConfirm({ what: 'retry', key: newIdempotencyKey() })}>Retry</Button>
      )}
      {record.status === 'failed' && !record.reconciled && can(P.deleteDisbursements) && (
        <Button variant="danger" onClick={() => setConfirm({ what: 'delete' })}>
          Delete
        </Button>
      )}
      <ConfirmDialog
        open={confirm !== null}
        title={confirm?.what === 'delete' ? `Delete disbursement #${record.id}` : `Retry disbursement #${record.id}`}
        message={
          confirm?.what === 'delete' ? (
            'The failed disbursement is removed (the audit keeps a record). This cannot be undone.'
          ) : (
            <>
              Send <Money value={record.amount} /> to {record.recipient} again, as a new attempt?
            </>
          )
        }
        confirmLabel={confirm?.what === 'delete' ? 'Delete' : 'Send again'}
        tone={confirm?.what === 'delete' ? 'danger' : undefined}
        busy={retrying.isLoading || removing.isLoading}
        onCancel={() => setConfirm(null)}
        onConfirm={async () => {
          if (!confirm) return;
          if (confirm.what === 'delete') {
            const res = await remove(record.id);
            setConfirm(null);
            if (!('error' in res)) navigate(LIST.path);
          } else {
            const res = await retry({ id: record.id, idempotencyKey: confirm.key });
            setConfirm(null);
            if ('data' in res && res.data) navigate(SCREEN.path.replace(':id', String(res.data.disbursement.id)));
          }
        }}
      />
    </div>
  );
}

/** One disbursement: loading, not found (404, also outside the user's branches), could not load (retry), or its fields, messages, attempts, loan and history (the shared History section). */
export function DisbursementDetailsPage() {
  const id = useParams().id ?? '';
  // A path that names no id (`/x/abc`) is not found, without asking the api.
  const valid = ID_PATTERN.test(id);
  const query = useGetDisbursementQuery(Number(id), { skip: !valid });
  const record = query.data;
  return (
    <PageSection>
      <SectionTitleBar title={SCREEN.title} />
      {!valid || (isFetchError(query.error) && query.error.status === 404) ? (
        <NotFound title="Disbursement not found" backTo={LIST.path} backLabel={`Back to ${LIST.title}`} />
      ) : query.isLoading ? (
        <Skeleton lines={3} label="Loading..." />
      ) : query.isError || !record ? (
        <ErrorState title="Could not load" onRetry={() => void query.refetch()} retryLabel="Retry" />
      ) : (
        <>
          <Actions record={record} />
          <dl className="mt-4 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className={dt}>Disbursement</dt>
            <dd>#{record.id}</dd>
            <dt className={dt}>Status</dt>
            <dd>
              {STATUS_LABELS[record.status]}
              {record.failure_reason ? `: ${record.failure_reason}` : ''}
            </dd>
            <dt className={dt}>Amount</dt>
            <dd>
              <Money value={record.amount} />
            </dd>
            <dt className={dt}>Mode</dt>
            <dd>{MODE_LABELS[record.mode]}</dd>
            <dt className={dt}>Method</dt>
            <dd>{METHOD_LABELS[record.method]}</dd>
            <dt className={dt}>Recipient</dt>
            <dd>{record.recipient}</dd>
            <dt className={dt}>Provider</dt>
            <dd>{record.provider}</dd>
            <dt className={dt}>Provider reference</dt>
            <dd>{record.provider_ref ?? '—'}</dd>
            <dt className={dt}>Batch</dt>
            <dd className="break-all">{record.batch_id ?? '—'}</dd>
            <dt className={dt}>Reconciled</dt>
            <dd>{record.reconciled ? `Yes${record.reconciled_at ? `, ${formatDate(record.reconciled_at)}` : ''}` : 'No'}</dd>
            <dt className={dt}>Created</dt>
            <dd>{formatDate(record.created_at)}</dd>
          </dl>
          <Section title="Loan">
            {record.loan ? (
              <p className="text-sm">
                {record.loan.reference_code} ({record.loan.kind === 'topup' ? 'top-up' : 'application'}), {record.loan.fullname}: <Money value={record.loan.amount} />{' '}
                over {record.loan.tenure_months} months, <Money value={record.loan.total_amount_due} /> due in total; status {record.loan.status}.
              </p>
            ) : (
              <p className="text-sm">The loan is no longer on record.</p>
            )}
          </Section>
          <Section title="Provider messages">
            {record.events.length ? (
              <ol className="space-y-1 text-sm">
                {record.events.map((e) => (
                  <li key={e.id}>
                    <span className="whitespace-nowrap">{formatDate(e.created_at)}</span> · {e.kind} · {e.status ?? '—'}
                    {e.message ? ` · ${e.message}` : ''}
                  </li>
                ))}
              </ol>
            ) : (
              <p className="text-sm">No messages from the provider yet.</p>
            )}
          </Section>
          <Section title="Attempts for this loan">
            <ol className="space-y-1 text-sm">
              {record.attempts.map((a) => (
                <li key={a.id}>
                  #{a.id} · {STATUS_LABELS[a.status]} · <Money value={a.amount} /> · {formatDate(a.created_at)}
                  {a.id === record.id ? ' (this one)' : ''}
                </li>
              ))}
            </ol>
          </Section>
          <HistorySection kind="disbursement" id={record.id} useHistory={useGetRecordHistoryQuery} />
        </>
      )}
    </PageSection>
  );
}

export default DisbursementDetailsPage;
