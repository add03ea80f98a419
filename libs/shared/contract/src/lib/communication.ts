import { z } from 'zod';
import { blankAsAbsent, businessDateSchema, idSchema, listEnvelope, listPageParams, searchParamSchema, textField, timestampSchema, withDateOrder } from './fields';
export { COMMUNICATION_PATHS } from './domain-paths';


export const MESSAGE_CHANNELS = ['sms', 'email'] as const;
export const MESSAGE_STATUSES = ['queued', 'sent', 'delivered', 'failed'] as const;

/**
 * One message as the api answers it (the `messages` table): the body is stored masked,
 * so no OTP, reset link or contract link is ever readable here.
 */
export const messageSchema = z
  .object({
    id: z.number().int().positive(),
    channel: z.enum(MESSAGE_CHANNELS),
    recipient: z.string(),
    client_id: z.number().int().positive().nullable(),
    client_name: z.string().nullable(),
    subject: z.string().nullable(),
    body: z.string(),
    purpose: z.string(),
    status: z.enum(MESSAGE_STATUSES),
    provider: z.string(),
    provider_ref: z.string().nullable(),
    error: z.string().nullable(),
    batch_id: z.string().nullable(),
    sender_name: z.string().nullable(),
    created_at: timestampSchema,
    sent_at: timestampSchema.nullable(),
    delivered_at: timestampSchema.nullable(),
  })
  .strict();
export type Message = z.output<typeof messageSchema>;

/** `GET /api/communication/list?page=1&pageSize=15&search=...&channel=&status=&purpose=` (or `&cursor=`). */
export const messageListQuerySchema = withDateOrder(
  z.object({
    ...listPageParams,
    search: searchParamSchema,
    channel: blankAsAbsent(z.enum(MESSAGE_CHANNELS, { message: `Must be one of ${MESSAGE_CHANNELS.join(', ')}.` })),
    status: blankAsAbsent(z.enum(MESSAGE_STATUSES, { message: `Must be one of ${MESSAGE_STATUSES.join(', ')}.` })),
    purpose: blankAsAbsent(textField({ max: 50 })),
    /** Business dates (Africa/Lusaka) of created_at, both ends included. */
    fromDate: blankAsAbsent(businessDateSchema),
    toDate: blankAsAbsent(businessDateSchema),
  }),
);
export type MessageListQuery = z.output<typeof messageListQuerySchema>;

/** The list's answer: the one list envelope, newest first. */
export const messageListSchema = listEnvelope(messageSchema);

/** SMS parts: 160 GSM-7 characters a part, 153 each when split (NOTES.md). */
export function smsParts(body: string): number {
  if (body.length === 0) return 0;
  return body.length <= 160 ? 1 : Math.ceil(body.length / 153);
}

/**
 * Whom a message goes to (the server resolves the set, inside the sender's branch scope):
 * chosen clients (`client_ids`), every client of a branch (`branch_id`), every client with a
 * loan in a state (`loan_state`), or everybody (`all: true`, after the screen confirmed the
 * count). Branch and loan state combine; a client is counted once. Only clients with a
 * mobile (SMS) or an e-mail address (e-mail) are reached.
 */
export const RECIPIENT_LOAN_STATES = ['approved', 'disbursed', 'in_arrears', 'closed'] as const;
export type RecipientLoanState = (typeof RECIPIENT_LOAN_STATES)[number];
export const RECIPIENT_LOAN_STATE_LABELS: Record<RecipientLoanState, string> = {
  approved: 'Approved',
  disbursed: 'Disbursed (not yet paid)',
  in_arrears: 'In arrears',
  closed: 'Closed',
};

/**
 * Placeholders filled per recipient by the server (one SQL function, `render_message`, for
 * the preview and the send): the client's name and their latest loan's reference, amount
 * due in all, balance and next due date. `{reference_code}` is kept as NOTES.md spells it.
 */
export const MESSAGE_PLACEHOLDERS = ['{name}', '{reference}', '{amount}', '{balance}', '{due_date}'] as const;

/**
 * The editable texts (`message_templates`, migration 1200): `composer` ones are the ready
 * texts the composer offers (the sender may still change them); `reminder` ones are what
 * the reminders job sends before and after a due date.
 */
export const TEMPLATE_KINDS = ['composer', 'reminder'] as const;
export const messageTemplateSchema = z
  .object({
    id: z.string(),
    kind: z.enum(TEMPLATE_KINDS),
    label: z.string(),
    subject: z.string().nullable(),
    body: z.string(),
    updated_by_name: z.string().nullable(),
    updated_at: timestampSchema,
  })
  .strict();
export type MessageTemplate = z.output<typeof messageTemplateSchema>;
export const messageTemplateListSchema = z.object({ items: z.array(messageTemplateSchema) }).strict();
export const templateParamsSchema = z.object({ key: z.string().regex(/^[a-z][a-z_]{0,39}$/, 'Unknown template.') });

const audience = {
  client_ids: z.array(z.number().int().positive()).max(100_000).optional(),
  all: z.boolean().optional(),
  branch_id: idSchema.optional(),
  loan_state: z.enum(RECIPIENT_LOAN_STATES, { message: `Must be one of ${RECIPIENT_LOAN_STATES.join(', ')}.` }).optional(),
};

