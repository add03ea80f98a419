import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { adminUserCreateBodySchema, type AdminUser, type AdminUserCreateInput } from '@loan/shared-contract';
import { useCreateUserMutation, useGetBranchesQuery, useGetRoleOptionsQuery, useUpdateUserMutation } from '@loan/rbac-data-access';
import { applyServerErrors } from '@loan/shared-data-access-api';
import { Button, SelectField, SubmitButton, TextField } from '@loan/shared-ui';

export interface UserFormProps {
  /** The user to edit; a new user (invited by e-mail) when absent. */
  user?: AdminUser;
  /** Whether the role may be chosen (`can assign role`, and never one's own). */
  canChooseRole: boolean;
  /** Whether the other fields may be edited (`can edit user`; always for a new user). */
  canEditDetails?: boolean;
  onDone: (user: AdminUser) => void;
  onCancel: () => void;
}

const FIELDS = ['fullname', 'email', 'unique_number', 'mobile', 'role_id', 'branch_id'] as const;

/** Create or edit a user: react-hook-form on the contract's schema, 422s on the fields. */
export function UserForm({ user, canChooseRole, canEditDetails = true, onDone, onCancel }: UserFormProps) {
  const roles = useGetRoleOptionsQuery();
  const branches = useGetBranchesQuery();
  const [create] = useCreateUserMutation();
  const [update] = useUpdateUserMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<AdminUserCreateInput>({
    resolver: zodResolver(adminUserCreateBodySchema),
    defaultValues: {
      fullname: user?.fullname ?? '',
      email: user?.email ?? '',
      unique_number: user?.unique_number ?? '',
      mobile: user?.mobile ?? null,
      role_id: user ? String(user.role_id) : '',
      branch_id: user?.branch_id ? String(user.branch_id) : null,
    } as unknown as AdminUserCreateInput,
  });
  const {
    register,
    formState: { errors, dirtyFields },
  } = form;

  const onSubmit = form.handleSubmit(async (body) => {
    setFailure(null);
    let res;
    if (!user) res = await create(body);
    else {
      // Only what changed: a role change alone needs `can assign role` only.
      const changed = Object.fromEntries(Object.entries(body).filter(([k]) => dirtyFields[k as keyof typeof dirtyFields]));
      if (!Object.keys(changed).length) return onCancel();
      res = await update({ id: user.id, ...changed });
    }
    if ('error' in res && res.error) {
      setFailure(applyServerErrors(form, res.error, { fields: FIELDS, fallback: 'Could not save.' }).message);
      return;
    }
    if ('data' in res && res.data) onDone(res.data.data);
  });

  // A role holding permissions the signed-in user lacks is not theirs to give (the api answers
  // 403): shown, not choosable, except the user's current role so the field still shows it.
  const roleOptions = (roles.data ?? []).map((r) => ({
    value: String(r.id),
    label: r.grantable ? r.name : `${r.name} (holds permissions you do not)`,
    disabled: !r.grantable && r.id !== user?.role_id,
  }));
  const branchOptions = (branches.data ?? []).filter((b) => b.active || b.id === user?.branch_id).map((b) => ({ value: String(b.id), label: b.name }));
  const locked = !canEditDetails;
  return (
    <form className="grid gap-4 sm:grid-cols-2" noValidate onSubmit={onSubmit} aria-label={user ? 'Edit user' : 'New user'}>
      <TextField label="Full name" required disabled={locked} autoComplete="off" data-autofocus error={errors.fullname?.message} {...register('fullname')} />
      <TextField label="E-mail" type="email" required disabled={locked} autoComplete="off" error={errors.email?.message} {...register('email')} />
      <TextField label="Unique number" required disabled={locked} error={errors.unique_number?.message} {...register('unique_number')} />
      <TextField label="Mobile" type="tel" disabled={locked} placeholder="+260971234567" error={errors.mobile?.message} {...register('mobile', { setValueAs: (v) => (v === '' ? null : v) })} />
      <SelectField
        label="Role"
        required
        disabled={!canChooseRole}
        placeholder={roles.isLoading ? 'Loading roles...' : 'Choose a role'}
        options={roleOptions}
        hint={canChooseRole ? undefined : user ? 'You cannot change this role.' : undefined}
        error={errors.role_id?.message}
        {...register('role_id')}
      />
      <SelectField label="Branch" disabled={locked} placeholder="No branch" options={branchOptions} error={errors.branch_id?.message} {...register('branch_id', { setValueAs: (v) => (v === '' ? null : v) })} />
      {!user && <p className="text-sm text-gray-600 sm:col-span-2 dark:text-gray-300">The new user receives a link by e-mail to set their password (single use).</p>}
      {failure && (
        <p role="alert" className="text-sm text-red-700 sm:col-span-2 dark:text-red-300">
          {failure}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2 sm:col-span-2">
        <Button type="button" variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <SubmitButton control={form.control}>{user ? 'Save' : 'Create and invite'}</SubmitButton>
      </div>
    </form>
  );
}
