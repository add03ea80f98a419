import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { smsParts } from '@loan/shared-contract';
import { useSendSmsMutation } from '@loan/communication-data-access';
import { applyServerErrors } from '@loan/shared-data-access-api';
import { Button, ConfirmDialog, Modal, SelectField, SubmitButton, TextAreaField, TextField } from '@loan/shared-ui';

const formSchema = z
  .object({
    to: z.enum(['clients', 'all']),
    clients: z.string().trim().max(2000),
    body: z.string().trim().min(1, 'The message field is required.').max(918, 'The message may not be longer than 6 SMS parts.'),
  })
  .refine((v) => v.to === 'all' || /^\d+(\s*,\s*\d+)*$/.test(v.clients), {
    message: 'Enter one or more client numbers, separated by commas.',
    path: ['clients'],
  });
type ComposeForm = z.input<typeof formSchema>;

export interface ComposeSmsDialogProps {
  open: boolean;
  onClose: () => void;
  /** A client chosen before opening (`?compose=sms&client=<id>`). */
  clientId?: number;
}

const ids = (text: string) => text.split(',').map((s) => Number(s.trim())).filter((n) => Number.isInteger(n) && n > 0);

/**
 * Compose an SMS to one or several clients (their numbers) or to all clients with a mobile
 * (after a confirmation). `{name}` is replaced by each client's name. The counter shows
 * characters and SMS parts (160 a part, 153 each when split).
 */
export function ComposeSmsDialog({ open, onClose, clientId }: ComposeSmsDialogProps) {
  const [send, sending] = useSendSmsMutation();
  const [confirmAll, setConfirmAll] = useState(false);
  const form = useForm<ComposeForm>({
    resolver: zodResolver(formSchema),
    defaultValues: { to: 'clients', clients: clientId ? String(clientId) : '', body: '' },
  });
  const to = useWatch({ control: form.control, name: 'to' });
  const body = useWatch({ control: form.control, name: 'body' }) ?? '';

  async function submit(values: ComposeForm) {
    const res = await send(values.to === 'all' ? { all: true, body: values.body } : { client_ids: ids(values.clients), body: values.body });
    if ('error' in res) {
      applyServerErrors(form, res.error, { fields: ['body'] });
      return;
    }
    form.reset();
    onClose();
  }

  const onSubmit = form.handleSubmit(async (values) => {
    if (values.to === 'all') {
      setConfirmAll(true);
      return;
    }
    await submit(values);
  });

  return (
    <>
      <Modal
        open={open && !confirmAll}
        title="Send SMS"
        onClose={onClose}
        footer={
          <>
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <SubmitButton control={form.control} busy={sending.isLoading} form="compose-sms">
              Send
            </SubmitButton>
          </>
        }
      >
        <form id="compose-sms" noValidate onSubmit={onSubmit} className="grid gap-3">
          <SelectField
            label="To"
            options={[
              { value: 'clients', label: 'Chosen clients' },
              { value: 'all', label: 'All clients with a mobile number' },
            ]}
            {...form.register('to')}
          />
          {to === 'clients' ? (
            <TextField
              label="Client numbers"
              hint="One or more, separated by commas"
              inputMode="numeric"
              error={form.formState.errors.clients?.message}
              {...form.register('clients')}
            />
          ) : null}
          <TextAreaField
            label="Message"
            rows={5}
            required
            hint={`${body.length} characters, ${smsParts(body)} SMS part${smsParts(body) === 1 ? '' : 's'}. {name} becomes each client's name.`}
            error={form.formState.errors.body?.message}
            {...form.register('body')}
          />
        </form>
      </Modal>
      <ConfirmDialog
        open={confirmAll}
        title="Send to all clients?"
        message="Every client with a mobile number receives this SMS. It cannot be taken back once sent."
        confirmLabel="Send to all"
        tone="primary"
        busy={sending.isLoading}
        onCancel={() => setConfirmAll(false)}
        onConfirm={() => {
          setConfirmAll(false);
          void submit(form.getValues());
        }}
      />
    </>
  );
}
