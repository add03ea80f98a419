import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import {
  MESSAGE_PLACEHOLDERS,
  RECIPIENT_LOAN_STATE_LABELS,
  RECIPIENT_LOAN_STATES,
  SMS_MAX_LENGTH,
  smsParts,
  type Draft,
  type DraftInput,
  type PreviewMessage,
  type RecipientLoanState,
} from '@loan/shared-contract';
import {
  useCreateDraftMutation,
  useGetCommunicationBranchesQuery,
  useGetMessageTemplatesQuery,
  usePreviewMessageQuery,
  useSendEmailMutation,
  useSendSmsMutation,
  useUpdateDraftMutation,
} from '@loan/communication-data-access';
import { applyServerErrors } from '@loan/shared-data-access-api';
import { Button, ConfirmDialog, Modal, SelectField, SubmitButton, TextAreaField, TextField } from '@loan/shared-ui';
import { ClientPicker, type PickedClient } from './client-picker';

export type Channel = 'sms' | 'email';

const formSchema = z
  .object({
    channel: z.enum(['sms', 'email']),
    to: z.enum(['clients', 'group', 'all']),
    branch_id: z.string(),
    loan_state: z.string(),
    subject: z.string().trim().max(150, 'Use at most 150 characters.'),
    body: z.string().trim().min(1, 'The message field is required.').max(5000, 'Use at most 5000 characters.'),
  })
  .refine((v) => v.channel === 'email' || v.body.length <= SMS_MAX_LENGTH, { message: 'The message may not be longer than 6 SMS parts.', path: ['body'] })
  .refine((v) => v.channel === 'sms' || v.subject.length > 0, { message: 'The subject field is required.', path: ['subject'] })
  .refine((v) => v.to !== 'group' || v.branch_id !== '' || v.loan_state !== '', { message: 'Choose a branch, a loan state or both.', path: ['branch_id'] });
type ComposeForm = z.input<typeof formSchema>;

export interface ComposeMessageDialogProps {
  channel: Channel;
  onClose: () => void;
  /** A client chosen before opening (`?compose=sms&client=<id>`, or a loan's details page). */
  clientId?: number;
  /** That client's name, when the opener knows it. */
  clientName?: string;
  /** A draft to continue (its text and recipients). */
  draft?: Draft;
}

type Audience = Pick<PreviewMessage, 'client_ids' | 'all' | 'branch_id' | 'loan_state'>;

function audienceOf(v: ComposeForm, clients: readonly PickedClient[]): Audience | null {
  if (v.to === 'all') return { all: true };
  if (v.to === 'clients') return clients.length ? { client_ids: clients.map((c) => c.id) } : null;
  const a: Audience = {};
  if (v.branch_id) a.branch_id = Number(v.branch_id);
  if (v.loan_state) a.loan_state = v.loan_state as RecipientLoanState;
  return a.branch_id || a.loan_state ? a : null;
}

/** The value after it stayed unchanged for `ms` (the preview asks the server once typing pauses). */
function useDebounced<T>(value: T, ms = 400): T {
  const [v, setV] = useState(value);
  const key = JSON.stringify(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, ms]);
  return v;
}

const TITLES: Record<Channel, string> = { sms: 'Send SMS', email: 'Send e-mail' };

/**
 * Compose an SMS or an e-mail: to chosen clients (searched by the server), to the clients of a
 * branch and/or with loans in a state, or to all (after confirming the count). A template
 * fills the text; the placeholders are filled per recipient by the server, whose preview
 * shows the first recipients' texts as they will be sent. Save as a draft to send later.
 */
