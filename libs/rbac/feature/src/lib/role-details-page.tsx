import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useSelector } from 'react-redux';
import { ID_PATTERN, P, PERMISSION_GROUPS, type PermissionDto, type RoleDto } from '@loan/shared-contract';
import {
  useAssignPermissionsMutation,
  useCreateRoleMutation,
  useUpdateRoleMutation,
  useGetPermissionsQuery,
  useGetRoleQuery,
  useGetUsersQuery,
  useRevokePermissionsMutation,
} from '@loan/rbac-data-access';
import { isFetchError, useGetRecordHistoryQuery } from '@loan/shared-data-access-api';
import { selectPermissionNames, usePermission } from '@loan/shared-permissions';
import { selectUser } from '@loan/shared-session';
import { SCREENS } from '@loan/shared-screens';
import { Button, Card, ConfirmDialog, ErrorState, HistorySection, NotFound, PageSection, SectionTitleBar, Skeleton, TextField } from '@loan/shared-ui';
import { RoleNameDialog } from './role-name-dialog';
import { roleHref } from './roles-list-page';
import { userHref } from './users-list-page';

const SCREEN = SCREENS.roleDetails;
const LIST = SCREENS.roles;
const MODULES = Object.keys(PERMISSION_GROUPS);

/** "adds 3, removes 1" */
export function diffSummary(adds: number, removes: number): string {
  const parts = [adds ? `adds ${adds}` : '', removes ? `removes ${removes}` : ''].filter(Boolean);
  return parts.length ? parts.join(', ') : 'no changes';
}

/** /settings/roles/:id: the permission matrix grouped by module, one save with a diff preview; users holding the role; copy. */
export function RoleDetailsPage() {
  const id = useParams().id ?? '';
  const valid = ID_PATTERN.test(id);
  const role = useGetRoleQuery(Number(id), { skip: !valid });
  const catalog = useGetPermissionsQuery();
  const canEdit = usePermission(P.editRole);
  const [editing, setEditing] = useState(false);
  const [update] = useUpdateRoleMutation();
  return (
    <PageSection>
      <SectionTitleBar
        title={role.data ? `Role: ${role.data.name}` : SCREEN.title}
        subtitle={role.data ? role.data.description || 'No description yet.' : undefined}
        actions={
          canEdit && role.data ? (
            <Button variant="secondary" onClick={() => setEditing(true)}>
              Edit
            </Button>
          ) : undefined
        }
      />
      {role.data && (
        <RoleNameDialog
          open={editing}
          title="Edit role"
          submitLabel="Save"
          withDescription
          initialName={role.data.name}
          initialDescription={role.data.description}
          onClose={() => setEditing(false)}
          onSubmit={(values) => update({ id: role.data?.id ?? 0, ...values })}
        />
      )}
      {!valid || (isFetchError(role.error) && role.error.status === 404) ? (
        <NotFound title="Role not found" backTo={LIST.path} backLabel={`Back to ${LIST.title}`} />
      ) : role.isLoading || catalog.isLoading ? (
        <Skeleton lines={8} label="Loading..." />
      ) : role.isError || catalog.isError || !role.data || !catalog.data ? (
        <ErrorState
          title="Could not load"
          onRetry={() => {
            void role.refetch();
            void catalog.refetch();
          }}
          retryLabel="Retry"
        />
      ) : (
        <RoleMatrix role={role.data} catalog={catalog.data} />
      )}
      {role.data && <HistorySection kind="role" id={role.data.id} useHistory={useGetRecordHistoryQuery} />}
    </PageSection>
  );
}

