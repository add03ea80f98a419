import { useState } from 'react';
import { P, type LoanAccountDetails } from '@loan/shared-contract';
import { usePermissions } from '@loan/shared-permissions';
import { Button } from '@loan/shared-ui';
import { RecoveryDialog } from './recovery-dialog';
import { RescheduleDialog } from './reschedule-dialog';
import { SettlementQuoteDialog } from './settlement-quote-dialog';
import { WaiveDialog } from './waive-dialog';
import { WriteOffDialog } from './write-off-dialog';

type Open = 'waive' | 'writeOff' | 'reschedule' | 'quote' | 'recovery' | null;

/**
 * The loan account's money actions, each with its permission and only in the state that
 * allows it (NOTES.md): on an active account waive, settlement quote, reschedule and write
 * off; on a written-off one a recovery; none on a closed one. The api refuses them anyway.
 */
export function LoanAccountActions({ account, reference }: { account: LoanAccountDetails; reference: string }) {
  const can = usePermissions();
  const [open, setOpen] = useState<Open>(null);
  const active = account.state === 'active';
  const buttons = [
    active && can(P.viewApplication) && { key: 'quote', label: 'Settlement quote' },
    active && can(P.waiveLoanCharges) && { key: 'waive', label: 'Waive' },
    active && can(P.rescheduleLoans) && { key: 'reschedule', label: 'Reschedule' },
    active && can(P.writeOffLoans) && { key: 'writeOff', label: 'Write off', danger: true },
    account.state === 'written_off' && can(P.addRepayments) && { key: 'recovery', label: 'Record recovery' },
  ].filter((b): b is { key: Exclude<Open, null>; label: string; danger?: boolean } => Boolean(b));
  if (!buttons.length) return null;
  const props = { account, reference, onClose: () => setOpen(null) };
  return (
    <div role="group" aria-label="Loan account actions" className="flex flex-wrap gap-2">
      {buttons.map((b) => (
        <Button key={b.key} size="sm" variant={b.danger ? 'danger' : 'secondary'} onClick={() => setOpen(b.key)}>
          {b.label}
        </Button>
      ))}
      {open === 'waive' && <WaiveDialog {...props} />}
      {open === 'writeOff' && <WriteOffDialog {...props} />}
      {open === 'reschedule' && <RescheduleDialog {...props} />}
      {open === 'quote' && <SettlementQuoteDialog {...props} />}
      {open === 'recovery' && <RecoveryDialog {...props} />}
    </div>
  );
}
