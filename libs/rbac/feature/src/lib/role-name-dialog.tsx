import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { ROLE_DESCRIPTION_MAX, roleDescriptionSchema, roleNameSchema } from '@loan/shared-contract';
import { applyServerErrors } from '@loan/shared-data-access-api';
import { FormActions, Modal, TextAreaField, TextField } from '@loan/shared-ui';

const schema = z.object({ name: roleNameSchema, description: roleDescriptionSchema });
type Body = z.infer<typeof schema>;

/** What the dialog saves: the name, and the description when the dialog offers it. */
export interface RoleNameValues {
  name: string;
  description?: string;
}

export interface RoleNameDialogProps {
  open: boolean;
  title: string;
  submitLabel: string;
  initialName?: string;
  /** Offers the description field (add and edit; a copy takes the original's). */
  withDescription?: boolean;
  initialDescription?: string;
  hint?: string;
  /** Saves; answers the api's error (for the fields) or nothing when done. */
  onSubmit: (values: RoleNameValues) => Promise<{ error?: unknown }>;
  onClose: () => void;
}

/** Add, edit or copy a role: name (and description) on the contract's schemas, 422s on the fields. */
export function RoleNameDialog({ open, title, onClose, ...rest }: RoleNameDialogProps) {
  return (
    <Modal open={open} title={title} onClose={onClose} size="sm">
      {open && <RoleNameForm onClose={onClose} {...rest} />}
    </Modal>
  );
}

function RoleNameForm({
  initialName = '',
  initialDescription = '',
  withDescription = false,
  hint,
  submitLabel,
  onSubmit,
  onClose,
}: Omit<RoleNameDialogProps, 'open' | 'title'>) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<Body>({ resolver: zodResolver(schema), defaultValues: { name: initialName, description: initialDescription } });
  const submit = form.handleSubmit(async ({ name, description }) => {
    setFailure(null);
    const res = await onSubmit(withDescription ? { name, description } : { name });
    if (res.error) {
      setFailure(applyServerErrors(form, res.error, { fields: ['name', 'description'], fallback: 'Could not save.' }).message);
      return;
    }
    onClose();
  });
  const description = form.watch('description') ?? '';
  return (
    <form className="space-y-4" noValidate onSubmit={submit}>
      <TextField label="Name" required data-autofocus hint={hint} error={form.formState.errors.name?.message} {...form.register('name')} />
      {withDescription && (
        <TextAreaField
          label="Description"
          rows={3}
          hint={`What the role is for. ${description.length} of ${ROLE_DESCRIPTION_MAX} characters.`}
          error={form.formState.errors.description?.message}
          {...form.register('description')}
        />
      )}
      <FormActions control={form.control} failure={failure} onCancel={onClose}>
        {submitLabel}
      </FormActions>
    </form>
  );
}
