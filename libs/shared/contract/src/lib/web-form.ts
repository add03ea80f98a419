import { z } from 'zod';
import { mobileField, monthlyInstalmentNgwee, nrcField, textField, typedMoneyField } from './fields';
import { APPLY_STEPS, BRANCHES, LOAN_AMOUNT_MAX, LOAN_AMOUNT_MIN, LOAN_TENURE_MAX, LOAN_TENURE_MIN } from './borrower-constants';
import { formatMoney } from './fields/money-values';

/**
 * The public loan application form (spec §1, §7 'Defined groups: web form', NOTES.md
 * 'Borrower side'). The same schemas validate the form in the browser and the bodies on
 * the api, so a message the borrower reads is the message the server would send.
 */

export {
  LOAN_AMOUNT_MIN,
  LOAN_AMOUNT_MAX,
  LOAN_TENURE_MIN,
  LOAN_TENURE_MAX,
  FLAT_RATE_BPS_DEFAULT,
  OTP_TICKET_VALID_MINUTES,
  APPLY_STEPS,
  BRANCHES,
  OTP_TICKET_HEADER,
  type ApplyStep,
  type Branch,
} from './borrower-constants';

/** The applicant's NRC, in the borrower's words. */
export const applicantNrcField = nrcField({
  required: 'Enter your NRC number.',
  invalid: 'Enter your NRC as on the card, like 123456/78/9.',
});

/** The applicant's mobile, in the borrower's words; parses to `+260971234567`. */
export const applicantMobileField = mobileField({
  required: 'Enter your mobile number.',
  invalid: 'Enter a Zambian mobile number, like 0971234567 or +260971234567.',
});

export const fullNameField = textField({
  min: 3,
  max: 120,
  messages: {
    required: 'Enter your full name.',
    tooShort: 'Enter your full name as on your NRC.',
    tooLong: 'Your name is too long: use at most 120 characters.',
  },
});

/** The amount asked for, as typed in the form (a string); parses to the wire form ('5000.00'). */
export const amountField = typedMoneyField({
  min: BigInt(LOAN_AMOUNT_MIN) * 100n,
  max: BigInt(LOAN_AMOUNT_MAX) * 100n,
  messages: {
    required: 'Enter the amount you want to borrow.',
    invalid: 'Enter an amount in kwacha, like 5000 or 5000.50.',
    tooSmall: `The smallest loan is ${formatMoney(LOAN_AMOUNT_MIN)}.`,
    tooLarge: `The largest loan is ${formatMoney(LOAN_AMOUNT_MAX)}.`,
  },
});

export const tenureField = z
  .number({ error: 'Choose how many months you need to repay.' })
  .int('Choose a whole number of months.')
  .min(LOAN_TENURE_MIN, `Choose at least ${LOAN_TENURE_MIN} month.`)
  .max(LOAN_TENURE_MAX, `Choose at most ${LOAN_TENURE_MAX} months.`);

export const personalDetailsSchema = z.object({
  nrc: applicantNrcField,
  full_name: fullNameField,
  mobile: applicantMobileField,
});

export const employmentSchema = z.object({
  employer: textField({
    min: 2,
    max: 120,
    messages: {
      required: 'Enter your employer.',
      tooShort: 'Enter the full name of your employer.',
    },
  }),
  branch: z.enum(BRANCHES, { error: 'Choose the branch nearest to you.' }),
});

