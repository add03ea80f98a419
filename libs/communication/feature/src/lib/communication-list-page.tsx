import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { MESSAGE_FILTERS, useGetCommunicationQuery, type MessageFilter } from '@loan/communication-data-access';
import { MESSAGE_STATUSES, P, type Draft } from '@loan/shared-contract';
import { usePermissions } from '@loan/shared-permissions';
import { SCREENS } from '@loan/shared-screens';
import { Button, ListScreen, PageSection, SectionTitleBar, useListParams, type FilterField } from '@loan/shared-ui';
import { messageColumns } from './communication-columns';
import { ComposeMessageDialog, type Channel } from './compose-message-dialog';
import { DraftsSection } from './drafts-section';
import { TemplatesSection } from './templates-section';

const SCREEN = SCREENS.communication;

const FILTER_FIELDS: readonly FilterField<MessageFilter>[] = [
  {
    name: 'channel',
    label: 'Channel',
    type: 'select',
    options: [
      { value: 'sms', label: 'SMS' },
      { value: 'email', label: 'E-mail' },
    ],
  },
  { name: 'status', label: 'Status', type: 'select', options: MESSAGE_STATUSES.map((s) => ({ value: s, label: s[0].toUpperCase() + s.slice(1) })) },
  { name: 'fromDate', label: 'From date', type: 'date' },
  { name: 'toDate', label: 'To date', type: 'date' },
];

type Composing = { channel: Channel; clientId?: number; draft?: Draft } | null;

const channelOf = (v: string | null): Channel | null => (v === 'sms' || v === 'email' ? v : null);

/**
 * The communication screen: the messages, newest first (bodies as stored: secrets masked);
 * page, page size, search and filters (channel, status, dates) held in the URL. "Send SMS"
 * (can create message or can send sms) and "Send e-mail" (can send email) open the composer,
 * as does `?compose=sms|email&client=<clientId>` (a link from a client's loan). Drafts above
 * the list.
 */
export function CommunicationListPage() {
  const list = useListParams({ filters: MESSAGE_FILTERS });
  const { params } = list;
  const can = usePermissions();
  const [url, setUrl] = useSearchParams();
  const query = useGetCommunicationQuery({ page: params.page, pageSize: params.pageSize, search: params.search, filters: params.filters });
  const canSms = can(P.createMessage) || can(P.sendSms);
  const canEmail = can(P.sendEmail);
  const allowed = (c: Channel) => (c === 'sms' ? canSms : canEmail);
  // Opened by a button, a draft or the URL (`?compose=sms|email&client=<id>`); closing drops the URL's part.
  const [composing, setOpen] = useState<Composing>(() => {
    const channel = channelOf(url.get('compose'));
    const client = Number(url.get('client'));
    return channel ? { channel, clientId: Number.isInteger(client) && client > 0 ? client : undefined } : null;
  });
  const setComposing = (next: Composing) => {
    setOpen(next);
    if (!next && (url.has('compose') || url.has('client'))) {
      const rest = new URLSearchParams(url);
      rest.delete('compose');
      rest.delete('client');
      setUrl(rest, { replace: true });
    }
  };
  const showDrafts = can(P.createMessage) || can(P.editMessage) || can(P.deleteMessage);
  return (
    <PageSection>
      <SectionTitleBar
        title={SCREEN.title}
        actions={
          canSms || canEmail ? (
            <div className="flex flex-wrap gap-2">
              {canSms ? <Button onClick={() => setComposing({ channel: 'sms' })}>Send SMS</Button> : null}
              {canEmail ? (
                <Button variant="secondary" onClick={() => setComposing({ channel: 'email' })}>
                  Send e-mail
                </Button>
              ) : null}
            </div>
          ) : undefined
        }
      />
      {showDrafts ? <DraftsSection canEdit={can(P.editMessage)} canDelete={can(P.deleteMessage)} onEdit={(draft) => setComposing({ channel: draft.channel, draft })} /> : null}
      <ListScreen
        caption={SCREEN.title}
        columns={messageColumns}
        query={query}
        list={list}
        getRowId={(r) => String(r.id)}
        rowHref={(r) => SCREENS.messageDetails.path.replace(':id', String(r.id))}
        rowLabel={(r) => r.client_name ?? r.recipient}
        searchLabel="Search by client or recipient"
        filterFields={FILTER_FIELDS}
        emptyTitle={`No ${SCREEN.title.toLowerCase()}`}
        emptyMessage={params.search || list.activeFilters ? 'Nothing matches the search.' : undefined}
      />
      {/* Below the list: the texts change rarely, the messages are what the screen is for. */}
      {can(P.editMessage) ? <TemplatesSection /> : null}
      {composing && allowed(composing.channel) ? (
        <ComposeMessageDialog
          key={composing.draft ? `draft-${composing.draft.id}` : composing.channel}
          channel={composing.channel}
          clientId={composing.clientId}
          draft={composing.draft}
          onClose={() => setComposing(null)}
        />
      ) : null}
    </PageSection>
  );
}

export default CommunicationListPage;
