import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGE_PLACEHOLDERS, smsParts, templateInputSchema, type MessageTemplate, type TemplateInput } from '@loan/shared-contract';
import { useGetMessageTemplatesQuery, useUpdateMessageTemplateMutation } from '@loan/communication-data-access';
import { applyServerErrors } from '@loan/shared-data-access-api';
import { Button, ErrorState, Modal, Skeleton, SubmitButton, TextAreaField, TextField } from '@loan/shared-ui';
import { formatDate } from '@loan/shared-util-format';

const KIND_LABEL: Record<MessageTemplate['kind'], string> = { composer: 'Composer', reminder: 'Reminder SMS' };

/**
 * The editable texts (`can edit message`): the composer's ready texts and what the reminders
 * job sends before and after a due date (its next run sends the new text).
 */
export function TemplatesSection() {
  const templates = useGetMessageTemplatesQuery();
  const [editing, setEditing] = useState<MessageTemplate | null>(null);
  return (
    <section aria-labelledby="templates-title" className="mt-8">
      <h2 id="templates-title" className="mb-2 text-base font-semibold">
        Templates
      </h2>
      {templates.isLoading ? (
        <Skeleton lines={2} label="Loading templates..." />
      ) : templates.isError ? (
        <ErrorState title="Could not load" onRetry={() => void templates.refetch()} retryLabel="Retry" />
      ) : !templates.data?.items.length ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">No templates.</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded border border-slate-200 dark:divide-slate-700 dark:border-slate-700">
          {templates.data.items.map((t) => (
            <li key={t.id} className="flex flex-wrap items-center gap-3 p-3 text-sm">
              <div className="min-w-0 flex-1 basis-60">
                <p className="font-medium">
                  {t.label} <span className="font-normal text-slate-600 dark:text-slate-300">· {KIND_LABEL[t.kind]}</span>
                </p>
                <p className="truncate text-slate-700 dark:text-slate-200">{t.body}</p>
                {t.updated_by_name ? (
                  <p className="text-xs text-slate-600 dark:text-slate-400">
                    Changed {formatDate(t.updated_at)} by {t.updated_by_name}
                  </p>
                ) : null}
              </div>
              <Button size="sm" variant="secondary" onClick={() => setEditing(t)} aria-label={`Edit template ${t.label}`}>
                Edit
              </Button>
            </li>
          ))}
        </ul>
      )}
      <Modal open={editing !== null} title={editing ? `Edit template: ${editing.label}` : 'Edit template'} onClose={() => setEditing(null)}>
        {editing ? <TemplateForm key={editing.id} template={editing} onClose={() => setEditing(null)} /> : null}
      </Modal>
    </section>
  );
}

function TemplateForm({ template, onClose }: { template: MessageTemplate; onClose: () => void }) {
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
    <form className="grid gap-3" noValidate onSubmit={submit}>
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
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <SubmitButton control={form.control}>Save</SubmitButton>
      </div>
    </form>
  );
}
