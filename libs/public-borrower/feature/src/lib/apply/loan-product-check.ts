import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { loanLimitErrors, parseTypedMoney, type LoanRange } from '@loan/shared-contract';

/**
 * The loan product's limits (GET /api/web/loan-product) checked in the browser as the api
 * checks them, in the api's words (the contract's loanLimitErrors). Loaded with the lazy
 * checks (validation.ts re-exports it), so /apply's first download does not carry it; the
 * page hands in its money formatter (formatMoney), which the lazy chunk must not import
 * itself (the bundler would then split a shared chunk off /apply: +0.5 KB, issue 18).
 */

/** Why this amount (as typed) or these months fall outside the product, by field. */
export function outsideLoanProduct(range: LoanRange, amount: string | undefined, tenure: number | undefined, money: (amount: string) => string) {
  return loanLimitErrors(range, { amount: parseTypedMoney(amount) ?? undefined, tenure }, money);
}

/**
 * `resolver` with the product's limits on `amount` and `tenure`, given as the form's context
 * (`useForm({ context })`: undefined until they load, then the resolver's own checks alone
 * apply). The resolver's message on a field (empty, not a number, the outer limits) comes first.
 */
export function withinLoanProduct<T extends FieldValues & { amount: string; tenure: number }, TOut>(
  resolver: Resolver<T, unknown, TOut>,
  money: (amount: string) => string,
): Resolver<T, LoanRange | undefined, TOut> {
  return async (values, limits, options) => {
    const result = await resolver(values, limits, options);
    let errors = result.errors as FieldErrors<FieldValues>;
    for (const [field, message] of Object.entries(limits ? outsideLoanProduct(limits, values.amount, values.tenure, money) : {})) {
      if (!errors[field]) errors = { ...errors, [field]: { type: 'loanProduct', message } };
    }
    return errors === result.errors ? result : { values: {}, errors: errors as FieldErrors<T> };
  };
}
