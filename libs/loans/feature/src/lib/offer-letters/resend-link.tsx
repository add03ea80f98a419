import { useState } from 'react';
import type { OfferLetterStaff } from '@loan/shared-contract';
import { useResendOfferLetterMutation } from '@loan/loans-data-access';
import { Button, Card, ConfirmDialog, Icon } from '@loan/shared-ui';
import { CopyLink } from './copy-link';

/**
 * "Send the link again" (`can send offer letter`, pending letters): a fresh link by SMS
 * (only its hash is kept, so the old link cannot be read back and stops working); the new
 * one is shown here once, with a copy button, for the officer to pass on another way.
 */
export function ResendLink({ letter }: { letter: OfferLetterStaff }) {
  const [resend, { data, isLoading, reset }] = useResendOfferLetterMutation();
  const [confirming, setConfirming] = useState(false);
  const link = data?.link ?? null;

  async function send() {
    reset();
    await resend(letter.id);
    setConfirming(false);
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
        <div className="mt-4">
          <CopyLink link={link} label="New link (sent by SMS)" />
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
