import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import { P, type RoleDto } from '@loan/shared-contract';
import { useCreateRoleMutation, useDeleteRolesMutation, useGetRolesQuery, useUpdateRoleMutation } from '@loan/rbac-data-access';
import { errorMessage } from '@loan/shared-data-access-api';
import { usePermission } from '@loan/shared-permissions';
import { SCREENS } from '@loan/shared-screens';
import { Button, ConfirmDialog, DataTable, PageSection, SectionTitleBar } from '@loan/shared-ui';
import { RoleNameDialog } from './role-name-dialog';

const SCREEN = SCREENS.roles;
export const roleHref = (id: number) => SCREENS.roleDetails.path.replace(':id', String(id));
const col = createColumnHelper<RoleDto>();

/** /settings/roles: roles with their user and permission counts; add, rename, delete (refused while users hold one). */
export function RolesListPage() {
  const query = useGetRolesQuery();
  const canAdd = usePermission(P.addRole);
  const canEdit = usePermission(P.editRole);
  const canDelete = usePermission(P.deleteRole);
  const [create] = useCreateRoleMutation();
  const [update] = useUpdateRoleMutation();
  const [remove, removing] = useDeleteRolesMutation();
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<RoleDto | null>(null);
  const [deleting, setDeleting] = useState<RoleDto | null>(null);

  const columns = useMemo(
    () =>
      [
        col.accessor('name', {
          header: 'Role',
          cell: (c) => (
            <Link className="font-medium text-blue-700 hover:underline dark:text-blue-300" to={roleHref(c.row.original.id)}>
              {c.getValue()}
            </Link>
          ),
        }),
        col.accessor('description', {
          header: 'Description',
          cell: (c) =>
            c.getValue() ? (
              <span className="line-clamp-2 max-w-md whitespace-pre-line text-sm">{c.getValue()}</span>
            ) : (
              <span className="text-sm text-gray-500 dark:text-gray-400">None</span>
            ),
        }),
        col.accessor('users_count', { header: 'Users', cell: (c) => c.getValue() ?? 0 }),
        col.accessor((r) => r.allpermissions.length, { id: 'permissions', header: 'Permissions' }),
        col.display({
          id: 'actions',
          header: 'Actions',
          cell: ({ row }) => {
            const r = row.original;
            const held = (r.users_count ?? 0) > 0;
            return (
              <div className="flex flex-wrap gap-1">
                {canEdit && (
                  <Button size="sm" variant="secondary" onClick={() => setRenaming(r)} aria-label={`Edit ${r.name}`}>
                    Edit
                  </Button>
                )}
                {canDelete && (
                  <Button
                    size="sm"
                    variant="ghost"
                    disabled={held}
                    title={held ? 'Users hold this role: give them another role first.' : undefined}
                    onClick={() => setDeleting(r)}
                    aria-label={`Delete ${r.name}`}
                  >
                    Delete
                  </Button>
                )}
              </div>
            );
          },
        }),
      ] as ColumnDef<RoleDto, unknown>[],
    [canEdit, canDelete],
  );

  return (
    <PageSection>
      <SectionTitleBar title={SCREEN.title} actions={canAdd ? <Button onClick={() => setAdding(true)}>Add role</Button> : undefined} />
      <DataTable
        caption={SCREEN.title}
        columns={columns}
        data={query.data ?? []}
        loading={query.isLoading}
        error={query.isError ? errorMessage(query.error, 'The roles could not be loaded.') : undefined}
        errorTitle="Could not load"
        onRetry={() => void query.refetch()}
        retryLabel="Retry"
        emptyTitle="No roles"
        getRowId={(r) => String(r.id)}
      />
      <RoleNameDialog
        open={adding}
        title="Add role"
        submitLabel="Add"
        hint="Choose its permissions on the role's page."
        withDescription
        onClose={() => setAdding(false)}
        onSubmit={(values) => create(values)}
      />
      <RoleNameDialog
        open={!!renaming}
        title="Edit role"
        submitLabel="Save"
        withDescription
        initialName={renaming?.name}
        initialDescription={renaming?.description}
        onClose={() => setRenaming(null)}
        onSubmit={(values) => update({ id: renaming?.id ?? 0, ...values })}
      />
      <ConfirmDialog
        open={!!deleting}
        title="Delete role?"
        message={`The role ${deleting?.name ?? ''} will be deleted. This cannot be undone.`}
        confirmLabel="Delete"
        tone="danger"
        busy={removing.isLoading}
        onConfirm={async () => {
          if (deleting) await remove([deleting.id]);
          setDeleting(null);
        }}
        onCancel={() => setDeleting(null)}
      />
    </PageSection>
  );
}

export default RolesListPage;
