import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import { branchSaveBodySchema, type BranchDto, type BranchSaveInput } from '@loan/shared-contract';
import { useGetSettingsBranchesQuery, useSaveBranchMutation } from '@loan/rbac-data-access';
import { applyServerErrors, errorMessage } from '@loan/shared-data-access-api';
import { SCREENS } from '@loan/shared-screens';
import { Button, CheckboxField, DataTable, FormActions, Modal, PageSection, SectionTitleBar, TextField } from '@loan/shared-ui';
import { ActiveBadge } from './user-columns';

const SCREEN = SCREENS.branches;
const col = createColumnHelper<BranchDto>();

/**
 * /settings/branches: name, code, SMS sender name, active; add and edit (`can edit settings`).
 * A closed branch keeps its records.
 */
export function BranchesPage() {
  const query = useGetSettingsBranchesQuery();
  const [editing, setEditing] = useState<BranchDto | 'new' | null>(null);
  const columns = useMemo(
    () =>
      [
        col.accessor('name', { header: 'Name' }),
        col.accessor('code', { header: 'Code' }),
        col.accessor((r) => r.sms_sender_name ?? '', { id: 'sender', header: 'SMS sender', cell: (c) => c.getValue() || <span className="text-slate-600 dark:text-slate-300">Default</span> }),
        col.accessor('active', { header: 'Status', cell: (c) => <ActiveBadge active={c.getValue()} /> }),
        col.display({
          id: 'actions',
          header: 'Actions',
          cell: ({ row }) => (
            <Button size="sm" variant="secondary" aria-label={`Edit ${row.original.name}`} onClick={() => setEditing(row.original)}>
              Edit
            </Button>
          ),
        }),
      ] as ColumnDef<BranchDto, unknown>[],
    [],
  );
  return (
    <PageSection>
      <SectionTitleBar title={SCREEN.title} actions={<Button onClick={() => setEditing('new')}>Add branch</Button>} />
      <DataTable
        caption={SCREEN.title}
        columns={columns}
        data={query.data ?? []}
        loading={query.isLoading}
        error={query.isError ? errorMessage(query.error, 'The branches could not be loaded.') : undefined}
        errorTitle="Could not load"
        onRetry={() => void query.refetch()}
        retryLabel="Retry"
        emptyTitle="No branches"
        getRowId={(r) => String(r.id)}
      />
      <Modal open={editing !== null} title={editing === 'new' ? 'Add branch' : 'Edit branch'} onClose={() => setEditing(null)} size="sm">
        {editing !== null && <BranchForm branch={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />}
      </Modal>
    </PageSection>
  );
}

function BranchForm({ branch, onClose }: { branch?: BranchDto; onClose: () => void }) {
  const [save] = useSaveBranchMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<BranchSaveInput>({
    resolver: zodResolver(branchSaveBodySchema),
    defaultValues: { id: branch?.id, name: branch?.name ?? '', code: branch?.code ?? '', active: branch?.active ?? true, sms_sender_name: branch?.sms_sender_name ?? '' },
  });
  const submit = form.handleSubmit(async (body) => {
    setFailure(null);
    const res = await save(body);
    if ('error' in res) {
      setFailure(applyServerErrors(form, res.error, { fields: ['name', 'code', 'active', 'sms_sender_name'], fallback: 'Could not save.' }).message);
      return;
    }
    onClose();
  });
  const e = form.formState.errors;
  return (
    <form className="space-y-4" noValidate onSubmit={submit}>
      <TextField label="Name" required data-autofocus error={e.name?.message} {...form.register('name')} />
      <TextField label="Code" required hint="2 to 8 letters or digits, e.g. LSK." error={e.code?.message} {...form.register('code')} />
      <TextField
        label="SMS sender name"
        hint="The sender of this branch's reminders: at most 11 letters, digits or spaces. Blank: the default sender."
        error={e.sms_sender_name?.message}
        {...form.register('sms_sender_name')}
      />
      <CheckboxField label="Active (offered for new users and applications)" error={e.active?.message} {...form.register('active')} />
      <FormActions control={form.control} failure={failure} onCancel={onClose}>
        Save
      </FormActions>
    </form>
  );
}

export default BranchesPage;
