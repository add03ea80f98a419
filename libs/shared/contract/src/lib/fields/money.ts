import { z } from 'zod';
import { MONEY_MAX_NGWEE, MONEY_PATTERN, TYPED_MONEY_PATTERN, fromNgwee, toNgwee } from './money-values';

export { MONEY_PATTERN, MONEY_MAX_NGWEE, toNgwee, fromNgwee, sumMoney, parseTypedMoney, formatAmount, formatMoney } from './money-values';

/** An amount in an answer: `'12500.00'`. */
export const moneySchema = z.string().regex(MONEY_PATTERN, 'Must be an amount with two decimals, such as 12500.00.');

export interface MoneyFieldOptions {
  /** Smallest amount in ngwee; 0 (no negatives) unless given. */
  min?: bigint;
  /** Largest amount in ngwee; MONEY_MAX_NGWEE unless given. */
  max?: bigint;
  messages?: {
    required?: string;
    invalid?: string;
    tooSmall?: string;
    tooLarge?: string;
  };
}

/** What a person types: `12500`, `12500.5`, `12,500.50` (separators only in groups of three). */
/** A JSON number's shortest text: exponents ('1e+21') and a third decimal fail. */
const NUMBER_TEXT = /^-?\d+(?:\.\d{1,2})?$/;

type Issue = { addIssue(issue: { code: 'custom'; message: string }): void };

/** Reads one amount (see moneyField) into the wire form, or records why it cannot. */
function readAmount(v: string | number, ctx: Issue, options: MoneyFieldOptions): string {
  const { min = 0n, max = MONEY_MAX_NGWEE, messages = {} } = options;
  const invalid = messages.invalid ?? 'Enter an amount such as 12500.00, with at most two decimals.';
  const text = typeof v === 'number' ? String(v) : v.trim();
  let message: string | undefined;
  if (text === '') message = messages.required ?? invalid;
  else if (!(typeof v === 'number' ? NUMBER_TEXT : TYPED_MONEY_PATTERN).test(text)) message = invalid;
  else {
    const ngwee = toNgwee(text.replace(/,/g, ''));
    if (ngwee < min)
      message = messages.tooSmall ?? (min === 0n ? 'Must not be negative.' : `Must be at least ${fromNgwee(min)}.`);
    else if (ngwee > max) message = messages.tooLarge ?? `Must be at most ${fromNgwee(max)}.`;
    else return fromNgwee(ngwee);
  }
  ctx.addIssue({ code: 'custom', message });
  return z.NEVER;
}

const requiredMessage = (o: MoneyFieldOptions) =>
  o.messages?.required ?? o.messages?.invalid ?? 'Enter an amount such as 12500.00, with at most two decimals.';

/**
 * An amount sent by a request body or a query: a string as typed (see TYPED) or a finite
 * JSON number whose shortest form has at most two decimals (`12500.5`; `0.1 + 0.2` is
 * refused, not rounded). It parses to the wire form, `'12500.50'`, within [min, max].
 */
export function moneyField(options: MoneyFieldOptions = {}) {
  const required = requiredMessage(options);
  return z
    .union([z.string({ error: required }), z.number({ error: required })], { error: required })
    .transform((v, ctx) => readAmount(v, ctx, options));
}

/** The same amount from a form's text input: strings only, so the form's value type stays a string. */
export function typedMoneyField(options: MoneyFieldOptions = {}) {
  return z.string({ error: requiredMessage(options) }).transform((v, ctx) => readAmount(v, ctx, options));
}

/**
 * THE monthly instalment of a flat-rate loan, in ngwee: the total due over the tenure,
 * rounded UP to the ngwee (the schedule's rule, migration 0840's `loan_instalment`; the last
 * instalment takes what is left). The calculator, the application's details, the offer
 * letter and the schedule all show this figure.
 */
export function monthlyInstalmentNgwee(totalNgwee: bigint, months: number): bigint {
  const n = BigInt(Math.max(1, Math.trunc(months)));
  return totalNgwee <= 0n ? 0n : (totalNgwee + n - 1n) / n;
}

/** `monthlyInstalmentNgwee` on wire amounts: `monthlyInstalment('1000.00', 3)` is `'333.34'`. */
export function monthlyInstalment(totalAmountDue: string, months: number): string {
  return fromNgwee(monthlyInstalmentNgwee(toNgwee(totalAmountDue), months));
}