export const loanDetailsSchema = z.object({
  amount: amountField,
  tenure: tenureField,
  purpose: textField({
    min: 3,
    max: 200,
    messages: {
      required: 'Tell us what the loan is for.',
      tooShort: 'Tell us a little more about what the loan is for.',
    },
  }),
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
export const otpSendSchema = z.object({ mobile: applicantMobileField });
export type OtpSendBody = z.input<typeof otpSendSchema>;
export const otpSendResponseSchema = z
  .object({
    sent: z.literal(true),
    expires_at: z.string(),
    /** The masked number the code went to. */
    mobile: z.string(),
  })
  .strict();
export type OtpSendResponse = z.infer<typeof otpSendResponseSchema>;

/** POST /api/web/otp/validation */
export const otpValidationSchema = z.object({
  mobile: applicantMobileField,
  code: otpCodeField,
});
export type OtpValidationBody = z.input<typeof otpValidationSchema>;
export const otpValidationResponseSchema = z
  .object({
    verified: z.literal(true),
    /** Proof that this mobile was confirmed; sent back with the calls that need it. */
    ticket: z.string(),
    expires_at: z.string(),
  })
  .strict();
export type OtpValidationResponse = z.infer<typeof otpValidationResponseSchema>;

/** POST /api/web/newClient: the borrower's details once the mobile is confirmed. */
export const newClientSchema = z.object({
  ...personalDetailsSchema.shape,
  ...employmentSchema.shape,
  ticket: textField({
    min: 1,
    max: 200,
    messages: { required: 'Confirm your mobile number first.' },
  }),
});
export type NewClientBody = z.input<typeof newClientSchema>;
export const newClientResponseSchema = z.object({ id: z.number().int().positive(), created: z.boolean() }).strict();
export type NewClientResponse = z.infer<typeof newClientResponseSchema>;

/** A partial form as saved half-way: every field optional, none validated beyond type. */
export const unfinishedDataSchema = z
  .object({
    nrc: textField({ max: 40, keepSpaces: true }),
    full_name: textField({ max: 200, keepSpaces: true }),
    mobile: textField({ max: 40, keepSpaces: true }),
    employer: textField({ max: 200, keepSpaces: true }),
    branch: textField({ max: 60, keepSpaces: true }),
    amount: textField({ max: 40, keepSpaces: true }),
    tenure: z.number().int().min(0).max(1000),
    purpose: textField({ max: 400, keepSpaces: true }),
  })
  .partial();
export type UnfinishedData = z.infer<typeof unfinishedDataSchema>;

/** POST /api/web/unfinished/application: save (upsert by mobile) half-way. */
export const unfinishedSaveSchema = z.object({
  mobile: applicantMobileField,
  step: z.enum(APPLY_STEPS),
  data: unfinishedDataSchema,
});
export type UnfinishedSaveBody = z.input<typeof unfinishedSaveSchema>;
export const unfinishedApplicationSchema = z
  .object({ mobile: z.string(), step: z.enum(APPLY_STEPS), data: unfinishedDataSchema, updated_at: z.string() })
  .strict();
export type UnfinishedApplication = z.infer<typeof unfinishedApplicationSchema>;
/** GET /api/web/unfinished/application: the saved draft, or null. */
export const unfinishedLoadResponseSchema = z.object({ data: unfinishedApplicationSchema.nullable() }).strict();

/** GET /api/web/sms-outbox: what the SMS outbox recorded for a number (secrets masked). */
export const smsOutboxResponseSchema = z
  .object({
    data: z.array(
      z.object({ id: z.number().int().positive(), body: z.string(), purpose: z.string(), status: z.string(), created_at: z.string() }).strict(),
    ),
  })
  .strict();

/** POST /api/web/calculator/attempt */
export const calculatorAttemptSchema = z.object({
  amount: amountField,
  tenure: tenureField,
  mobile: applicantMobileField.optional(),
});
export type CalculatorAttemptBody = z.input<typeof calculatorAttemptSchema>;
export const calculatorResultSchema = z
  .object({
    amount: z.string(),
    tenure: z.number().int().positive(),
    /** Monthly flat rate in percent, e.g. "5.00". */
    rate_percent: z.string(),
    interest: z.string(),
    total_due: z.string(),
    monthly_instalment: z.string(),
  })
  .strict();
export type CalculatorResult = z.infer<typeof calculatorResultSchema>;

/** POST /api/web/ip-address */
export const ipAddressResponseSchema = z.object({ ip: z.string() }).strict();
export type IpAddressResponse = z.infer<typeof ipAddressResponseSchema>;

/** POST /api/applyForLoan/check-record */
export const checkRecordSchema = z.object({ nrc: applicantNrcField });
export type CheckRecordBody = z.input<typeof checkRecordSchema>;
export const checkRecordResponseSchema = z.object({ exist: z.boolean() }).strict();
export type CheckRecordResponse = z.infer<typeof checkRecordResponseSchema>;

/** POST /api/applyForLoan/create (public: the application form's submit). */
export const createApplicationSchema = z.object({
  ...applicationFormSchema.shape,
  ticket: textField({
    min: 1,
    max: 200,
    messages: { required: 'Confirm your mobile number first.' },
  }),
});
export type CreateApplicationBody = z.input<typeof createApplicationSchema>;
export const createApplicationResponseSchema = z
  .object({ id: z.number().int().positive(), reference_code: z.string(), status: z.literal('request') })
  .strict();
export type CreateApplicationResponse = z.infer<typeof createApplicationResponseSchema>;

/**
 * Flat-rate instalment, exactly, in ngwee: interest = amount x rate x months,
 * instalment = (amount + interest) / months rounded up to the ngwee.
 */
export function flatRateQuote(amountNgwee: bigint, months: number, rateBps: number) {
  const m = BigInt(months);
  const interest = (amountNgwee * BigInt(rateBps) * m + 5000n) / 10000n;
  const total = amountNgwee + interest;
  const instalment = monthlyInstalmentNgwee(total, months);
  return { interest, total, instalment };
}
