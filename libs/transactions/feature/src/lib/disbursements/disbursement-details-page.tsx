import { useParams } from 'react-router-dom';
import { ID_PATTERN } from '@loan/shared-contract';
import { useGetDisbursementQuery } from '@loan/transactions-data-access';
import { isFetchError } from '@loan/shared-data-access-api';
import { SCREENS } from '@loan/shared-screens';
import { ErrorState, Money, NotFound, PageSection, SectionTitleBar, Skeleton } from '@loan/shared-ui';
import { formatDate } from '@loan/shared-util-format';
import { STATUS_LABELS } from './disbursements-columns';

const SCREEN = SCREENS.disbursementDetails;
const LIST = SCREENS.disbursements;

/** One disbursement: loading, not found (404, also outside the user's branches), could not load (retry), or its fields. */
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
        <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-2 text-sm">
          <dt className="font-medium">Disbursement</dt>
          <dd>#{record.id}</dd>
          <dt className="font-medium">Status</dt>
          <dd>{STATUS_LABELS[record.status]}</dd>
          <dt className="font-medium">Amount</dt>
          <dd>
            <Money value={record.amount} />
          </dd>
          <dt className="font-medium">Recipient</dt>
          <dd>{record.recipient}</dd>
          <dt className="font-medium">Provider reference</dt>
          <dd>{record.provider_ref ?? '—'}</dd>
          <dt className="font-medium">Created</dt>
          <dd>{formatDate(record.created_at)}</dd>
        </dl>
      )}
    </PageSection>
  );
}

export default DisbursementDetailsPage;
