import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { ID_PATTERN, P, type AdminUserDetails } from '@loan/shared-contract';
import {
  useDeleteUserMutation,
  useGetAdminUserQuery,
  useResendInvitationMutation,
  useRevokeUserSessionsMutation,
  useUpdateUserMutation,
} from '@loan/rbac-data-access';
import { isFetchError, useGetRecordHistoryQuery } from '@loan/shared-data-access-api';
import { usePermission } from '@loan/shared-permissions';
import { selectUser } from '@loan/shared-session';
import { SCREENS } from '@loan/shared-screens';
import { AuditChanges, Button, Card, ConfirmDialog, ErrorState, HistorySection, Modal, NotFound, PageSection, SectionTitleBar, Skeleton } from '@loan/shared-ui';
import { formatDateTime } from '@loan/shared-util-format';
import { useSelector } from 'react-redux';
import { ActiveBadge } from './user-columns';
import { UserForm } from './user-form';


const SCREEN = SCREENS.userDetails;
const LIST = SCREENS.users;

type Confirm = 'deactivate' | 'reactivate' | 'delete' | 'revoke-all' | null;

/** /users/:id: details, role, active sessions (revoke one or all) and recent actions. */
export function UserDetailsPage() {
  const id = useParams().id ?? '';
  const valid = ID_PATTERN.test(id);
  const query = useGetAdminUserQuery(Number(id), { skip: !valid });
  const record = query.data;
  return (
    <PageSection>
      <SectionTitleBar title={record ? record.fullname : SCREEN.title} subtitle={record ? `${record.role} · ${record.email}` : undefined} />
      {!valid || (isFetchError(query.error) && query.error.status === 404) ? (
        <NotFound title="User not found" backTo={LIST.path} backLabel={`Back to ${LIST.title}`} />
      ) : query.isLoading ? (
        <Skeleton lines={6} label="Loading..." />
      ) : query.isError || !record ? (
        <ErrorState title="Could not load" onRetry={() => void query.refetch()} retryLabel="Retry" />
      ) : (
        <UserDetails user={record} />
      )}
      {record && <HistorySection kind="user" id={record.id} useHistory={useGetRecordHistoryQuery} />}
    </PageSection>
  );
}

