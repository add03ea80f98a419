import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { skipToken } from '@reduxjs/toolkit/query';
import { P, type LoanKind, type LoanStatus } from '@loan/shared-contract';
import { useGetLoanQuery } from '@loan/loans-data-access';
import { errorMessage, useGetRecordHistoryQuery } from '@loan/shared-data-access-api';
import { FeatureSlot, useHasFeatureSlot, usePermission } from '@loan/shared-permissions';
import { Button, Card, ErrorState, HistorySection, NotFound, PageSection, SectionTitleBar, Skeleton, cx } from '@loan/shared-ui';
import { GenerateOfferLetter, canGenerate } from './generate-offer-letter';
import { LoanAccountPanel } from './loan-account-panel';
import { LoanActions } from './loan-actions';
import { LoanBalancePanel } from './loan-balance-panel';
import { LoanComments } from './loan-comments';
import { LoanEditForm, isEditable } from './loan-edit-form';
import { LOAN_KIND_UI, STATUS_LABEL } from './loan-kind';
import { LoanSummary, StatusHistory } from './loan-summary';

/** Ids as the contract takes them: `^[1-9]\d{0,17}$` (anything else is not found, without a call). */
const ID = /^[1-9]\d{0,17}$/;

const STATUS_TONE: Record<LoanStatus, string> = {
  request: 'bg-blue-100 text-blue-800 dark:bg-blue-900/50 dark:text-blue-200',
  approved: 'bg-green-100 text-green-800 dark:bg-green-900/50 dark:text-green-200',
  rejected: 'bg-red-100 text-red-800 dark:bg-red-900/50 dark:text-red-200',
  closed: 'bg-gray-200 text-gray-800 dark:bg-slate-700 dark:text-gray-200',
};

function isNotFound(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 404;
}

export interface LoanDetailsPageProps {
  kind: LoanKind;
}

/**
 * `/loans/applications/:id` (and, by its kind, `/loans/topup/:id`): everything about one loan,
 * its comments, the fields staff may correct and the actions its status allows (issue 12).
 */
export function LoanDetailsPage({ kind }: LoanDetailsPageProps) {
  const ui = LOAN_KIND_UI[kind];
  const { id: raw = '' } = useParams();
  const valid = ID.test(raw);
  const query = useGetLoanQuery(valid ? { kind, id: Number(raw) } : skipToken);
  const canEdit = usePermission(ui.perms.edit);
  const canOffer = usePermission(P.sendOfferLetter);
  const canSms = usePermission(P.sendSms);
  const canEmail = usePermission(P.sendEmail);
  // The communication feature's composer, opened in place (a slot the portal wires: no import).
  const canCompose = useHasFeatureSlot('composeMessage');
  const [composing, setComposing] = useState<'sms' | 'email' | null>(null);
  const [editing, setEditing] = useState(false);
  const back = ui.listHref(query.data?.status ?? 'request');

  if (!valid || isNotFound(query.error)) {
    return (
      <NotFound
        title={`${ui.noun} not found`}
        message={`There is no ${ui.noun.toLowerCase()} with the id ${raw}, or it is not in your branch. It may have been deleted.`}
        backTo={ui.listHref('request')}
        backLabel="Back to the list"
      />
    );
  }

  const row = query.data;
  return (
    <PageSection>
      <Link to={back} className="text-sm text-blue-700 underline-offset-2 hover:underline dark:text-blue-300">
        ← Back to the list
      </Link>
      {query.isError && !row ? (
        <ErrorState
          title={`Could not load the ${ui.noun.toLowerCase()}`}
          message={errorMessage(query.error, 'Please try again.')}
          onRetry={() => void query.refetch()}
        />
      ) : !row ? (
        <>
          <SectionTitleBar title={`${ui.noun} details`} />
          <Card>
            <Skeleton lines={8} label={`Loading the ${ui.noun.toLowerCase()}...`} />
          </Card>
        </>
      ) : (
        <>
          <SectionTitleBar
            title={
              <span className="flex flex-wrap items-center gap-2">
                <span className="break-all">
                  {ui.noun} {row.reference_code}
                </span>
                <span className={cx('rounded-full px-2.5 py-0.5 text-sm font-medium', STATUS_TONE[row.status])}>{STATUS_LABEL[row.status]}</span>
              </span>
            }
            subtitle={row.fullname}
            actions={
              <>
                {canEdit && isEditable(row) && !editing && (
                  <Button variant="secondary" onClick={() => setEditing(true)}>
                    Edit
                  </Button>
                )}
                {canOffer && canGenerate(row) && <GenerateOfferLetter row={row} ui={ui} />}
                <LoanActions row={row} ui={ui} onRefused={() => void query.refetch()} />
                {canCompose && canSms && row.client_id !== null && (
                  <Button variant="secondary" onClick={() => setComposing('sms')}>
                    Send SMS
                  </Button>
                )}
                {canCompose && canEmail && row.client_id !== null && (
                  <Button variant="secondary" onClick={() => setComposing('email')}>
                    Send e-mail
                  </Button>
                )}
              </>
            }
          />
          {composing && row.client_id !== null && (
            <FeatureSlot name="composeMessage" props={{ channel: composing, clientId: row.client_id, clientName: row.fullname, onClose: () => setComposing(null) }} />
          )}
          {editing && isEditable(row) && <LoanEditForm key={row.updated_at} row={row} ui={ui} onDone={() => setEditing(false)} />}
          <LoanSummary row={row} />
          <LoanBalancePanel loanId={row.id} status={row.status} />
          <LoanAccountPanel loanId={row.id} status={row.status} reference={row.reference_code} />
          <div className="grid gap-6 lg:grid-cols-2">
            <StatusHistory row={row} />
            <LoanComments row={row} ui={ui} />
          </div>
          <HistorySection kind={kind} id={row.id} useHistory={useGetRecordHistoryQuery} />
        </>
      )}
    </PageSection>
  );
}

export default LoanDetailsPage;
