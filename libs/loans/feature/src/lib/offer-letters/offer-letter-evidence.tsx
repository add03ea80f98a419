import type { OfferLetterStaff } from '@loan/shared-contract';
import { useLazyVerifyOfferLetterQuery } from '@loan/loans-data-access';
import { errorMessage } from '@loan/shared-data-access-api';
import { Button, Card, Fact } from '@loan/shared-ui';
import { formatDateTime } from '@loan/shared-util-format';
import { letterTimeline } from './offer-letter-timeline';

/** Recomputes the signed content's SHA-256 on the server and says whether it is intact. */
function IntegrityCheck({ id }: { id: number }) {
  const [check, { data, error, isFetching, isError }] = useLazyVerifyOfferLetterQuery();
  return (
    <div className="space-y-2">
      <Button variant="secondary" size="sm" loading={isFetching} onClick={() => void check(id)}>
        Check the signed content
      </Button>
      <div role="status" aria-live="polite">
        {!isFetching && isError && <p className="text-sm text-red-700 dark:text-red-300">{errorMessage(error, 'Could not check the letter. Try again.')}</p>}
        {!isFetching && !isError && data?.result === 'intact' && (
          <p className="rounded-md border border-green-300 bg-green-50 p-2 text-sm text-green-900 dark:border-green-700 dark:bg-green-950 dark:text-green-100">
            <strong>Intact.</strong> The hash recomputed now ({formatDateTime(data.checked_at)}) matches the one recorded at signing.
          </p>
        )}
        {!isFetching && !isError && data?.result === 'altered' && (
          <p className="rounded-md border border-red-300 bg-red-50 p-2 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
            <strong>Altered.</strong> The letter as stored now does not match what the borrower signed (recomputed{' '}
            <span className="break-all font-mono text-xs">{data.computed_sha256}</span>).
          </p>
        )}
      </div>
    </div>
  );
}

/** The signing evidence: typed name, signature, time, IP, user agent and the content's SHA-256, with a check. */
export function SigningEvidence({ letter }: { letter: OfferLetterStaff }) {
  return (
    <Card title="Signing evidence">
      <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Fact label="Typed name">{letter.borrower_name ?? '—'}</Fact>
        <Fact label="Signed at">{letter.signed_at ? formatDateTime(letter.signed_at) : '—'}</Fact>
        <Fact label="Signature" className="sm:col-span-2">
          {letter.borrower_signature ? (
            <img
              src={letter.borrower_signature}
              alt={`Signature of ${letter.borrower_name ?? 'the borrower'}`}
              className="mt-1 h-24 max-w-full rounded border border-gray-200 bg-white object-contain dark:border-slate-600"
            />
          ) : (
            '—'
          )}
        </Fact>
        <Fact label="IP address">{letter.signed_ip ?? '—'}</Fact>
        <Fact label="User agent">{letter.signed_user_agent ?? '—'}</Fact>
        <Fact label="SHA-256 of the signed content" mono className="sm:col-span-2">
          {letter.signed_content_sha256 ?? '—'}
        </Fact>
      </dl>
      <div className="mt-4">
        <IntegrityCheck id={letter.id} />
      </div>
    </Card>
  );
}

/** Generated, sent, opened, signed: who, when, from where. */
export function LetterTimeline({ letter }: { letter: OfferLetterStaff }) {
  return (
    <Card title="Timeline">
      <ol className="space-y-3" aria-label="Timeline">
        {letterTimeline(letter).map((e) => (
          <li key={e.label} className="text-sm">
            <div className="flex flex-wrap justify-between gap-x-3">
              <span className="font-medium">{e.label}</span>
              {e.at ? (
                <time dateTime={e.at} className="text-gray-600 dark:text-gray-300">
                  {formatDateTime(e.at)}
                </time>
              ) : null}
            </div>
            {e.by && <p className="text-gray-600 dark:text-gray-300">{e.by}</p>}
            {(e.ip || e.userAgent) && (
              <p className="break-words text-xs text-gray-500 dark:text-gray-400">
                {e.ip ? `IP ${e.ip}` : ''}
                {e.ip && e.userAgent ? ' · ' : ''}
                {e.userAgent ?? ''}
              </p>
            )}
          </li>
        ))}
      </ol>
      {letter.status === 'pending' && !letter.opened_at && <p className="mt-3 text-sm text-gray-600 dark:text-gray-300">The borrower has not opened the link yet.</p>}
    </Card>
  );
}