function UserDetails({ user }: { user: AdminUserDetails }) {
  const me = useSelector(selectUser);
  const self = me?.id === user.id;
  const canEdit = usePermission(P.editUser);
  const canAssign = usePermission(P.assignRole);
  const canDelete = usePermission(P.deleteUser);
  const canCreate = usePermission(P.createUser);
  const [editing, setEditing] = useState(false);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [update, updating] = useUpdateUserMutation();
  const [remove, removing] = useDeleteUserMutation();
  const [resend, resending] = useResendInvitationMutation();
  const [revoke, revoking] = useRevokeUserSessionsMutation();
  const navigate = useNavigate();
  // Only users who never acted may be deleted (the api answers 409 otherwise); their recent
  // actions are the audit trail's rows of theirs, so none means never.
  const acted = user.recent_actions.length > 0;

  const run = async () => {
    if (confirm === 'deactivate' || confirm === 'reactivate') await update({ id: user.id, active: confirm === 'reactivate' });
    if (confirm === 'revoke-all') await revoke({ id: user.id });
    if (confirm === 'delete') {
      const res = await remove(user.id);
      if (!('error' in res)) navigate(LIST.path);
    }
    setConfirm(null);
  };

  const confirmText: Record<Exclude<Confirm, null>, { title: string; message: string; label: string; tone: 'danger' | 'primary' }> = {
    deactivate: { title: 'Deactivate this user?', message: `${user.fullname} will be signed out at once and cannot sign in until reactivated.`, label: 'Deactivate', tone: 'danger' },
    reactivate: { title: 'Reactivate this user?', message: `${user.fullname} can sign in again.`, label: 'Reactivate', tone: 'primary' },
    delete: { title: 'Delete this user?', message: `${user.fullname} never acted in the system and will be removed. This cannot be undone.`, label: 'Delete', tone: 'danger' },
    'revoke-all': { title: 'Sign out every session?', message: `All of ${user.fullname}'s sessions end now.`, label: 'Sign out all', tone: 'danger' },
  };
  const c = confirm ? confirmText[confirm] : null;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap gap-2">
        {(canEdit || canAssign) && <Button onClick={() => setEditing(true)}>{canEdit ? 'Edit' : 'Change role'}</Button>}
        {canEdit && !self && (
          <Button variant={user.active ? 'danger' : 'success'} onClick={() => setConfirm(user.active ? 'deactivate' : 'reactivate')}>
            {user.active ? 'Deactivate' : 'Reactivate'}
          </Button>
        )}
        {canCreate && !user.password_set && user.active && (
          <Button variant="secondary" loading={resending.isLoading} onClick={() => void resend(user.id)}>
            Resend invitation
          </Button>
        )}
        {canDelete && !self && !acted && (
          <Button variant="ghost" onClick={() => setConfirm('delete')}>
            Delete
          </Button>
        )}
      </div>
      {canDelete && !self && acted && user.active && (
        <p className="text-sm text-gray-600 dark:text-gray-300">This user has acted in the system: deactivate them instead of deleting (their actions stay in the audit trail).</p>
      )}
      <Card>
        <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr] sm:gap-y-2 [&>dt]:text-gray-600 sm:[&>dt]:text-inherit dark:[&>dt]:text-gray-300 [&>dd]:mb-2 sm:[&>dd]:mb-0">
          <dt className="font-medium">Name</dt>
          <dd>{user.fullname}</dd>
          <dt className="font-medium">E-mail</dt>
          <dd className="break-all">{user.email}</dd>
          <dt className="font-medium">Unique number</dt>
          <dd>{user.unique_number}</dd>
          <dt className="font-medium">Mobile</dt>
          <dd>{user.mobile ?? '—'}</dd>
          <dt className="font-medium">Role</dt>
          <dd>{user.role}</dd>
          <dt className="font-medium">Branch</dt>
          <dd>{user.branch ?? 'None'}</dd>
          <dt className="font-medium">Status</dt>
          <dd>
            <ActiveBadge active={user.active} passwordSet={user.password_set} />
          </dd>
          <dt className="font-medium">Last sign-in</dt>
          <dd>{user.last_sign_in_at ? formatDateTime(user.last_sign_in_at) : 'Never'}</dd>
          <dt className="font-medium">Created</dt>
          <dd>{formatDateTime(user.created_at)}</dd>
        </dl>
      </Card>

      <section aria-labelledby="sessions-title" className="space-y-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="sessions-title" className="text-lg font-semibold">
            Active sessions
          </h2>
          {canEdit && user.sessions.length > 0 && (
            <Button size="sm" variant="danger" onClick={() => setConfirm('revoke-all')}>
              Sign out all
            </Button>
          )}
        </div>
        {user.sessions.length === 0 ? (
          <p className="text-sm text-gray-600 dark:text-gray-300">No active sessions.</p>
        ) : (
          <ul className="divide-y divide-gray-200 rounded-lg border border-gray-200 dark:divide-slate-700 dark:border-slate-700">
            {user.sessions.map((s) => (
              <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm">
                <div className="min-w-0">
                  <p className="break-all font-medium">{s.user_agent || 'Unknown device'}</p>
                  <p className="text-gray-600 dark:text-gray-300">
                    {s.ip_address ?? 'Unknown IP'} · last seen {formatDateTime(s.last_seen_at)}
                  </p>
                </div>
                {canEdit && (
                  <Button size="sm" variant="secondary" loading={revoking.isLoading && revoking.originalArgs?.session === s.id} onClick={() => void revoke({ id: user.id, session: s.id })}>
                    Sign out
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="actions-title" className="space-y-2">
        <h2 id="actions-title" className="text-lg font-semibold">
          Recent actions
        </h2>
        {user.recent_actions.length === 0 ? (
          <p className="text-sm text-gray-600 dark:text-gray-300">No actions yet.</p>
        ) : (
          <ul className="divide-y divide-gray-200 rounded-lg border border-gray-200 text-sm dark:divide-slate-700 dark:border-slate-700">
            {user.recent_actions.map((a) => (
              <li key={a.id} className="p-3">
                <p>
                  <span className="font-medium">{a.action}</span> {a.entity}
                  {a.entity_id ? ` #${a.entity_id}` : ''} · <span className="text-gray-600 dark:text-gray-300">{formatDateTime(a.created_at)}</span>
                  {a.ip_address ? <span className="text-gray-600 dark:text-gray-300"> · {a.ip_address}</span> : null}
                </p>
                <AuditChanges entry={a} />
              </li>
            ))}
          </ul>
        )}
      </section>

      <Modal open={editing} title={canEdit ? 'Edit user' : 'Change role'} onClose={() => setEditing(false)} size="lg">
        <UserForm user={user} canEditDetails={canEdit} canChooseRole={canAssign && !self} onCancel={() => setEditing(false)} onDone={() => setEditing(false)} />
      </Modal>
      <ConfirmDialog
        open={!!c}
        title={c?.title ?? ''}
        message={c?.message}
        confirmLabel={c?.label}
        tone={c?.tone}
        busy={updating.isLoading || removing.isLoading || revoking.isLoading}
        onConfirm={() => void run()}
        onCancel={() => setConfirm(null)}
      />
    </div>
  );
}

export default UserDetailsPage;
