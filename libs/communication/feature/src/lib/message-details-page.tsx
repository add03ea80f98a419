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
/** How often a finished send is asked again while delivery reports are still to come. */
export const REPORT_POLL_MS = 5000;
/**
 * A delivery report usually comes within minutes of sending: a message (or a send) is asked
 * again until then, and no longer once nothing has moved for this long.
 */
export const REPORT_WAIT_MS = 10 * 60_000;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The send this message belongs to: sent, delivered, awaiting a report, failed and queued.
 * Asked again every PROGRESS_POLL_MS while any message is queued, then every REPORT_POLL_MS
 * while delivery reports are awaited (sent, neither delivered nor failed), until every
 * recipient has a final state or nothing moved for REPORT_WAIT_MS (Check again starts over).
 */
function BatchProgressPanel({ batchId, status }: { batchId: string; status: Message['status'] }) {
  const [pollMs, setPollMs] = useState(PROGRESS_POLL_MS);
  const progress = useGetBatchProgressQuery(batchId, { pollingInterval: pollMs, skipPollingIfUnfocused: true });
  // The message itself moved on (sent, delivered, retried): its send's figures did too.
  const [seenStatus, setSeenStatus] = useState(status);
  if (seenStatus !== status) {
    setSeenStatus(status);
    if (!progress.isUninitialized) void progress.refetch();
  }
  const p = progress.data;
  // When the figures last moved (a report arriving counts), by the answers' own times: the
  // cap runs from there.
  const figures = p ? `${p.queued}/${p.sent}/${p.delivered}/${p.failed}` : '';
  const answeredAt = progress.fulfilledTimeStamp ?? 0;
  const [moved, setMoved] = useState({ figures, at: answeredAt });
  if (moved.figures !== figures) setMoved({ figures, at: answeredAt });
  const running = (p?.queued ?? 1) > 0;
  const awaiting = p ? Math.max(0, p.sent - p.delivered) : 0;
  const gaveUp = !running && awaiting > 0 && answeredAt - moved.at > REPORT_WAIT_MS;
  const next = running ? PROGRESS_POLL_MS : awaiting > 0 && !gaveUp ? REPORT_POLL_MS : 0;
  if (p && next !== pollMs) setPollMs(next);
  const done = p ? p.total - p.queued : 0;
  const checkAgain = () => {
    setMoved({ figures, at: Date.now() });
    void progress.refetch();
  };
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
            {running ? `Sending: ${done} of ${p.total} done.` : `Finished: ${plural(p.total, 'message', 'messages')}.`}
            {!running && awaiting > 0
              ? gaveUp
                ? ` ${plural(awaiting, 'delivery report has', 'delivery reports have')} not come yet.`
                : ` Waiting for ${plural(awaiting, 'delivery report', 'delivery reports')}.`
              : null}
            {gaveUp ? (
              <Button size="sm" variant="secondary" className="ml-2" loading={progress.isFetching} onClick={checkAgain}>
                Check again
              </Button>
            ) : null}
          </p>
          <progress className="mt-2 h-2 w-full accent-blue-600" max={p.total} value={done} aria-label="Messages done" />
          <dl className="mt-3 grid grid-cols-2 gap-2 text-sm sm:grid-cols-5">
            {(
              [
                ['Sent', p.sent],
                ['Delivered', p.delivered],
                ['Awaiting report', awaiting],
                ['Failed', p.failed],
                ['Queued', p.queued],
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
