import type { FieldPath } from 'react-hook-form';
import {
  APPLY_STEPS,
  LOAN_TENURE_MAX,
  LOAN_TENURE_MIN,
  type ApplicationFormInput,
  type ApplyStep,
} from '@loan/shared-contract';

/** The steps of /apply: which fields each one asks for, its title, and the texts they share. */
export type ApplyField = FieldPath<ApplicationFormInput>;

export const STEP_FIELDS: Record<ApplyStep, ApplyField[]> = {
  personal: ['nrc', 'full_name', 'mobile'],
  employment: ['employer', 'branch'],
  loan: ['amount', 'tenure', 'purpose'],
  otp: [],
  review: [],
};

export const STEP_TITLES: Record<ApplyStep, string> = {
  personal: 'About you',
  employment: 'Your work',
  loan: 'Your loan',
  otp: 'Confirm your mobile number',
  review: 'Check and send',
};

export const TENURES = Array.from({ length: LOAN_TENURE_MAX - LOAN_TENURE_MIN + 1 }, (_, i) => i + LOAN_TENURE_MIN);

export const EMPTY_APPLICATION: ApplicationFormInput = {
  nrc: '',
  full_name: '',
  mobile: '',
  employer: '',
  branch: '' as ApplicationFormInput['branch'],
  amount: '',
  tenure: 12,
  purpose: '',
};

export const EXPIRED_TEXT = 'Your confirmation has run out. Please confirm your mobile number again.';
export const DUPLICATE_TEXT =
  'You already have a loan application in progress with this NRC. You cannot apply again until it is finished. For help, contact your branch.';

/** The step that asks for a field (the first step for a field no step asks for). */
export function stepOfField(field: string): ApplyStep {
  return (APPLY_STEPS.find((s) => STEP_FIELDS[s].includes(field as ApplyField)) ?? 'personal') as ApplyStep;
}

/** The step after `step` (the last step stays where it is). */
export function nextStep(step: ApplyStep): ApplyStep {
  return APPLY_STEPS[Math.min(APPLY_STEPS.indexOf(step) + 1, APPLY_STEPS.length - 1)] as ApplyStep;
}

/** The answers worth saving in a draft: the ones given so far. */
export function draftData(values: ApplicationFormInput): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).filter(([, x]) => x !== '' && x !== undefined && !Number.isNaN(x)));
}
