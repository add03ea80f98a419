// The borrower side's constants without zod (web-form.ts and offer-letters.ts re-export them
// beside their schemas): the borrower app's /apply imports these and loads the schemas only
// to validate (issue 18, bundle budgets).

export const LOAN_AMOUNT_MIN = 500;
export const LOAN_AMOUNT_MAX = 500_000;
export const LOAN_TENURE_MIN = 1;
export const LOAN_TENURE_MAX = 60;
/** Monthly flat rate in basis points when settings hold none (5% a month). */
export const FLAT_RATE_BPS_DEFAULT = 500;
/** How long a confirmed OTP lets the borrower submit or resume (minutes). */
export const OTP_TICKET_VALID_MINUTES = 60;
/**
 * The steps of the form, in order; an unfinished application remembers its step. The
 * mobile is confirmed right after it is given: a draft is saved only with that proof.
 */
export const APPLY_STEPS = ['personal', 'otp', 'employment', 'loan', 'review'] as const;
export type ApplyStep = (typeof APPLY_STEPS)[number];

export const BRANCHES = ['Lusaka', 'Ndola', 'Kitwe', 'Livingstone', 'Kabwe', 'Chipata'] as const;
export type Branch = (typeof BRANCHES)[number];

/** Header carrying the OTP ticket on GET /api/web/unfinished/application. */
export const OTP_TICKET_HEADER = 'x-otp-ticket';

/** The multipart file field holding the drawn signature. */
export const SIGNATURE_FILE_FIELD = 'signature';
