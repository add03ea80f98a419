import { useState } from 'react';
import { normalizeMobile, type UnfinishedApplication } from '@loan/shared-contract';
import { errorMessage } from '@loan/shared-data-access-api';
import { useBorrowerMutation } from '@loan/public-borrower-data-access';
import { Field } from '../ui/field';
import { Button } from '../ui/button';
import { Notice } from '../ui/notice';
import { OtpConfirm } from './otp-confirm';
import { loadValidation } from './lazy-validation';

interface Props {
  onResumed: (app: UnfinishedApplication, ticket: { value: string; mobile: string }) => void;
  onCancel: () => void;
}

/** Coming back: the same mobile number and a new OTP bring back the saved answers. */
export function ResumePanel({ onResumed, onCancel }: Props) {
  const [mobile, setMobile] = useState('');
  const [mobileError, setMobileError] = useState<string>();
  const [confirmed, setConfirmed] = useState<string | null>(null);
  const [load, loading] = useBorrowerMutation('getUnfinished');
  const [message, setMessage] = useState<{ tone: 'info' | 'error'; text: string }>();

  const chooseNumber = async () => {
    const r = (await loadValidation()).checkMobile(mobile);
    if (!r.ok) {
      setMobileError(r.message);
      return;
    }
    setMobileError(undefined);
    setConfirmed(r.value);
  };

  return (
    <section aria-labelledby="resume-title" className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 sm:p-6 dark:border-slate-800 dark:bg-slate-900">
      <h2 id="resume-title" className="text-lg font-semibold">
        Continue an application you started
      </h2>
      {!confirmed ? (
        <>
          <Field label="The mobile number you used" hint="For example 0971234567" error={mobileError}>
            <input
              type="tel"
              autoComplete="tel"
              value={mobile}
              onChange={(e) => setMobile(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  void chooseNumber();
                }
              }}
            />
          </Field>
          <div className="flex flex-wrap gap-3">
            <Button onClick={() => void chooseNumber()}>Continue</Button>
            <Button variant="secondary" onClick={onCancel}>
              Start a new application instead
            </Button>
          </div>
        </>
      ) : (
        <OtpConfirm
          mobile={confirmed}
          busy={loading.isLoading}
          onVerified={async ({ ticket }) => {
            const r = await load({ mobile: confirmed, ticket });
            if ('data' in r) {
              if (r.data) onResumed(r.data, { value: ticket, mobile: normalizeMobile(confirmed) });
              else setMessage({ tone: 'info', text: 'We found no unfinished application for this number. You can start a new one.' });
            } else {
              setMessage({ tone: 'error', text: errorMessage(r.error, 'We could not load your application. Please try again.') });
            }
          }}
        />
      )}
      {message && (
        <Notice tone={message.tone}>
          {message.text}{' '}
          {message.tone === 'info' && (
            <Button variant="link" onClick={onCancel}>
              Start a new application
            </Button>
          )}
        </Notice>
      )}
    </section>
  );
}
