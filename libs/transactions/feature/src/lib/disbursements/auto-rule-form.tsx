import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { AUTO_RULE_KINDS, autoRuleFormSchema, type AutoRule, type AutoRuleBody, type AutoRuleFormInput } from '@loan/shared-contract';
import { applyServerErrors } from '@loan/shared-data-access-api';
import { useGetDisbursementBranchesQuery, useSaveAutoRuleMutation } from '@loan/transactions-data-access';
import { FormActions, Modal, SelectField, TextField } from '@loan/shared-ui';

const FIELDS = ['name', 'kind', 'branch_id', 'min_amount', 'max_amount', 'daily_limit'] as const;

export const KIND_LABELS: Record<(typeof AUTO_RULE_KINDS)[number], string> = { application: 'Applications', topup: 'Top-ups', any: 'Applications and top-ups' };
const KIND_OPTIONS = AUTO_RULE_KINDS.map((k) => ({ value: k, label: KIND_LABELS[k] }));

export interface AutoRuleFormProps {
  /** The rule to edit; a new one when absent. */
  editing?: AutoRule;
  onClose: () => void;
}

/**
 * Add (`POST`) or edit (`PUT`) an automatic disbursement rule (NOTES.md: name, kind, branch
 * or all, amount range, daily limit). The server's field errors land on their fields.
 */
export function AutoRuleForm({ editing, onClose }: AutoRuleFormProps) {
  const [save] = useSaveAutoRuleMutation();
  const branches = useGetDisbursementBranchesQuery();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<AutoRuleFormInput, unknown, AutoRuleBody>({
    resolver: zodResolver(autoRuleFormSchema),
    defaultValues: {
      name: editing?.name ?? '',
      kind: editing?.kind ?? 'application',
      branch_id: editing?.branch_id ? String(editing.branch_id) : '',
      min_amount: editing?.min_amount ?? '0',
      max_amount: editing?.max_amount ?? '',
      daily_limit: editing?.daily_limit ?? '',
    },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    const res = await save({ id: editing?.id, body: values });
    if ('error' in res) {
      setFailure(applyServerErrors(form, res.error, { fields: [...FIELDS], fallback: 'Could not save the rule.' }).message);
      return;
    }
    onClose();
  });

  const title = editing ? `Edit rule ${editing.name}` : 'Add rule';
  const branchOptions = [{ value: '', label: 'All branches' }, ...(branches.data ?? []).map((b) => ({ value: String(b.id), label: b.name }))];
  const err = (name: (typeof FIELDS)[number]) => errors[name]?.message as string | undefined;
  return (
    <Modal open title={title} onClose={onClose} size="lg">
      <form onSubmit={onSubmit} noValidate aria-label={title} className="space-y-4">
        <TextField label="Name" required error={err('name')} {...form.register('name')} />
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <SelectField label="Loans" options={KIND_OPTIONS} error={err('kind')} {...form.register('kind')} />
          <SelectField label="Branch" options={branchOptions} error={err('branch_id') ?? (branches.isError ? 'Could not load the branches.' : undefined)} {...form.register('branch_id')} />
          <TextField label="Smallest amount (ZMW)" inputMode="decimal" required error={err('min_amount')} {...form.register('min_amount')} />
          <TextField label="Largest amount (ZMW)" inputMode="decimal" required error={err('max_amount')} {...form.register('max_amount')} />
          <TextField
            label="Daily limit (ZMW)"
            inputMode="decimal"
            hint="Blank: no limit of its own (the global float still applies)"
            error={err('daily_limit')}
            {...form.register('daily_limit')}
          />
        </div>
        <FormActions control={form.control} failure={failure} onCancel={onClose}>
          {editing ? 'Save changes' : 'Add rule'}
        </FormActions>
      </form>
    </Modal>
  );
}
