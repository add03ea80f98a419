import { APPLY_STEPS } from '@loan/shared-contract';
import { EMPTY_APPLICATION, STEP_FIELDS, draftData, nextStep, stepOfField } from './apply-steps';

it('finds the step that asks for each field', () => {
  expect(stepOfField('nrc')).toBe('personal');
  expect(stepOfField('mobile')).toBe('personal');
  expect(stepOfField('branch')).toBe('employment');
  expect(stepOfField('tenure')).toBe('loan');
  expect(stepOfField('purpose')).toBe('loan');
  // A field no step asks for (e.g. the OTP ticket) leads to the first step.
  expect(stepOfField('ticket')).toBe('personal');
});

it('asks for every field of the form exactly once', () => {
  const asked = APPLY_STEPS.flatMap((s) => STEP_FIELDS[s]);
  expect([...asked].sort()).toEqual(Object.keys(EMPTY_APPLICATION).sort());
});

it('goes through the steps in the contract order and stays on the last', () => {
  expect(nextStep('personal')).toBe('otp');
  expect(nextStep('otp')).toBe('employment');
  expect(nextStep('employment')).toBe('loan');
  expect(nextStep('loan')).toBe('review');
  expect(nextStep('review')).toBe('review');
});

it('keeps only the answers given so far in a draft', () => {
  expect(draftData({ ...EMPTY_APPLICATION, nrc: '123456/78/9', tenure: Number.NaN, amount: '' })).toEqual({ nrc: '123456/78/9' });
  expect(draftData({ ...EMPTY_APPLICATION, full_name: 'Mary Banda' })).toEqual({ full_name: 'Mary Banda', tenure: 12 });
});
