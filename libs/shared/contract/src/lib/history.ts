import { z } from 'zod';
import { idSchema, listEnvelope, pageParams } from './fields';
import { P, type PermissionName } from './permissions';
import { auditEntrySchema } from './users';

/**
 * The "History" section of a details page (issue 16): the audit trail of one record.
 * Each kind names the permission that shows its details page (the same one reads its
 * history) and the audit entities its rows are written under; the api also keeps the
 * branch scope of the record (NOTES.md "can view all branches").
 */
export const HISTORY_KINDS = {
  application: { permission: P.viewApplication, noun: 'application' },
  topup: { permission: P.viewTopup, noun: 'top-up' },
  offer_letter: { permission: P.viewOfferLetter, noun: 'offer letter' },
  disbursement: { permission: P.viewAllDisbursements, noun: 'disbursement' },
  repayment: { permission: P.viewRepayments, noun: 'repayment' },
  message: { permission: P.viewMessage, noun: 'message' },
  user: { permission: P.viewUsersModule, noun: 'user' },
  role: { permission: P.viewRoles, noun: 'role' },
} as const satisfies Record<string, { permission: PermissionName; noun: string }>;
export type HistoryKind = keyof typeof HISTORY_KINDS;
export const HISTORY_KIND_NAMES = Object.keys(HISTORY_KINDS) as HistoryKind[];

export const recordHistoryParamsSchema = z.object({
  kind: z.enum(HISTORY_KIND_NAMES as [HistoryKind, ...HistoryKind[]], { error: `One of: ${HISTORY_KIND_NAMES.join(', ')}.` }),
  id: idSchema,
});
export type RecordHistoryParams = z.output<typeof recordHistoryParamsSchema>;
export const recordHistoryQuerySchema = z.object(pageParams);
/** Newest first, with the total, paged like every list. */
export const recordHistorySchema = listEnvelope(auditEntrySchema);
export type RecordHistory = z.output<typeof recordHistorySchema>;
