import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useGetCommunicationQuery } from '@loan/communication-data-access';
import { P } from '@loan/shared-contract';
import { usePermissions } from '@loan/shared-permissions';
import { SCREENS } from '@loan/shared-screens';
import { Button, ListScreen, PageSection, SectionTitleBar, useListParams } from '@loan/shared-ui';
import { messageColumns } from './communication-columns';
import { ComposeSmsDialog } from './compose-sms-dialog';

const SCREEN = SCREENS.communication;

/**
 * The communication screen: the messages, newest first (bodies as stored: secrets masked);
 * page, page size and search held in the URL. "Send SMS" (can create message) opens the
 * compose dialog, as does `?compose=sms&client=<clientId>` (a link from a client's loan).
 */
export function CommunicationListPage() {
  const list = useListParams();
  const { params } = list;
  const can = usePermissions();
  const [url, setUrl] = useSearchParams();
  const query = useGetCommunicationQuery({ page: params.page, pageSize: params.pageSize, search: params.search });
  // Opened by the button or by the URL (`?compose=sms&client=<id>`); closing drops both.
  const [composing, setOpen] = useState(url.get('compose') === 'sms');
  const [client] = useState(() => Number(url.get('client')));
  const setComposing = (open: boolean) => {
    setOpen(open);
    if (!open && (url.has('compose') || url.has('client'))) {
      const next = new URLSearchParams(url);
      next.delete('compose');
      next.delete('client');
      setUrl(next, { replace: true });
    }
  };
  return (
    <PageSection>
      <SectionTitleBar
        title={SCREEN.title}
        actions={can(P.createMessage) ? <Button onClick={() => setComposing(true)}>Send SMS</Button> : undefined}
      />
      <ListScreen
        caption={SCREEN.title}
        columns={messageColumns}
        query={query}
        list={list}
        getRowId={(r) => String(r.id)}
        rowHref={(r) => SCREENS.messageDetails.path.replace(':id', String(r.id))}
        rowLabel={(r) => r.client_name ?? r.recipient}
        searchLabel="Search by client or recipient"
        emptyTitle={`No ${SCREEN.title.toLowerCase()}`}
        emptyMessage={params.search ? 'Nothing matches the search.' : undefined}
      />
      {composing && can(P.createMessage) ? (
        <ComposeSmsDialog open onClose={() => setComposing(false)} clientId={Number.isInteger(client) && client > 0 ? client : undefined} />
      ) : null}
    </PageSection>
  );
}

export default CommunicationListPage;
