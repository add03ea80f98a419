import { useParams } from 'react-router-dom';
import { ID_PATTERN } from '@loan/shared-contract';
import { useGetMessageQuery } from '@loan/communication-data-access';
import { isFetchError, useGetRecordHistoryQuery } from '@loan/shared-data-access-api';
import { SCREENS } from '@loan/shared-screens';
import { ErrorState, HistorySection, NotFound, PageSection, SectionTitleBar, Skeleton } from '@loan/shared-ui';
import { formatDate } from '@loan/shared-util-format';
import { MessageStatus } from './communication-columns';

const SCREEN = SCREENS.messageDetails;
const LIST = SCREENS.communication;

/** One message: loading, not found (404, also outside the user's branches), could not load (retry), or its fields. */
export function MessageDetailsPage() {
  const id = useParams().id ?? '';
  // A path that names no id (`/x/abc`) is not found, without asking the api.
  const valid = ID_PATTERN.test(id);
  const query = useGetMessageQuery(Number(id), { skip: !valid });
  const record = query.data;
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
      {record && <HistorySection kind="message" id={record.id} useHistory={useGetRecordHistoryQuery} />}
    </PageSection>
  );
}

export default MessageDetailsPage;
