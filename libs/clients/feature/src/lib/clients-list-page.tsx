import { useGetClientsQuery } from '@loan/clients-data-access';
import { SCREENS } from '@loan/shared-screens';
import {
  ListScreen,
  PageSection,
  SectionTitleBar,
  useListParams,
} from '@loan/shared-ui';
import { clientColumns } from './clients-columns';

const SCREEN = SCREENS.clients;

/** The clients screen: the list, newest first; its page, page size and search held in the URL. */
export function ClientsListPage() {
  const list = useListParams();
  const { params } = list;
  const query = useGetClientsQuery({
    page: params.page,
    pageSize: params.pageSize,
    search: params.search,
  });
  return (
    <PageSection>
      <SectionTitleBar title={SCREEN.title} />
      <ListScreen
        caption={SCREEN.title}
        columns={clientColumns}
        query={query}
        list={list}
        getRowId={(r) => String(r.id)}
        rowHref={(r) => SCREENS.clientDetails.path.replace(':id', String(r.id))}
        rowLabel={(r) => r.name}
        searchLabel="Search by name, NRC, mobile or reference"
        emptyTitle={`No ${SCREEN.title.toLowerCase()}`}
        emptyMessage={params.search ? 'Nothing matches the search.' : undefined}
      />
    </PageSection>
  );
}

export default ClientsListPage;
