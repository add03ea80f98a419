import { useGetDisbursementsQuery } from '@loan/transactions-data-access';
import { SCREENS } from '@loan/shared-screens';
import { ListScreen, PageSection, SectionTitleBar, useListParams } from '@loan/shared-ui';
import { disbursementColumns } from './disbursements-columns';

const SCREEN = SCREENS.disbursements;

/** All disbursements: the list, newest first; its page, page size and search held in the URL. */
export function DisbursementsListPage() {
  const list = useListParams();
  const { params } = list;
  const query = useGetDisbursementsQuery({ page: params.page, pageSize: params.pageSize, search: params.search });
  return (
    <PageSection>
      <SectionTitleBar title={SCREEN.title} />
      <ListScreen
        caption={SCREEN.title}
        columns={disbursementColumns}
        query={query}
        list={list}
        getRowId={(r) => String(r.id)}
        rowHref={(r) => SCREENS.disbursementDetails.path.replace(':id', String(r.id))}
        rowLabel={(r) => `Disbursement ${r.id}`}
        searchLabel="Search by recipient or provider reference"
        emptyTitle={`No ${SCREEN.title.toLowerCase()}`}
        emptyMessage={params.search ? 'Nothing matches the search.' : undefined}
      />
    </PageSection>
  );
}

export default DisbursementsListPage;
