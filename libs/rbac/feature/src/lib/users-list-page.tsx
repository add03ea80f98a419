import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { P } from '@loan/shared-contract';
import { USER_FILTERS, useGetBranchesQuery, useGetRoleOptionsQuery, useGetUsersQuery } from '@loan/rbac-data-access';
import { usePermission } from '@loan/shared-permissions';
import { SCREENS } from '@loan/shared-screens';
import { Button, ListScreen, Modal, PageSection, SectionTitleBar, useListParams, type FilterField } from '@loan/shared-ui';
import { adminUserColumns } from './user-columns';
import { UserForm } from './user-form';

const SCREEN = SCREENS.users;
export const userHref = (id: number) => SCREENS.userDetails.path.replace(':id', String(id));

/** /users: the staff users, newest first; search, filters (role, branch, active) in the URL; create with an invitation. */
export function UsersListPage() {
  const list = useListParams({ filters: USER_FILTERS });
  const { params } = list;
  const query = useGetUsersQuery({ page: params.page, pageSize: params.pageSize, search: params.search, filters: params.filters });
  const roles = useGetRoleOptionsQuery();
  const branches = useGetBranchesQuery();
  const canCreate = usePermission(P.createUser);
  const [creating, setCreating] = useState(false);
  const navigate = useNavigate();

  const filterFields: FilterField<(typeof USER_FILTERS)[number]>[] = [
    { name: 'role_id', label: 'Role', type: 'select', options: (roles.data ?? []).map((r) => ({ value: String(r.id), label: r.name })) },
    { name: 'branch_id', label: 'Branch', type: 'select', options: (branches.data ?? []).map((b) => ({ value: String(b.id), label: b.name })) },
    {
      name: 'active',
      label: 'Status',
      type: 'select',
      options: [
        { value: 'true', label: 'Active' },
        { value: 'false', label: 'Inactive' },
      ],
    },
  ];

  return (
    <PageSection>
      <SectionTitleBar
        title={SCREEN.title}
        actions={
          canCreate ? (
            <Button onClick={() => setCreating(true)}>
              New user
            </Button>
          ) : undefined
        }
      />
      <ListScreen
        caption={SCREEN.title}
        columns={adminUserColumns}
        query={query}
        list={list}
        getRowId={(r) => String(r.id)}
        rowHref={(r) => userHref(r.id)}
        rowLabel={(r) => r.fullname}
        searchLabel="Search by name, e-mail or unique number"
        filterFields={filterFields}
        emptyTitle="No users"
        emptyMessage={params.search || list.activeFilters ? 'Nothing matches the search or filters.' : undefined}
      />
      <Modal open={creating} title="New user" onClose={() => setCreating(false)} size="lg">
        <UserForm
          canChooseRole
          onCancel={() => setCreating(false)}
          onDone={(u) => {
            setCreating(false);
            navigate(userHref(u.id));
          }}
        />
      </Modal>
    </PageSection>
  );
}

export default UsersListPage;
