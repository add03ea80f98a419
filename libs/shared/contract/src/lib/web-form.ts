import { z } from 'zod';

/**
 * The public loan application form (spec §1, §7 'Defined groups: web form', NOTES.md
 * 'Borrower side'). The same schemas validate the form in the browser and the bodies on
 * the api, so a message the borrower reads is the message the server would send.
 */

/** NRC as printed on a Zambian national registration card: `123456/78/9`. */
export const NRC_PATTERN = /^\d{6}\/\d{2}\/\d$/;
/** Zambian mobile: `+260` or `0`, then 9 digits. Spaces are ignored. */
export const ZM_MOBILE_PATTERN = /^(?:\+260|0)\d{9}$/;
export const LOAN_AMOUNT_MIN = 500;
export const LOAN_AMOUNT_MAX = 500_000;
export const LOAN_TENURE_MIN = 1;
export const LOAN_TENURE_MAX = 60;
/** Monthly flat rate in basis points when settings hold none (5% a month). */
export const FLAT_RATE_BPS_DEFAULT = 500;
/** How long a confirmed OTP lets the borrower submit or resume (minutes). */
export const OTP_TICKET_VALID_MINUTES = 60;
/** The steps of the form, in order; an unfinished application remembers its step. */
export const APPLY_STEPS = ['personal', 'employment', 'loan', 'otp', 'review'] as const;
export type ApplyStep = (typeof APPLY_STEPS)[number];

export const BRANCHES = ['Lusaka', 'Ndola', 'Kitwe', 'Livingstone', 'Kabwe', 'Chipata'] as const;
export type Branch = (typeof BRANCHES)[number];

/** `0971234567`, `+260 97 123 4567` -> `+260971234567`. Returns the input when it is not a mobile. */
export function normalizeMobile(mobile: string): string {
  const s = mobile.replace(/[\s-]/g, '');
  if (/^0\d{9}$/.test(s)) return `+260${s.slice(1)}`;
  return s;
}

/** `+260971234567` -> `+260 97 *** 4567`, for messages that must not leak the full number. */
export function maskMobile(mobile: string): string {
  const m = normalizeMobile(mobile);
  return m.length === 13 ? `${m.slice(0, 4)} ${m.slice(4, 6)} *** ${m.slice(9)}` : m;
}

const AMOUNT_RE = /^\d{1,9}(?:\.\d{1,2})?$/;

export const nrcField = z
  .string({ error: 'Enter your NRC number.' })
  .trim()
  .min(1, 'Enter your NRC number.')
  .regex(NRC_PATTERN, 'Enter your NRC as on the card, like 123456/78/9.');

export const mobileField = z
  .string({ error: 'Enter your mobile number.' })
  .transform((v) => v.replace(/[\s-]/g, ''))
  .pipe(
    z
      .string()
      .min(1, 'Enter your mobile number.')
      .regex(ZM_MOBILE_PATTERN, 'Enter a Zambian mobile number, like 0971234567 or +260971234567.')
      .transform(normalizeMobile),
  );

export const fullNameField = z
  .string({ error: 'Enter your full name.' })
  .trim()
  .min(1, 'Enter your full name.')
  .min(3, 'Enter your full name as on your NRC.')
  .max(120, 'Your name is too long: use at most 120 characters.');

export const amountField = z
  .string({ error: 'Enter the amount you want to borrow.' })
  .trim()
  .min(1, 'Enter the amount you want to borrow.')
  .regex(AMOUNT_RE, 'Enter an amount in kwacha, like 5000 or 5000.50.')
  .refine((v) => Number(v) >= LOAN_AMOUNT_MIN, `The smallest loan is ZMW ${LOAN_AMOUNT_MIN.toLocaleString('en-US')}.`)
  .refine((v) => Number(v) <= LOAN_AMOUNT_MAX, `The largest loan is ZMW ${LOAN_AMOUNT_MAX.toLocaleString('en-US')}.`);

export const tenureField = z
  .number({ error: 'Choose how many months you need to repay.' })
  .int('Choose a whole number of months.')
  .min(LOAN_TENURE_MIN, `Choose at least ${LOAN_TENURE_MIN} month.`)
  .max(LOAN_TENURE_MAX, `Choose at most ${LOAN_TENURE_MAX} months.`);

export const personalDetailsSchema = z.object({
  nrc: nrcField,
  full_name: fullNameField,
  mobile: mobileField,
});

export const employmentSchema = z.object({
  employer: z
    .string({ error: 'Enter your employer.' })
    .trim()
    .min(1, 'Enter your employer.')
    .min(2, 'Enter the full name of your employer.')
    .max(120, 'Use at most 120 characters.'),
  branch: z.enum(BRANCHES, { error: 'Choose the branch nearest to you.' }),
});

