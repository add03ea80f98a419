import { render, screen } from '@testing-library/react';
import type { ComponentProps } from 'react';
import { StepActions } from './step-actions';

const base: ComponentProps<typeof StepActions> = {
  step: 'personal',
  first: true,
  busy: false,
  checking: false,
  submitting: false,
  confirmed: false,
  blocked: false,
  onBack: () => undefined,
};
const button = (name: string) => screen.queryByRole('button', { name }) as HTMLButtonElement | null;

it('has no Back on the first step and stops a blocked step', () => {
  render(<StepActions {...base} blocked />);
  expect(button('Back')).toBeNull();
  expect(button('Continue')?.disabled).toBe(true);
});

it('shows Continue on the OTP step only once the number is confirmed', () => {
  const { rerender } = render(<StepActions {...base} step="otp" first={false} />);
  expect(button('Continue')).toBeNull();
  expect(button('Back')).not.toBeNull();
  rerender(<StepActions {...base} step="otp" first={false} confirmed />);
  expect(button('Continue')?.disabled).toBe(false);
});

it('says what it is doing while it checks or sends', () => {
  const { rerender } = render(<StepActions {...base} busy checking />);
  expect(button('Checking…')?.disabled).toBe(true);
  rerender(<StepActions {...base} step="review" first={false} />);
  expect(button('Send my application')?.disabled).toBe(false);
  rerender(<StepActions {...base} step="review" first={false} busy submitting />);
  expect(button('Sending…')?.disabled).toBe(true);
});