const hasRecipients = (v: { all?: boolean; client_ids?: number[]; branch_id?: number; loan_state?: string }) =>
  v.all === true || (v.client_ids?.length ?? 0) > 0 || v.branch_id !== undefined || v.loan_state !== undefined;

const RECIPIENTS_MESSAGE = 'Choose at least one recipient.';

export const SMS_MAX_LENGTH = 918;
const smsBody = textField({
  multiline: true,
  min: 1,
  max: SMS_MAX_LENGTH,
  messages: { required: 'The message field is required.', tooLong: 'The message may not be longer than 6 SMS parts.' },
});
const emailBody = textField({ multiline: true, min: 1, max: 5000, messages: { required: 'The message field is required.' } });
const emailSubject = textField({ min: 1, max: 150, messages: { required: 'The subject field is required.' } });

/**
 * `POST /api/communication/sms`: to chosen clients, a branch, a loan state or all. The
 * placeholders are filled per recipient.
 */
export const sendSmsSchema = z
  .object({ ...audience, body: smsBody })
  .strict()
  .refine(hasRecipients, { message: RECIPIENTS_MESSAGE, path: ['client_ids'] });
export type SendSms = z.output<typeof sendSmsSchema>;

/** `POST /api/communication/email` (`can send email`): the same recipients, with a subject. */
export const sendEmailSchema = z
  .object({ ...audience, subject: emailSubject, body: emailBody })
  .strict()
  .refine(hasRecipients, { message: RECIPIENTS_MESSAGE, path: ['client_ids'] });
export type SendEmail = z.output<typeof sendEmailSchema>;

/** A message to queue, whichever its channel (what the server's queue takes). */
export type OutgoingMessage = ({ channel: 'sms' } & SendSms) | ({ channel: 'email' } & SendEmail);

/** The answer of a send: at once, before anything is sent. */
export const sendSmsResultSchema = z.object({ batch_id: z.string(), queued: z.number().int() }).strict();
export type SendResult = z.output<typeof sendSmsResultSchema>;

/**
 * `POST /api/communication/preview`: the message as each recipient would receive it (the
 * first few), and how many it would reach. The body and subject may be blank while typing.
 */
export const previewMessageSchema = z
  .object({
    ...audience,
    channel: z.enum(MESSAGE_CHANNELS),
    subject: textField({ max: 150 }).optional(),
    body: textField({ multiline: true, max: 5000 }),
    limit: z.number().int().min(1).max(20).optional(),
  })
  .strict()
  .refine(hasRecipients, { message: RECIPIENTS_MESSAGE, path: ['client_ids'] });
export type PreviewMessage = z.output<typeof previewMessageSchema>;

export const messagePreviewSchema = z
  .object({
    total: z.number().int().nonnegative(),
    items: z.array(
      z.object({ client_id: z.number().int().positive(), client_name: z.string(), recipient: z.string(), subject: z.string().nullable(), body: z.string() }).strict(),
    ),
  })
  .strict();
export type MessagePreview = z.output<typeof messagePreviewSchema>;

/** `GET /api/communication/batch/:batchId`: how far a send has got (the details page refreshes it while any is queued). */
export const batchProgressSchema = z
  .object({
    batch_id: z.string(),
    total: z.number().int().nonnegative(),
    queued: z.number().int().nonnegative(),
    sent: z.number().int().nonnegative(),
    delivered: z.number().int().nonnegative(),
    failed: z.number().int().nonnegative(),
  })
  .strict();
export type BatchProgress = z.output<typeof batchProgressSchema>;
export const batchParamsSchema = z.object({ batchId: textField({ min: 1, max: 64 }) });

/** `POST /api/communication/retry/:id`: a failed message goes back to the queue (again: nothing changes). */
export const retryResultSchema = z.object({ id: z.number().int().positive(), status: z.enum(MESSAGE_STATUSES), retried: z.boolean() }).strict();

/**
 * A draft: a message saved to send later (`/api/communication/drafts`). The recipients as
 * the composer had them; nothing is sent until the sender sends it from the composer.
 */
export const draftInputSchema = z
  .object({
    channel: z.enum(MESSAGE_CHANNELS),
    subject: textField({ max: 150 }).optional(),
    body: textField({ multiline: true, min: 1, max: 5000, messages: { required: 'The message field is required.' } }),
    ...audience,
  })
  .strict();
export type DraftInput = z.output<typeof draftInputSchema>;
export const draftSchema = z
  .object({
    id: z.number().int().positive(),
    channel: z.enum(MESSAGE_CHANNELS),
    subject: z.string().nullable(),
    body: z.string(),
    client_ids: z.array(z.number().int().positive()),
    all: z.boolean(),
    branch_id: z.number().int().positive().nullable(),
    loan_state: z.enum(RECIPIENT_LOAN_STATES).nullable(),
    created_by_name: z.string().nullable(),
    updated_at: timestampSchema,
  })
  .strict();
export type Draft = z.output<typeof draftSchema>;
export const draftListSchema = z.object({ items: z.array(draftSchema) }).strict();

/** `PUT /api/communication/templates/:key`: the new text, within an SMS's 6 parts (a subject only for composer texts, which e-mails use). */
export const templateInputSchema = z.object({ subject: textField({ max: 150 }).optional(), body: smsBody }).strict();
export type TemplateInput = z.output<typeof templateInputSchema>;
