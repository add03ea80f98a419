import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ID_PATTERN, P, type ClientDetails } from '@loan/shared-contract';
import { useGetClientQuery } from '@loan/clients-data-access';
import { isFetchError } from '@loan/shared-data-access-api';
import { usePermissions } from '@loan/shared-permissions';
import { SCREENS } from '@loan/shared-screens';
import {
  ButtonLink,
  ErrorState,
  Money,
  NotFound,
  PageSection,
  SectionTitleBar,
  Skeleton,
} from '@loan/shared-ui';
import { formatDate, formatDateTime } from '@loan/shared-util-format';

const SCREEN = SCREENS.clientDetails;
const LIST = SCREENS.clients;
const to = (path: string, id: number | string) =>
  path.replace(':id', String(id));
const LINK =
  'text-blue-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-blue-500 dark:text-blue-300';

/** A loan or request's own page: applications and top-ups have one each. */
export const loanPath = (kind: 'application' | 'topup', id: number) =>
  to(
    kind === 'application'
      ? SCREENS.applicationDetails.path
      : SCREENS.topupDetails.path,
    id,
  );

/** One section: its title, then the rows, "None" when empty; left out when the user may not open its records (null). */
function Section<T>({
  title,
  rows,
  head,
  row,
}: {
  title: string;
  rows: T[] | null;
  head: string[];
  row: (r: T) => ReactNode[];
}) {
  if (rows === null) return null;
  return (
    <section aria-label={title} className="mt-6">
      <h2 className="mb-2 text-base font-semibold text-gray-900 dark:text-gray-100">
        {title}
      </h2>
      {rows.length === 0 ? (
        <p className="text-sm text-gray-600 dark:text-gray-400">None</p>
      ) : (
        <div className="overflow-x-auto rounded-md border border-gray-200 dark:border-slate-700">
          <table className="min-w-full text-left text-sm">
            <thead className="bg-gray-50 text-gray-700 dark:bg-slate-800 dark:text-gray-300">
              <tr>
                {head.map((h) => (
                  <th
                    key={h}
                    scope="col"
                    className="whitespace-nowrap px-3 py-2 font-medium"
                  >
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100 dark:divide-slate-800">
              {rows.map((r, i) => (
                <tr key={i}>
                  {row(r).map((cell, j) => (
                    <td
                      key={j}
                      className="whitespace-nowrap px-3 py-2 text-gray-900 dark:text-gray-100"
                    >
                      {cell}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function Person({ d }: { d: ClientDetails }) {
  const c = d.client;
  const facts: [string, ReactNode][] = [
    ['NRC', c.nrc],
    ['Mobile', c.mobile],
    ['E-mail', c.email ?? '—'],
    ['Employer', c.employer ?? '—'],
    ['Address', c.address ?? '—'],
    ['Branch', c.branch ?? '—'],
    ['Open loans', c.open_loans],
    ['Balance', <Money value={c.balance} />],
    ['Arrears', <Money value={c.arrears} />],
    ['Last activity', formatDate(c.last_activity)],
    ['Client since', formatDate(c.created_at)],
  ];
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-2 text-sm sm:grid-cols-[max-content_1fr_max-content_1fr]">
      {facts.map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="font-medium text-gray-700 dark:text-gray-300">{k}</dt>
          <dd className="min-w-0 break-words text-gray-900 dark:text-gray-100">
            {v}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * One client (issue 32): the person, their applications and top-ups, loans with balances and
 * arrears, offer letters, disbursements, repayments, messages and the audit of changes to
 * them; every record links to its own page. Actions by permission: Send SMS (the composer
 * with the client chosen). Sections the user may not open come as null and are left out.
 */
export function ClientDetailsPage() {
  const id = useParams().id ?? '';
  // A path that names no id (`/x/abc`) is not found, without asking the api.
  const valid = ID_PATTERN.test(id);
  const query = useGetClientQuery(Number(id), { skip: !valid });
  const can = usePermissions();
  const d = query.data;
  const canSms = can(P.createMessage) || can(P.sendSms);
  return (
    <PageSection>
      <SectionTitleBar title={d ? d.client.name : SCREEN.title} />
      {!valid || (isFetchError(query.error) && query.error.status === 404) ? (
        <NotFound
          title="Client not found"
          backTo={LIST.path}
          backLabel={`Back to ${LIST.title}`}
        />
      ) : query.isLoading ? (
        <Skeleton lines={6} label="Loading..." />
      ) : query.isError || !d ? (
        <ErrorState
          title="Could not load"
          onRetry={() => void query.refetch()}
          retryLabel="Retry"
        />
      ) : (
        <>
          {canSms && (
            <div className="mb-4 flex flex-wrap gap-2">
              <ButtonLink
                to={`${SCREENS.communication.path}?compose=sms&client=${d.client.id}`}
                variant="secondary"
              >
                Send SMS
              </ButtonLink>
            </div>
          )}
          <Person d={d} />
          <Section
            title="Applications and top-ups"
            rows={d.applications}
            head={['Reference', 'Kind', 'Status', 'Amount', 'Created']}
            row={(a) => [
              <Link className={LINK} to={loanPath(a.kind, a.id)}>
                {a.reference_code}
              </Link>,
              a.kind === 'topup' ? 'Top-up' : 'Application',
              a.status,
              <Money value={a.amount} />,
              formatDate(a.created_at),
            ]}
          />
          <Section
            title="Loans"
            rows={d.loans}
            head={[
              'Reference',
              'State',
              'Total due',
              'Paid',
              'Balance',
              'Arrears',
              'Days past due',
              'Next due',
            ]}
            row={(l) => [
              <Link className={LINK} to={loanPath(l.kind, l.id)}>
                {l.reference_code}
              </Link>,
              l.state.replace('_', ' '),
              <Money value={l.total_due} />,
              <Money value={l.paid} />,
              <Money value={l.balance} />,
              <Money value={l.arrears} />,
              l.days_past_due,
              l.next_due_date ? formatDate(l.next_due_date) : '—',
            ]}
          />
          <Section
            title="Offer letters"
            rows={d.offer_letters}
            head={['Loan', 'Status', 'Total due', 'Created']}
            row={(o) => [
              <Link
                className={LINK}
                to={to(SCREENS.contractDetails.path, o.id)}
              >
                {o.reference_code}
              </Link>,
              o.status,
              <Money value={o.total_amount_due} />,
              formatDate(o.created_at),
            ]}
          />
          <Section
            title="Disbursements"
            rows={d.disbursements}
            head={['Disbursement', 'Amount', 'Status', 'Created']}
            row={(x) => [
              <Link
                className={LINK}
                to={to(SCREENS.disbursementDetails.path, x.id)}
              >
                #{x.id}
              </Link>,
              <Money value={x.amount} />,
              x.status,
              formatDateTime(x.created_at),
            ]}
          />
          <Section
            title="Repayments"
            rows={d.repayments}
            head={['Reference', 'Amount', 'Paid on', 'State']}
            row={(r) => [
              <Link
                className={LINK}
                to={`${SCREENS.repayments.path}?search=${encodeURIComponent(r.reference ?? String(r.id))}`}
              >
                {r.reference ?? `#${r.id}`}
              </Link>,
              <Money value={r.amount} />,
              formatDate(r.paid_at),
              r.reversed ? 'Reversed' : 'Live',
            ]}
          />
          <Section
            title="Messages"
            rows={d.messages}
            head={['Message', 'Channel', 'Status', 'Sent']}
            row={(m) => [
              <Link
                className={`${LINK} inline-block max-w-[16rem] truncate align-bottom`}
                to={to(SCREENS.messageDetails.path, m.id)}
              >
                {m.body}
              </Link>,
              m.channel.toUpperCase(),
              m.status,
              formatDateTime(m.created_at),
            ]}
          />
          <Section
            title="Changes"
            rows={d.audit}
            head={['When', 'Who', 'What', 'Record']}
            row={(a) => [
              formatDateTime(a.created_at),
              a.user ?? '—',
              a.action,
              `${a.entity.replace('_', ' ')} ${a.entity_id ?? ''}`,
            ]}
          />
        </>
      )}
    </PageSection>
  );
}

export default ClientDetailsPage;