function RoleMatrix({ role, catalog }: { role: RoleDto; catalog: PermissionDto[] }) {
  const mine = useSelector(selectPermissionNames);
  const me = useSelector(selectUser);
  const own = me?.role_id === role.id;
  const canAssign = usePermission(P.assignPermissions);
  const canRevoke = usePermission(P.revokePermissions);
  const canCopy = usePermission(P.addRole);
  const canSeeUsers = usePermission(P.viewUsersModule);
  const original = useMemo(() => new Set(role.allpermissions.map((p) => p.id)), [role]);
  const [selected, setSelected] = useState<Set<number>>(original);
  // A saved change reloads the role: the ticks start again from what it now holds.
  const [base, setBase] = useState(original);
  if (base !== original) {
    setBase(original);
    setSelected(new Set(original));
  }
  const [search, setSearch] = useState('');
  const [previewing, setPreviewing] = useState(false);
  const [copying, setCopying] = useState(false);
  const [assign, assigning] = useAssignPermissionsMutation();
  const [revoke, revoking] = useRevokePermissionsMutation();
  const [create] = useCreateRoleMutation();
  const [outcome, setOutcome] = useState<string | null>(null);
  const navigate = useNavigate();
  const holders = useGetUsersQuery({ page: 1, pageSize: 50, filters: { role_id: String(role.id) } }, { skip: !canSeeUsers });

  const adds = catalog.filter((p) => selected.has(p.id) && !original.has(p.id));
  const removes = catalog.filter((p) => !selected.has(p.id) && original.has(p.id));
  const q = search.trim().toLowerCase();
  const byModule = MODULES.map((m) => ({ module: m, perms: catalog.filter((p) => p.group === m && (!q || p.name.includes(q))) })).filter((g) => g.perms.length);

  /** Whether this box may change: adding needs assign and holding it; removing needs revoke. Never one's own role. */
  const editable = (p: PermissionDto) => !own && (selected.has(p.id) ? canRevoke : canAssign && mine.includes(p.name));
  const toggle = (ids: number[], on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      for (const i of ids) if (on) next.add(i);
      else next.delete(i);
      return next;
    });

  const save = async () => {
    setOutcome(null);
    if (adds.length) {
      const r = await assign({ role_id: role.id, ids: adds.map((p) => p.id) });
      if ('error' in r) return setPreviewing(false);
    }
    if (removes.length) {
      const r = await revoke({ role_id: role.id, ids: removes.map((p) => p.id) });
      if ('error' in r) return setPreviewing(false);
    }
    setOutcome(`Saved: ${diffSummary(adds.length, removes.length)}.`);
    setPreviewing(false);
  };

  return (
    <div className="space-y-4">
      {own && (
        <p role="note" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-900/40 dark:text-amber-100">
          This is your own role: nobody changes the permissions of their own role.
        </p>
      )}
      <div className="flex flex-wrap items-end justify-between gap-3">
        <TextField label="Search permissions" type="search" value={search} onChange={(e) => setSearch(e.target.value)} wrapperClassName="w-full sm:w-72" />
        <div className="flex flex-wrap gap-2">
          {canCopy && (
            <Button variant="secondary" onClick={() => setCopying(true)}>
              Copy role
            </Button>
          )}
          {(canAssign || canRevoke) && !own && (
            <Button disabled={!adds.length && !removes.length} onClick={() => setPreviewing(true)}>
              Save ({diffSummary(adds.length, removes.length)})
            </Button>
          )}
        </div>
      </div>
      {outcome && (
        <p role="status" className="text-sm text-green-800 dark:text-green-300">
          {outcome}
        </p>
      )}
      {byModule.length === 0 && <p className="text-sm text-gray-600 dark:text-gray-300">No permission matches the search.</p>}
      <div className="grid gap-4 lg:grid-cols-2">
        {byModule.map(({ module, perms }) => {
          const changeable = perms.filter(editable);
          const allOn = perms.every((p) => selected.has(p.id));
          const count = perms.filter((p) => selected.has(p.id)).length;
          return (
            <Card key={module}>
              <fieldset>
                <legend className="flex w-full flex-wrap items-center justify-between gap-2 text-base font-semibold">
                  <span>
                    {module} <span className="text-sm font-normal text-gray-600 dark:text-gray-300">({count} of {perms.length})</span>
                  </span>
                </legend>
                <label className="mt-2 flex items-center gap-2 border-b border-gray-200 pb-2 text-sm font-medium dark:border-slate-700">
                  <input
                    type="checkbox"
                    className="h-4 w-4"
                    checked={allOn}
                    disabled={!changeable.length}
                    onChange={(e) => toggle(changeable.map((p) => p.id), e.target.checked)}
                  />
                  All in {module}
                </label>
                <ul className="mt-2 space-y-1">
                  {perms.map((p) => {
                    const isAdd = selected.has(p.id) && !original.has(p.id);
                    const isRemove = !selected.has(p.id) && original.has(p.id);
                    const notHeld = !mine.includes(p.name) && !selected.has(p.id);
                    return (
                      <li key={p.id}>
                        <label className="flex items-start gap-2 text-sm">
                          <input type="checkbox" className="mt-0.5 h-4 w-4" checked={selected.has(p.id)} disabled={!editable(p)} onChange={(e) => toggle([p.id], e.target.checked)} />
                          <span className={isAdd ? 'font-medium text-green-800 dark:text-green-300' : isRemove ? 'text-red-700 line-through dark:text-red-300' : undefined}>
                            {p.name}
                            {notHeld && !own && <span className="ml-1 text-xs text-gray-500 dark:text-gray-400">(you do not hold it)</span>}
                          </span>
                        </label>
                      </li>
                    );
                  })}
                </ul>
              </fieldset>
            </Card>
          );
        })}
      </div>

      {canSeeUsers && (
        <section aria-labelledby="holders-title" className="space-y-2">
          <h2 id="holders-title" className="text-lg font-semibold">
            Users holding this role ({role.users_count ?? 0})
          </h2>
          {holders.isLoading ? (
            <Skeleton lines={2} label="Loading users..." />
          ) : holders.isError ? (
            <ErrorState title="Could not load" onRetry={() => void holders.refetch()} retryLabel="Retry" />
          ) : holders.data?.items.length ? (
            <ul className="flex flex-wrap gap-2 text-sm">
              {holders.data.items.map((u) => (
                <li key={u.id}>
                  <Link className="text-blue-700 hover:underline dark:text-blue-300" to={userHref(u.id)}>
                    {u.fullname}
                  </Link>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-gray-600 dark:text-gray-300">Nobody holds this role.</p>
          )}
        </section>
      )}

      <ConfirmDialog
        open={previewing}
        title={`Save changes to ${role.name}?`}
        message={
          <span className="block space-y-2 text-sm">
            <span className="block">This {diffSummary(adds.length, removes.length)} permission(s). Signed-in users of this role see it on their next action.</span>
            {adds.length > 0 && (
              <span className="block">
                <span className="font-medium">Adds:</span> {adds.map((p) => p.name).join(', ')}
              </span>
            )}
            {removes.length > 0 && (
              <span className="block">
                <span className="font-medium">Removes:</span> {removes.map((p) => p.name).join(', ')}
              </span>
            )}
          </span>
        }
        confirmLabel="Save"
        tone={removes.length ? 'danger' : 'primary'}
        busy={assigning.isLoading || revoking.isLoading}
        onConfirm={() => void save()}
        onCancel={() => setPreviewing(false)}
      />
      <RoleNameDialog
        open={copying}
        title="Copy role"
        submitLabel="Copy"
        initialName={`${role.name} (copy)`}
        hint="The copy gets the permissions ticked here that you hold."
        onClose={() => setCopying(false)}
        onSubmit={async ({ name }) => {
          const ids = catalog.filter((p) => selected.has(p.id) && mine.includes(p.name)).map((p) => p.id);
          const res = await create({ name, description: role.description, permissions: ids });
          if ('data' in res && res.data) navigate(roleHref(res.data.data.id));
          return res;
        }}
      />
    </div>
  );
}

export default RoleDetailsPage;
