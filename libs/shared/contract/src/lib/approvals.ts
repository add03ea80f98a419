import { z } from 'zod';
import { blankAsAbsent, idSchema, listEnvelope, moneyField, moneySchema, pageParams, textField, timestampSchema } from './fields';
export { APPROVALS_PATHS } from './domain-paths';

/**
 * Maker-checker (NOTES.md "Second pair of eyes"): an action that needs a second person is
 * stored as a pending request instead of running; someone else with `can check pending
 * actions` approves it (it runs then, with its checks re-run) or rejects it with a reason.
 */
export const PENDING_ACTION_STATUSES = ['pending', 'approved', 'rejected', 'expired', 'failed'] as const;
export type PendingActionStatus = (typeof PENDING_ACTION_STATUSES)[number];

/** Days a request waits for a checker before it expires. */
export const PENDING_ACTION_VALID_DAYS = 7;

/** The settings key of which commands need a checker. */
export const MAKER_CHECKER_SETTING = 'maker_checker';

/** One line of a request's before/after for people: "Amount: ZMW 0.00 -> ZMW 20,000.00". */
export const pendingSummaryLineSchema = z
  .object({ label: z.string(), before: z.string().nullable(), after: z.string().nullable() })
  .strict();

export const pendingSummarySchema = z
  .object({
    /** One sentence: "Pay LA-2026-000123 (Jane Banda) ZMW 20,000.00 by mobile money". */
    title: z.string(),
    lines: z.array(pendingSummaryLineSchema),
    /** The record it is about, for a link: e.g. `/loans/application/details/12`. */
    link: z.string().nullable(),
  })
  .strict();
export type PendingSummary = z.output<typeof pendingSummarySchema>;

const personSchema = z.object({ id: z.number().int(), name: z.string() }).strict();

export const pendingActionSchema = z
  .object({
    id: z.number().int(),
    command: z.string(),
    /** The command's name for people ("Instant single disbursement"). */
    label: z.string(),
    status: z.enum(PENDING_ACTION_STATUSES),
    summary: pendingSummarySchema,
    maker: personSchema,
    checker: personSchema.nullable(),
    entity: z.string().nullable(),
    entity_id: z.string().nullable(),
    created_at: timestampSchema,
    expires_at: timestampSchema,
    decided_at: timestampSchema.nullable(),
    /** Why it was rejected, or why it failed at approval. */
    reason: z.string().nullable(),
    /** Whether the caller may approve or reject it now (pending, not expired, not their own, holds the permission). */
    can_decide: z.boolean(),
    /** The caller made it. */
    mine: z.boolean(),
  })
  .strict();
export type PendingAction = z.output<typeof pendingActionSchema>;

/** The 202 answer of a route whose action now waits for a second person. */
export const heldAnswerSchema = z
  // `replayed`: a route with an Idempotency-Key answers the same again (disbursements).
  .object({ message: z.string(), held: z.literal(true), pending: pendingActionSchema, replayed: z.boolean().optional() })
  .strict();
export type HeldAnswer = z.output<typeof heldAnswerSchema>;
export const WAITING_MESSAGE = 'Waiting for a second person to approve.';

/** A route's answer: its own result, or the request that now waits (202). */
export function orHeld<T extends z.ZodType>(result: T) {
  return z.union([result, heldAnswerSchema]);
}

/** True when a route's answer is a held request rather than the action's result. */
export function isHeldAnswer(value: unknown): value is HeldAnswer {
  return !!value && typeof value === 'object' && (value as { held?: unknown }).held === true;
}

export const pendingActionListQuerySchema = z.object({
  ...pageParams,
  status: blankAsAbsent(z.enum(PENDING_ACTION_STATUSES, { error: `One of: ${PENDING_ACTION_STATUSES.join(', ')}.` })),
  /** Only the caller's own requests. */
  mine: z.preprocess((v) => (v === 'true' || v === true ? true : v === 'false' || v === false || v === '' ? false : v), z.boolean({ error: 'true or false.' }).optional()),
  command: blankAsAbsent(textField({ max: 100 })),
  entity: blankAsAbsent(textField({ max: 60 })),
  entity_id: idSchema.optional(),
});
export type PendingActionListQuery = z.output<typeof pendingActionListQuerySchema>;
export const pendingActionListSchema = listEnvelope(pendingActionSchema);
export type PendingActionList = z.output<typeof pendingActionListSchema>;

export const pendingActionCountSchema = z.object({ count: z.number().int().nonnegative() }).strict();

export const pendingActionRejectBodySchema = z.object({
  reason: textField({ multiline: true, min: 3, messages: { required: 'Say why it is rejected.', tooShort: 'Say why it is rejected (at least 3 characters).' } }),
});
export type PendingActionRejectBody = z.output<typeof pendingActionRejectBodySchema>;

export const pendingActionDecisionSchema = z.object({ message: z.string(), data: pendingActionSchema }).strict();
export type PendingActionDecision = z.output<typeof pendingActionDecisionSchema>;

/** One command's line of the setting: whether it needs a checker, and for amounts, above what. */
export const makerCheckerRuleSchema = z
  .object({
    command: z.string(),
    label: z.string(),
    /** Commands with an amount (a disbursement) may need a checker only above it. */
    has_amount: z.boolean(),
    required: z.boolean(),
    /** Needs a checker only when the amount is above this (null: always). */
    above: moneySchema.nullable(),
  })
  .strict();
export const makerCheckerSettingsSchema = z
  .object({ rules: z.array(makerCheckerRuleSchema), updated_at: z.string().nullable() })
  .strict();
export type MakerCheckerSettings = z.output<typeof makerCheckerSettingsSchema>;

export const makerCheckerBodySchema = z.object({
  rules: z
    .array(
      z.object({
        command: z.string().min(1).max(100),
        required: z.boolean({ error: 'Yes or no.' }),
        above: z.preprocess((v) => (v === '' || v === undefined ? null : v), moneyField().nullable()),
      }),
    )
    .max(100),
});
export type MakerCheckerBody = z.output<typeof makerCheckerBodySchema>;
export const makerCheckerChangeSchema = z.object({ message: z.string(), data: makerCheckerSettingsSchema }).strict();

export const pendingActionIdParamsSchema = z.object({ id: idSchema });
