import type { ApplyStep } from '@loan/shared-contract';
import { Button } from '../ui/button';

/** The buttons under a step: Back (not on the first step) and the step's main button. */
export function StepActions({
  step,
  first,
  busy,
  checking,
  submitting,
  confirmed,
  blocked,
  onBack,
}: {
  step: ApplyStep;
  first: boolean;
  busy: boolean;
  checking: boolean;
  submitting: boolean;
  /** The mobile in the form is confirmed (the OTP step then shows Continue). */
  confirmed: boolean;
  /** The step cannot go on (an open application for this NRC). */
  blocked: boolean;
  onBack: () => void;
}) {
  return (
    <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-between">
      {first ? (
        <span />
      ) : (
        <Button variant="secondary" onClick={onBack}>
          Back
        </Button>
      )}
      {step === 'review' ? (
        <Button type="submit" disabled={busy}>
          {submitting ? 'Sending…' : 'Send my application'}
        </Button>
      ) : step === 'otp' ? (
        confirmed ? (
          <Button type="submit">Continue</Button>
        ) : null
      ) : (
        <Button type="submit" disabled={busy || blocked}>
          {checking ? 'Checking…' : 'Continue'}
        </Button>
      )}
    </div>
  );
}
