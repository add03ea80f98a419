import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { ID_PATTERN, P, type Message } from '@loan/shared-contract';
import { useGetBatchProgressQuery, useGetMessageQuery, useRetryMessageMutation } from '@loan/communication-data-access';
import { isFetchError, useGetRecordHistoryQuery } from '@loan/shared-data-access-api';
import { usePermissions } from '@loan/shared-permissions';
import { SCREENS } from '@loan/shared-screens';
import { Button, ErrorState, HistorySection, NotFound, PageSection, SectionTitleBar, Skeleton } from '@loan/shared-ui';
import { formatDate } from '@loan/shared-util-format';
import { MessageStatus } from './communication-columns';

const SCREEN = SCREENS.messageDetails;
const LIST = SCREENS.communication;

/** How often a running send (or a queued message) is asked again. */
export const PROGRESS_POLL_MS = 2000;

/** The send this message belongs to: sent, delivered, failed and waiting, refreshed while any waits. */
function BatchProgressPanel({ batchId, status }: { batchId: string; status: Message['status'] }) {
  const [polling, setPolling] = useState(true);
  const progress = useGetBatchProgressQuery(batchId, { pollingInterval: polling ? PROGRESS_POLL_MS : 0, skipPollingIfUnfocused: true });
  // The message itself moved on (sent, delivered, retried): its send's figures did too.
  const [seenStatus, setSeenStatus] = useState(status);
  if (seenStatus !== status) {
    setSeenStatus(status);
    if (!progress.isUninitialized) void progress.refetch();
  }
  const running = (progress.data?.queued ?? 1) > 0;
  if (polling !== running && progress.data) setPolling(running);
  const p = progress.data;
  const done = p ? p.total - p.queued : 0;
  return (
    <section aria-labelledby="send-progress" className="mt-6 rounded border border-slate-200 p-4 dark:border-slate-700">
      <h2 id="send-progress" className="text-base font-semibold">
        Send progress
      </h2>
      {progress.isLoading ? (
        <Skeleton lines={2} label="Loading progress..." />
      ) : progress.isError || !p ? (
        <ErrorState title="Could not load" onRetry={() => void progress.refetch()} retryLabel="Retry" />
      ) : (
        <>
          <p className="mt-1 text-sm" aria-live="polite">
            {running ? `Sending: ${done} of ${p.total} done.` : `Finished: ${p.total} message${p.total === 1 ? '' : 's'}.`}
          </p>
          <progress className="mt-2 h-2 w-full accent-blue-600" max={p.total} value={done} aria-label="Messages done" />
          <dl className="mt-3 grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
            {(
              [
                ['Sent', p.sent],
                ['Delivered', p.delivered],
                ['Failed', p.failed],
                ['Waiting', p.queued],
              ] as const
            ).map(([label, n]) => (
              <div key={label} className="rounded bg-slate-50 p-2 dark:bg-slate-800">
                <dt className="text-slate-600 dark:text-slate-300">{label}</dt>
                <dd className="text-lg font-semibold tabular-nums">{n}</dd>
              </div>
            ))}
          </dl>
        </>
      )}
    </section>
  );
}

/** A delivery report usually comes within minutes of sending: asked again until then. */
const REPORT_WAIT_MS = 10 * 60_000;
function awaitsReport(m: Message): boolean {
  return m.sent_at !== null && Date.now() - Date.parse(m.sent_at) < REPORT_WAIT_MS;
}

function RetryButton({ message }: { message: Message }) {
  const [retry, state] = useRetryMessageMutation();
  return (
    <Button size="sm" variant="secondary" className="ml-2" loading={state.isLoading} onClick={() => void retry({ id: message.id, batchId: message.batch_id })}>
      Retry sending
    </Button>
  );
}

/** One message: loading, not found (404, also outside the user's branches), could not load (retry), or its fields. */
export function MessageDetailsPage() {
  const id = useParams().id ?? '';
  // A path that names no id (`/x/abc`) is not found, without asking the api.
  const valid = ID_PATTERN.test(id);
  const can = usePermissions();
  // A queued message is asked again until it is sent or failed, and a sent one for a while
  // after (until the provider's delivery report turns it delivered).
  const [polling, setPolling] = useState(false);
  const query = useGetMessageQuery(Number(id), { skip: !valid, pollingInterval: polling ? PROGRESS_POLL_MS : 0, skipPollingIfUnfocused: true });
  const record = query.data;
  const waiting = !!record && (record.status === 'queued' || (record.status === 'sent' && awaitsReport(record)));
  if (record && polling !== waiting) setPolling(waiting);
  return (
    <PageSection>
      <SectionTitleBar title={SCREEN.title} />
      {!valid || (isFetchError(query.error) && query.error.status === 404) ? (
        <NotFound title="Message not found" backTo={LIST.path} backLabel={`Back to ${LIST.title}`} />
      ) : query.isLoading ? (
        <Skeleton lines={3} label="Loading..." />
      ) : query.isError || !record ? (
        <ErrorState title="Could not load" onRetry={() => void query.refetch()} retryLabel="Retry" />
      ) : (
        <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-2 text-sm">
          <dt className="font-medium">Recipient</dt>
          <dd>{record.client_name ? `${record.client_name} (${record.recipient})` : record.recipient}</dd>
          <dt className="font-medium">Channel</dt>
          <dd>{record.channel === 'sms' ? 'SMS' : 'E-mail'}</dd>
          <dt className="font-medium">Purpose</dt>
          <dd>{record.purpose}</dd>
          <dt className="font-medium">Status</dt>
          <dd>
            <MessageStatus status={record.status} />
            {record.error ? <span className="ml-2 text-red-700 dark:text-red-300">{record.error}</span> : null}
            {record.status === 'failed' && can(P.createMessage) ? <RetryButton message={record} /> : null}
          </dd>
          <dt className="font-medium">Provider</dt>
          <dd>
            {record.provider}
            {record.provider_ref ? ` (${record.provider_ref})` : ''}
          </dd>
          {record.subject ? (
            <>
              <dt className="font-medium">Subject</dt>
              <dd>{record.subject}</dd>
            </>
          ) : null}
          <dt className="font-medium">Message</dt>
          <dd className="whitespace-pre-wrap break-words">{record.body}</dd>
          <dt className="font-medium">Sender</dt>
          <dd>{record.sender_name ?? 'System'}</dd>
          <dt className="font-medium">Created</dt>
          <dd>{formatDate(record.created_at)}</dd>
          <dt className="font-medium">Sent</dt>
          <dd>{record.sent_at ? formatDate(record.sent_at) : '-'}</dd>
          <dt className="font-medium">Delivered</dt>
          <dd>{record.delivered_at ? formatDate(record.delivered_at) : '-'}</dd>
        </dl>
      )}
      {record?.batch_id && valid && !query.isError ? <BatchProgressPanel batchId={record.batch_id} status={record.status} /> : null}
      {record && <HistorySection kind="message" id={record.id} useHistory={useGetRecordHistoryQuery} />}
    </PageSection>
  );
}

export default MessageDetailsPage;
