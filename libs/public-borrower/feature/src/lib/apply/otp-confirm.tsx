import { useState } from 'react';
import { maskMobile, type OtpValidationResponse } from '@loan/shared-contract';
import { errorMessage, fieldErrors } from '@loan/shared-data-access-api';
import { useBorrowerMutation } from '@loan/public-borrower-data-access';
import { Button } from '../ui/button';
import { Field } from '../ui/field';
import { Notice } from '../ui/notice';
import { loadValidation } from './lazy-validation';

interface Props {
  mobile: string;
  onVerified: (r: OtpValidationResponse) => void | Promise<void>;
  busy?: boolean;
}

/** Send a 6-digit code by SMS to `mobile` and confirm it. */
export function OtpConfirm({ mobile, onVerified, busy }: Props) {
  const [send, sending] = useBorrowerMutation('sendOtp');
  const [validate, validating] = useBorrowerMutation('validateOtp');
  const [sent, setSent] = useState(false);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string>();
  const [error, setError] = useState<string>();
  const [info, setInfo] = useState<string>();

  const sendCode = async () => {
    setError(undefined);
    setCodeError(undefined);
    const r = await send({ mobile });
    if ('data' in r && r.data) {
      setSent(true);
      setCode('');
      setInfo(`We sent a 6-digit code by SMS to ${r.data.mobile}. It works for 10 minutes.`);
    } else {
      setInfo(undefined);
      setError(fieldErrors(r.error)['mobile']?.[0] ?? errorMessage(r.error, 'We could not send the code. Please try again.'));
    }
  };

  const confirm = async () => {
    setError(undefined);
    const local = (await loadValidation()).checkOtpCode(code);
    if (!local.ok) {
      setCodeError(local.message);
      return;
    }
    setCodeError(undefined);
    const r = await validate({ mobile, code: local.value });
    if ('data' in r && r.data) {
      await onVerified(r.data);
      return;
    }
    const fe = fieldErrors(r.error)['code']?.[0];
    if (fe) setCodeError(fe);
    else setError(errorMessage(r.error, 'We could not check the code. Please try again.'));
  };

  return (
    <div className="space-y-4">
      {!sent ? (
        <>
          <p className="text-base">
            To confirm that <strong>{maskMobile(mobile)}</strong> is your number, we will send it a 6-digit code by SMS.
          </p>
          <Button onClick={sendCode} disabled={sending.isLoading} className="w-full sm:w-auto">
            {sending.isLoading ? 'Sending…' : 'Send me the code'}
          </Button>
        </>
      ) : (
        <>
          {info && <Notice tone="info">{info}</Notice>}
          <Field label="6-digit code" error={codeError}>
            <input
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={code}
              onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  void confirm();
                }
              }}
            />
          </Field>
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
            <Button onClick={confirm} disabled={validating.isLoading || busy} className="w-full sm:w-auto">
              {validating.isLoading || busy ? 'Checking…' : 'Confirm code'}
            </Button>
            <Button variant="link" onClick={sendCode} disabled={sending.isLoading}>
              Send a new code
            </Button>
          </div>
        </>
      )}
      {error && <Notice tone="error">{error}</Notice>}
    </div>
  );
}
