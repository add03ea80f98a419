import { useGetAccountingQuery } from '@loan/accounting-data-access';
import { SCREENS } from '@loan/shared-screens';
import { ListScreen, PageSection, SectionTitleBar, useListParams } from '@loan/shared-ui';
import { glAccountColumns } from './accounting-columns';

const SCREEN = SCREENS.accounting;

/** The chart of accounts (issue 27): the accounts by code with their balances; its page, page size and search held in the URL. */
export function AccountingListPage() {
  const list = useListParams();
  const { params } = list;
  const query = useGetAccountingQuery({ page: params.page, pageSize: params.pageSize, search: params.search });
  return (
    <PageSection>
      <SectionTitleBar title={SCREEN.title} />
      <ListScreen
        caption={SCREEN.title}
        columns={glAccountColumns}
        query={query}
        list={list}
        getRowId={(r) => String(r.id)}
        searchLabel="Search by code or name"
        emptyTitle={`No ${SCREEN.title.toLowerCase()}`}
        emptyMessage={params.search ? 'Nothing matches the search.' : undefined}
      />
    </PageSection>
  );
}

export default AccountingListPage;
