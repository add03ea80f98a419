import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { roleNameSchema } from '@loan/shared-contract';
import { applyServerErrors } from '@loan/shared-data-access-api';
import { Button, Modal, SubmitButton, TextField } from '@loan/shared-ui';

const schema = z.object({ name: roleNameSchema });
type Body = z.infer<typeof schema>;

export interface RoleNameDialogProps {
  open: boolean;
  title: string;
  submitLabel: string;
  initialName?: string;
  hint?: string;
  /** Saves; answers the api's error (for the field) or nothing when done. */
  onSubmit: (name: string) => Promise<{ error?: unknown }>;
  onClose: () => void;
}

/** Add, rename or copy a role: one name field on the contract's schema, 422s on the field. */
export function RoleNameDialog({ open, title, submitLabel, initialName = '', hint, onSubmit, onClose }: RoleNameDialogProps) {
  return (
    <Modal open={open} title={title} onClose={onClose} size="sm">
      {open && <RoleNameForm initialName={initialName} hint={hint} submitLabel={submitLabel} onSubmit={onSubmit} onClose={onClose} />}
    </Modal>
  );
}

function RoleNameForm({ initialName, hint, submitLabel, onSubmit, onClose }: Omit<RoleNameDialogProps, 'open' | 'title'>) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<Body>({ resolver: zodResolver(schema), defaultValues: { name: initialName } });
  const submit = form.handleSubmit(async ({ name }) => {
    setFailure(null);
    const res = await onSubmit(name);
    if (res.error) {
      setFailure(applyServerErrors(form, res.error, { fields: ['name'], fallback: 'Could not save.' }).message);
      return;
    }
    onClose();
  });
  return (
    <form className="space-y-4" noValidate onSubmit={submit}>
      <TextField label="Name" required data-autofocus hint={hint} error={form.formState.errors.name?.message} {...form.register('name')} />
      {failure && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {failure}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <SubmitButton control={form.control}>{submitLabel}</SubmitButton>
      </div>
    </form>
  );
}
