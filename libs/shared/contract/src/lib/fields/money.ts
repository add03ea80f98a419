import { z } from 'zod';

/*
 * Money travels as a decimal string with exactly two places ('12500.00') and is counted
 * inside as integer ngwee (bigint: a product of an amount, a rate and months passes 2^53).
 * Nothing in between is a float.
 */

/** The wire form of an amount, as every answer carries it. */
export const MONEY_PATTERN = /^-?\d+\.\d{2}$/;
/** Largest amount one field holds: numeric(14,2), ZMW 999,999,999,999.99. */
export const MONEY_MAX_NGWEE = 99_999_999_999_999n;

const DECIMAL = /^(-)?(\d+)(?:\.(\d{1,2}))?$/;

/** `'12500.5'` -> `1250050n`, exactly. Throws on anything but digits with at most two decimals. */
export function toNgwee(decimal: string): bigint {
  const m = DECIMAL.exec(decimal);
  if (!m) throw new RangeError(`Not an amount with at most two decimals: ${JSON.stringify(decimal)}`);
  const ngwee = BigInt(m[2]) * 100n + BigInt((m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -ngwee : ngwee;
}

/** `1250050n` -> `'12500.50'`. A number must be a safe integer (ngwee are whole). */
export function fromNgwee(ngwee: bigint | number): string {
  if (typeof ngwee === 'number' && !Number.isSafeInteger(ngwee))
    throw new RangeError(`Not a whole number of ngwee: ${ngwee}`);
  const v = BigInt(ngwee);
  const abs = v < 0n ? -v : v;
  return `${v < 0n ? '-' : ''}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}

/** The exact sum of wire amounts: `sumMoney('0.10', '0.20')` is `'0.30'`; no amounts sum to `'0.00'`. */
export function sumMoney(...amounts: string[]): string {
  return fromNgwee(amounts.reduce((total, a) => total + toNgwee(a), 0n));
}

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
const TYPED = /^-?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d{1,2})?$/;
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
  else if (!(typeof v === 'number' ? NUMBER_TEXT : TYPED).test(text)) message = invalid;
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

/**
 * An amount as a person types it (`12,500`, `12500.5`) in the wire form (`'12500.50'`), or
 * null when it is not one: for screens that show or compare a typed amount before sending.
 */
export function parseTypedMoney(text: string | null | undefined): string | null {
  const t = (text ?? '').trim();
  return TYPED.test(t) ? fromNgwee(toNgwee(t.replace(/,/g, ''))) : null;
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