export const loanDetailsSchema = z.object({
  amount: amountField,
  tenure: tenureField,
  purpose: z
    .string({ error: 'Tell us what the loan is for.' })
    .trim()
    .min(1, 'Tell us what the loan is for.')
    .min(3, 'Tell us a little more about what the loan is for.')
    .max(200, 'Use at most 200 characters.'),
});

/** Everything the borrower types, all steps together. */
export const applicationFormSchema = z.object({
  ...personalDetailsSchema.shape,
  ...employmentSchema.shape,
  ...loanDetailsSchema.shape,
});
export type ApplicationFormInput = z.input<typeof applicationFormSchema>;
export type ApplicationForm = z.output<typeof applicationFormSchema>;

export const otpCodeField = z
  .string({ error: 'Enter the 6-digit code we sent you.' })
  .trim()
  .regex(/^\d{6}$/, 'Enter the 6-digit code we sent you.');

/** POST /api/web/otp/send */
export const otpSendSchema = z.object({ mobile: mobileField });
export type OtpSendBody = z.input<typeof otpSendSchema>;
export interface OtpSendResponse {
  sent: true;
  expires_at: string;
  /** The masked number the code went to. */
  mobile: string;
}

/** POST /api/web/otp/validation */
export const otpValidationSchema = z.object({ mobile: mobileField, code: otpCodeField });
export type OtpValidationBody = z.input<typeof otpValidationSchema>;
export interface OtpValidationResponse {
  verified: true;
  /** Proof that this mobile was confirmed; sent back with the calls that need it. */
  ticket: string;
  expires_at: string;
}
/** Header carrying the OTP ticket on GET /api/web/unfinished/application. */
export const OTP_TICKET_HEADER = 'x-otp-ticket';

/** POST /api/web/newClient: the borrower's details once the mobile is confirmed. */
export const newClientSchema = z.object({
  ...personalDetailsSchema.shape,
  ...employmentSchema.shape,
  ticket: z.string().min(1, 'Confirm your mobile number first.'),
});
export type NewClientBody = z.input<typeof newClientSchema>;
export interface NewClientResponse {
  id: number;
  created: boolean;
}

/** A partial form as saved half-way: every field optional, none validated beyond type. */
export const unfinishedDataSchema = z
  .object({
    nrc: z.string().max(40),
    full_name: z.string().max(200),
    mobile: z.string().max(40),
    employer: z.string().max(200),
    branch: z.string().max(60),
    amount: z.string().max(40),
    tenure: z.number().int().min(0).max(1000),
    purpose: z.string().max(400),
  })
  .partial();
export type UnfinishedData = z.infer<typeof unfinishedDataSchema>;

/** POST /api/web/unfinished/application: save (upsert by mobile) half-way. */
export const unfinishedSaveSchema = z.object({
  mobile: mobileField,
  step: z.enum(APPLY_STEPS),
  data: unfinishedDataSchema,
});
export type UnfinishedSaveBody = z.input<typeof unfinishedSaveSchema>;
export interface UnfinishedApplication {
  mobile: string;
  step: ApplyStep;
  data: UnfinishedData;
  updated_at: string;
}

/** POST /api/web/calculator/attempt */
export const calculatorAttemptSchema = z.object({
  amount: amountField,
  tenure: tenureField,
  mobile: mobileField.optional(),
});
export type CalculatorAttemptBody = z.input<typeof calculatorAttemptSchema>;
export interface CalculatorResult {
  amount: string;
  tenure: number;
  /** Monthly flat rate in percent, e.g. "5.00". */
  rate_percent: string;
  interest: string;
  total_due: string;
  monthly_instalment: string;
}

/** POST /api/web/ip-address */
export interface IpAddressResponse {
  ip: string;
}

/** POST /api/applyForLoan/check-record */
export const checkRecordSchema = z.object({ nrc: nrcField });
export type CheckRecordBody = z.input<typeof checkRecordSchema>;
export interface CheckRecordResponse {
  exist: boolean;
}

/** POST /api/applyForLoan/create (public: the application form's submit). */
export const createApplicationSchema = z.object({
  ...applicationFormSchema.shape,
  ticket: z.string().min(1, 'Confirm your mobile number first.'),
});
export type CreateApplicationBody = z.input<typeof createApplicationSchema>;
export interface CreateApplicationResponse {
  id: number;
  reference_code: string;
  status: 'request';
}

/**
 * Flat-rate instalment, exactly, in ngwee: interest = amount x rate x months,
 * instalment = (amount + interest) / months rounded up to the ngwee.
 */
export function flatRateQuote(amountNgwee: bigint, months: number, rateBps: number) {
  const m = BigInt(months);
  const interest = (amountNgwee * BigInt(rateBps) * m + 5000n) / 10000n;
  const total = amountNgwee + interest;
  const instalment = (total + m - 1n) / m;
  return { interest, total, instalment };
}
