import { z } from 'zod';
import { listEnvelope, listPageParams, searchParamSchema, textField, timestampSchema } from './fields';
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
export const messageListQuerySchema = z.object({
  ...listPageParams,
  search: searchParamSchema,
  channel: z.enum(MESSAGE_CHANNELS).optional(),
  status: z.enum(MESSAGE_STATUSES).optional(),
  purpose: textField({ max: 50 }).optional(),
});
export type MessageListQuery = z.output<typeof messageListQuerySchema>;

/** The list's answer: the one list envelope, newest first. */
export const messageListSchema = listEnvelope(messageSchema);

/** SMS parts: 160 GSM-7 characters a part, 153 each when split (NOTES.md). */
export function smsParts(body: string): number {
  if (body.length === 0) return 0;
  return body.length <= 160 ? 1 : Math.ceil(body.length / 153);
}

/**
 * `POST /api/communication/sms`: to chosen clients (`client_ids`, one or many) or to every
 * client with a mobile (`all: true`, after the screen confirmed the count). Placeholders
 * `{name}`, `{reference_code}` are filled per recipient.
 */
export const sendSmsSchema = z
  .object({
    client_ids: z.array(z.number().int().positive()).max(100_000).optional(),
    all: z.boolean().optional(),
    body: textField({
      multiline: true,
      min: 1,
      max: 918,
      messages: { required: 'The message field is required.', tooLong: 'The message may not be longer than 6 SMS parts.' },
    }),
  })
  .refine((v) => v.all === true || (v.client_ids?.length ?? 0) > 0, { message: 'Choose at least one recipient.', path: ['client_ids'] });
export type SendSms = z.output<typeof sendSmsSchema>;

/** The answer of a send: at once, before anything is sent. */
export const sendSmsResultSchema = z.object({ batch_id: z.string(), queued: z.number().int() }).strict();
