import { maskMobile, normalizeMobile } from '@loan/shared-contract';
import { Notice } from '../ui/notice';
import { OtpConfirm } from './otp-confirm';
import type { MobileTicket } from './use-apply-flow';

/** Step "Confirm your mobile number": the OTP, or a notice once the number in the form is confirmed. */
export function OtpStep({
  mobile,
  confirmed,
  onVerified,
}: {
  mobile: string;
  confirmed: MobileTicket | null;
  onVerified: (r: { ticket: string }) => void;
}) {
  if (confirmed) {
    return (
      <Notice tone="success" title="Your mobile number is confirmed">
        {maskMobile(confirmed.mobile)} is confirmed. From now on we keep your answers as you go.
      </Notice>
    );
  }
  return <OtpConfirm mobile={normalizeMobile(mobile)} onVerified={onVerified} />;
}
