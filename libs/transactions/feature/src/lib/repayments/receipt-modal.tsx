import { useRef } from 'react';
import type { Repayment } from '@loan/shared-contract';
import { useGetRecordHistoryQuery } from '@loan/shared-data-access-api';
import { Button, HistorySection, Modal, Money, PrintButton } from '@loan/shared-ui';
import { formatDate, formatDateTime } from '@loan/shared-util-format';
import { methodLabel } from './repayment-labels';

function Line({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-2 border-b border-gray-100 py-1.5 text-sm dark:border-slate-700">
      <dt className="text-gray-600 dark:text-gray-300">{label}</dt>
      <dd className="font-medium">{children}</dd>
    </div>
  );
}

/** The receipt of one repayment, printable. */
export function ReceiptModal({ repayment: r, onClose }: { repayment: Repayment; onClose: () => void }) {
  const receipt = useRef<HTMLDivElement>(null);
  return (
    <Modal
      open
      title={`Receipt ${r.reference ?? r.id}`}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          <PrintButton target={receipt} title={`Receipt ${r.reference ?? r.id}`} variant="primary">
            Print receipt
          </PrintButton>
        </>
      }
    >
      <div ref={receipt}>
        <h2 className="mb-2 text-lg font-semibold">Repayment receipt</h2>
        {r.reversed && (
          <p className="mb-2 rounded bg-red-50 p-2 text-sm font-medium text-red-800 dark:bg-red-900/40 dark:text-red-200">
            Reversed {r.reversed_at ? formatDateTime(r.reversed_at) : ''}: {r.reversal_reason}
          </p>
        )}
        <dl>
          <Line label="Receipt no.">{r.id}</Line>
          <Line label="Loan">{r.reference_code ?? '—'}</Line>
          <Line label="Borrower">{r.client_name ?? '—'}</Line>
          <Line label="Branch">{r.branch_name ?? '—'}</Line>
          <Line label="Amount">
            <Money value={r.amount} />
          </Line>
          <Line label="Paid on">{formatDate(r.paid_at)}</Line>
          <Line label="Method">{methodLabel(r.method)}</Line>
          <Line label="Reference">{r.reference ?? '—'}</Line>
          {r.note && <Line label="Note">{r.note}</Line>}
          <Line label="Recorded by">{r.recorded_by ?? '—'}</Line>
          <Line label="Recorded at">{formatDateTime(r.created_at)}</Line>
        </dl>
      </div>
      <HistorySection kind="repayment" id={r.id} useHistory={useGetRecordHistoryQuery} />
    </Modal>
  );
}
