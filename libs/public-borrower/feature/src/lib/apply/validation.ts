import { zodResolver } from '@hookform/resolvers/zod';
import {
  applicantMobileField,
  applicationFormSchema,
  calculatorAttemptSchema,
  otpCodeField,
  type ApplicationForm,
  type ApplicationFormInput,
  type CalculatorAttemptBody,
  type LoanRange,
} from '@loan/shared-contract';
import { outsideLoanProduct } from './loan-product-check';

/**
 * Every check /apply makes in the browser, with the contract's zod schemas (the same the api
 * applies). Loaded on its own (lazy-validation.ts) so the page shows without zod, which is a
 * fifth of the JavaScript a phone downloads for /apply (issue 18, bundle budgets).
 */

// The loan product's limits (no zod), loaded with the checks rather than with the page.
export { withinLoanProduct } from './loan-product-check';

/** The whole form, for react-hook-form. */
export const applicationResolver = zodResolver<ApplicationFormInput, unknown, ApplicationForm>(applicationFormSchema);

export type Checked<T> = { ok: true; value: T } | { ok: false; message?: string };

function check<T>(r: { success: true; data: T } | { success: false; error: { issues: { message: string }[] } }): Checked<T> {
  return r.success ? { ok: true, value: r.data } : { ok: false, message: r.error.issues[0]?.message };
}

/** The mobile number typed to continue an application: normalised, or why it is not one. */
export const checkMobile = (mobile: string) => check(applicantMobileField.safeParse(mobile));

/** The 6-digit code typed from the SMS. */
export const checkOtpCode = (code: string) => check(otpCodeField.safeParse(code));

/**
 * The calculator's request once the amount and months are valid (with the mobile when it is
 * one) and inside the loan product's limits when they are known (the api refuses the rest), else undefined.
 */
export function calculatorBody(amount: string | undefined, tenure: number | undefined, mobile: string | undefined, limits?: LoanRange): CalculatorAttemptBody | undefined {
  // Only whether it fits, not the words: any formatter will do.
  if (limits && Object.keys(outsideLoanProduct(limits, amount, tenure, String)).length) return undefined;
  const parsed = calculatorAttemptSchema.safeParse({ amount, tenure, mobile: mobile || undefined });
  return parsed.success ? parsed.data : calculatorAttemptSchema.safeParse({ amount, tenure }).data;
}
