import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import { MESSAGE_PLACEHOLDERS, smsParts, templateInputSchema, type MessageTemplate, type TemplateInput } from '@loan/shared-contract';
import { useGetMessageTemplatesQuery, useUpdateMessageTemplateMutation } from '@loan/communication-data-access';
import { applyServerErrors, errorMessage } from '@loan/shared-data-access-api';
import { Button, DataTable, Modal, SubmitButton, TextAreaField, TextField } from '@loan/shared-ui';

const KIND_LABEL: Record<MessageTemplate['kind'], string> = { composer: 'Composer', reminder: 'Reminder SMS' };
const col = createColumnHelper<MessageTemplate>();

/**
 * The editable texts (`can edit message`): the composer's ready texts and what the reminders
 * job sends before and after a due date (its next run sends the new text).
 */
export function TemplatesSection() {
  const templates = useGetMessageTemplatesQuery();
  const [editing, setEditing] = useState<MessageTemplate | null>(null);
  const columns = useMemo(
    () =>
      [
        col.accessor('label', { header: 'Template' }),
        col.accessor((t) => KIND_LABEL[t.kind], { id: 'kind', header: 'Used by' }),
        col.accessor('body', { header: 'Text', cell: (c) => <span className="line-clamp-2 break-words">{c.getValue()}</span> }),
        col.display({
          id: 'actions',
          header: 'Actions',
          cell: ({ row }) => (
            <Button size="sm" variant="secondary" aria-label={`Edit template ${row.original.label}`} onClick={() => setEditing(row.original)}>
              Edit
            </Button>
          ),
        }),
      ] as ColumnDef<MessageTemplate, unknown>[],
    [],
  );
  return (
    <section aria-labelledby="templates-title" className="mt-8">
      <h2 id="templates-title" className="mb-2 text-base font-semibold">
        Templates
      </h2>
      <DataTable
        caption="Message templates"
        columns={columns}
        data={templates.data?.items ?? []}
        loading={templates.isLoading}
        error={templates.isError ? errorMessage(templates.error, 'The templates could not be loaded.') : undefined}
        errorTitle="Could not load"
        onRetry={() => void templates.refetch()}
        retryLabel="Retry"
        emptyTitle="No templates"
        getRowId={(t) => t.id}
      />
      {editing ? <TemplateDialog key={editing.id} template={editing} onClose={() => setEditing(null)} /> : null}
    </section>
  );
}

function TemplateDialog({ template, onClose }: { template: MessageTemplate; onClose: () => void }) {
  const [save] = useUpdateMessageTemplateMutation();
  const form = useForm<TemplateInput>({
    resolver: zodResolver(templateInputSchema),
    defaultValues: { body: template.body, ...(template.kind === 'composer' ? { subject: template.subject ?? '' } : {}) },
  });
  const body = useWatch({ control: form.control, name: 'body' }) ?? '';
  const parts = smsParts(body);
  const submit = form.handleSubmit(async (v) => {
    const res = await save({ id: template.id, body: v });
    if ('error' in res) {
      applyServerErrors(form, res.error, { fields: ['subject', 'body'] });
      return;
    }
    onClose();
  });
  const e = form.formState.errors;
  return (
    <Modal
      open
      title={`Edit template: ${template.label}`}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <SubmitButton control={form.control} form="template-form">
            Save
          </SubmitButton>
        </>
      }
    >
      <form id="template-form" className="grid gap-3" noValidate onSubmit={submit}>
        {template.kind === 'composer' ? <TextField label="Subject (e-mail)" error={e.subject?.message} {...form.register('subject')} /> : null}
        <TextAreaField
          label="Message"
          rows={5}
          required
          data-autofocus
          hint={`${body.length} characters, ${parts} SMS part${parts === 1 ? '' : 's'}. Placeholders: ${MESSAGE_PLACEHOLDERS.join(' ')}, filled for each client.`}
          error={e.body?.message}
          {...form.register('body')}
        />
      </form>
    </Modal>
  );
}