export function ComposeMessageDialog({ channel: initialChannel, onClose, clientId, clientName, draft }: ComposeMessageDialogProps) {
  const [sendSms, smsState] = useSendSmsMutation();
  const [sendEmail, emailState] = useSendEmailMutation();
  const [createDraft, creating] = useCreateDraftMutation();
  const [updateDraft, updating] = useUpdateDraftMutation();
  const branches = useGetCommunicationBranchesQuery();
  // The composer's ready texts (editable on /communication); none while they load or could not.
  const templates = (useGetMessageTemplatesQuery().data?.items ?? []).filter((t) => t.kind === 'composer');
  const [confirm, setConfirm] = useState<number | null>(null);
  const [clients, setClients] = useState<PickedClient[]>(() =>
    draft ? draft.client_ids.map((id) => ({ id, label: `Client ${id}` })) : clientId ? [{ id: clientId, label: clientName ?? `Client ${clientId}` }] : [],
  );
  const [clientsError, setClientsError] = useState<string>();
  const form = useForm<ComposeForm>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      channel: draft?.channel ?? initialChannel,
      to: draft ? (draft.all ? 'all' : draft.client_ids.length ? 'clients' : 'group') : 'clients',
      branch_id: draft?.branch_id ? String(draft.branch_id) : '',
      loan_state: draft?.loan_state ?? '',
      subject: draft?.subject ?? '',
      body: draft?.body ?? '',
    },
  });
  const values = useWatch({ control: form.control }) as ComposeForm;
  const channel = values.channel ?? initialChannel;
  const body = values.body ?? '';
  const audience = audienceOf(values, clients);
  const previewArgs = useDebounced<PreviewMessage | null>(
    audience ? { ...audience, channel, body: body.slice(0, 5000), ...(channel === 'email' ? { subject: (values.subject ?? '').slice(0, 150) } : {}), limit: 3 } : null,
  );
  const preview = usePreviewMessageQuery(previewArgs ?? (undefined as never), { skip: !previewArgs });
  const sending = smsState.isLoading || emailState.isLoading;

  // The picked clients' names as the server knows them (a client opened by id shows its name once previewed).
  const names = new Map<number, string>((preview.data?.items ?? []).map((i) => [i.client_id, i.client_name]));
  const shownClients = clients.map((c) => ({ ...c, label: names.get(c.id) ?? c.label }));

  function applyTemplate(id: string) {
    const t = templates.find((x) => x.id === id);
    if (!t) return;
    form.setValue('body', t.body, { shouldValidate: form.formState.isSubmitted });
    if (channel === 'email') form.setValue('subject', t.subject ?? '', { shouldValidate: form.formState.isSubmitted });
  }

  async function send(v: ComposeForm) {
    const a = audienceOf(v, clients);
    if (!a) return;
    const res =
      v.channel === 'sms' ? await sendSms({ ...a, body: v.body.trim() }) : await sendEmail({ ...a, subject: v.subject.trim(), body: v.body.trim() });
    if ('error' in res) {
      applyServerErrors(form, res.error, { fields: ['body', 'subject', 'branch_id', 'loan_state'] });
      return;
    }
    onClose();
  }

  const checkClients = (v: ComposeForm) => {
    if (v.to === 'clients' && clients.length === 0) {
      setClientsError('Choose at least one client.');
      return false;
    }
    setClientsError(undefined);
    return true;
  };

  const onSubmit = form.handleSubmit(async (v) => {
    if (!checkClients(v)) return;
    // A group or everybody: confirm how many it reaches first.
    if (v.to !== 'clients') {
      setConfirm(preview.data?.total ?? -1);
      return;
    }
    await send(v);
  });

  const saveDraft = form.handleSubmit(async (v) => {
    if (!checkClients(v)) return;
    const a = audienceOf(v, clients) ?? {};
    const input: DraftInput = { channel: v.channel, body: v.body.trim(), ...(v.channel === 'email' ? { subject: v.subject.trim() } : {}), ...a };
    const res = draft ? await updateDraft({ id: draft.id, body: input }) : await createDraft(input);
    if ('error' in res) {
      applyServerErrors(form, res.error, { fields: ['body', 'subject'] });
      return;
    }
    onClose();
  });

  const parts = smsParts(body);
  const errors = form.formState.errors;
  const branchOptions = (branches.data ?? []).map((b) => ({ value: String(b.id), label: b.name }));
  return (
    <>
      <Modal
        open={confirm === null}
        size="lg"
        title={draft ? `${TITLES[channel]} (draft)` : TITLES[channel]}
        onClose={onClose}
        footer={
          <>
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button variant="secondary" loading={creating.isLoading || updating.isLoading} onClick={() => void saveDraft()}>
              Save draft
            </Button>
            <SubmitButton control={form.control} busy={sending} form="compose-message">
              Send
            </SubmitButton>
          </>
        }
      >
        <form id="compose-message" noValidate onSubmit={onSubmit} className="grid gap-3">
          <div className="grid gap-3 sm:grid-cols-2">
            <SelectField
              label="To"
              options={[
                { value: 'clients', label: 'Chosen clients' },
                { value: 'group', label: 'Clients of a branch or loan state' },
                { value: 'all', label: channel === 'sms' ? 'All clients with a mobile number' : 'All clients with an e-mail address' },
              ]}
              {...form.register('to')}
            />
            <SelectField
              label="Template"
              placeholder="No template"
              options={templates.map((t) => ({ value: t.id, label: t.label }))}
              onChange={(e) => applyTemplate(e.target.value)}
              defaultValue=""
            />
          </div>
          {values.to === 'clients' ? <ClientPicker value={shownClients} onChange={setClients} error={clientsError} /> : null}
          {values.to === 'group' ? (
            <div className="grid gap-3 sm:grid-cols-2">
              <SelectField label="Branch" placeholder="Any branch" options={branchOptions} error={errors.branch_id?.message} {...form.register('branch_id')} />
              <SelectField
                label="Loan state"
                placeholder="Any (or none)"
                options={RECIPIENT_LOAN_STATES.map((s) => ({ value: s, label: RECIPIENT_LOAN_STATE_LABELS[s] }))}
                error={errors.loan_state?.message}
                {...form.register('loan_state')}
              />
            </div>
          ) : null}
          {channel === 'email' ? <TextField label="Subject" required error={errors.subject?.message} {...form.register('subject')} /> : null}
          <TextAreaField
            label="Message"
            rows={5}
            required
            hint={
              <>
                {channel === 'sms' ? `${body.length} characters, ${parts} SMS part${parts === 1 ? '' : 's'}. ` : ''}
                Placeholders: {MESSAGE_PLACEHOLDERS.join(' ')}, filled for each client.
              </>
            }
            error={errors.body?.message}
            {...form.register('body')}
          />
          <section aria-labelledby="compose-preview" className="rounded border border-slate-200 p-3 dark:border-slate-700">
            <h3 id="compose-preview" className="text-sm font-semibold">
              Preview
            </h3>
            <div aria-live="polite" className="mt-1 text-sm">
              {!previewArgs ? (
                <p className="text-slate-600 dark:text-slate-300">Choose recipients to see the message as each receives it.</p>
              ) : preview.isError ? (
                <p className="text-red-700 dark:text-red-300">
                  Could not load the preview.{' '}
                  <Button size="sm" variant="secondary" onClick={() => void preview.refetch()}>
                    Retry
                  </Button>
                </p>
              ) : !preview.data || preview.isFetching ? (
                <p className="text-slate-600 dark:text-slate-300">Loading preview...</p>
              ) : preview.data.total === 0 ? (
                <p className="text-slate-600 dark:text-slate-300">Nobody chosen has {channel === 'sms' ? 'a mobile number' : 'an e-mail address'}.</p>
              ) : (
                <>
                  <p>
                    Reaches {preview.data.total} client{preview.data.total === 1 ? '' : 's'}
                    {preview.data.total > preview.data.items.length ? `; the first ${preview.data.items.length}:` : ':'}
                  </p>
                  <ul className="mt-2 grid gap-2">
                    {preview.data.items.map((i) => (
                      <li key={i.client_id} className="rounded bg-slate-50 p-2 dark:bg-slate-800">
                        <p className="font-medium">
                          {i.client_name} <span className="font-normal text-slate-600 dark:text-slate-300">({i.recipient})</span>
                        </p>
                        {i.subject ? <p className="font-medium">{i.subject}</p> : null}
                        <p className="whitespace-pre-wrap break-words">{i.body || '(empty)'}</p>
                      </li>
                    ))}
                  </ul>
                </>
              )}
            </div>
          </section>
        </form>
      </Modal>
      <ConfirmDialog
        open={confirm !== null}
        title={confirm !== null && confirm >= 0 ? `Send to ${confirm} client${confirm === 1 ? '' : 's'}?` : 'Send to all chosen clients?'}
        message={`Every chosen client receives this ${channel === 'sms' ? 'SMS' : 'e-mail'}. It cannot be taken back once sent.`}
        confirmLabel={values.to === 'all' ? 'Send to all' : 'Send'}
        tone="primary"
        busy={sending}
        onCancel={() => setConfirm(null)}
        onConfirm={() => {
          setConfirm(null);
          void send(form.getValues());
        }}
      />
    </>
  );
}
