import { useId, useState } from 'react';
import type { OfferLetterStaff } from '@loan/shared-contract';
import { useResendOfferLetterMutation } from '@loan/loans-data-access';
import { Button, Card, ConfirmDialog, Icon } from '@loan/shared-ui';

/**
 * "Send the link again" (`can send offer letter`, pending letters): a fresh link by SMS
 * (only its hash is kept, so the old link cannot be read back and stops working); the new
 * one is shown here once, with a copy button, for the officer to pass on another way.
 */
export function ResendLink({ letter }: { letter: OfferLetterStaff }) {
  const [resend, { data, isLoading, reset }] = useResendOfferLetterMutation();
  const [confirming, setConfirming] = useState(false);
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const inputId = useId();
  const link = data?.link ?? null;

  async function send() {
    setCopied(null);
    reset();
    await resend(letter.id);
    setConfirming(false);
  }

  async function copy() {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link);
      setCopied('yes');
    } catch {
      setCopied('no');
    }
  }

  return (
    <Card title="The borrower's link">
      <p className="text-sm text-gray-600 dark:text-gray-300">
        The link was sent to {letter.mobile} by SMS. It cannot be shown again (only a fingerprint of it is kept); sending it again makes a new
        link and the old one stops working.
      </p>
      <div className="mt-3">
        <Button variant="secondary" onClick={() => setConfirming(true)} icon={<Icon name="refresh" size={16} />}>
          Send the link again
        </Button>
      </div>
      {link && (
        <div className="mt-4 space-y-1">
          <label htmlFor={inputId} className="text-sm font-medium">
            New link (sent by SMS)
          </label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <input
              id={inputId}
              readOnly
              value={link}
              onFocus={(e) => e.currentTarget.select()}
              className="min-w-0 flex-1 rounded-md border border-gray-300 bg-gray-50 px-3 py-2 font-mono text-xs dark:border-slate-600 dark:bg-slate-900"
            />
            <Button variant="primary" onClick={() => void copy()}>
              Copy link
            </Button>
          </div>
          <p role="status" className="text-sm text-gray-600 dark:text-gray-300">
            {copied === 'yes' ? 'Link copied.' : copied === 'no' ? 'Could not copy: select the link and copy it.' : ''}
          </p>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        title={`Send the link of ${letter.reference_code} again?`}
        message={`${letter.applicant_name} gets a new link by SMS at ${letter.mobile}. The link sent before stops working.`}
        confirmLabel="Send new link"
        tone="primary"
        busy={isLoading}
        onConfirm={() => void send()}
        onCancel={() => setConfirming(false)}
      />
    </Card>
  );
}
