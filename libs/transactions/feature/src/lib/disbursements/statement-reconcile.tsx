import { useId, useState, type ReactNode } from 'react';
import Papa from 'papaparse';
import { STATEMENT_COLUMNS, STATEMENT_MAX_LINES, type StatementBody, type StatementMatch } from '@loan/shared-contract';
import { errorMessage, fieldErrors } from '@loan/shared-data-access-api';
import { useConfirmStatementMutation, useMatchStatementMutation } from '@loan/transactions-data-access';
import { Button, Modal, Money } from '@loan/shared-ui';
import { readText } from '../file-text';

type Lines = StatementBody['lines'];

/** `20/11/2026` or `2026-11-20 10:15` -> `2026-11-20`; anything else stays as written (the server names it). */
function normalDate(v: string): string {
  const t = v.trim();
  const iso = /^(\d{4}-\d{2}-\d{2})(?:[ T].*)?$/.exec(t);
  if (iso) return iso[1];
  const dmy = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(t);
  return dmy ? `${dmy[3]}-${dmy[2].padStart(2, '0')}-${dmy[1].padStart(2, '0')}` : t;
}

/**
 * The statement's lines from its CSV text: the columns are found by name (STATEMENT_COLUMNS,
 * case-insensitive), `line` counts data rows from 1. Throws a message for the person when the
 * columns are missing or the file is empty or too long.
 */
export function readStatement(text: string): Lines {
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (h) => h.trim().toLowerCase().replace(/\s+/g, '_'),
  });
  const header = parsed.meta.fields ?? [];
  const find = (names: readonly string[]) => names.find((n) => header.includes(n));
  const ref = find(STATEMENT_COLUMNS.reference);
  const amount = find(STATEMENT_COLUMNS.amount);
  const date = find(STATEMENT_COLUMNS.date);
  if (!ref || !amount || !date) throw new Error('The statement needs columns for the provider reference, the amount and the date (for example: reference,amount,date).');
  if (!parsed.data.length) throw new Error('The statement has no lines.');
  if (parsed.data.length > STATEMENT_MAX_LINES) throw new Error(`At most ${STATEMENT_MAX_LINES} lines at once: split the statement.`);
  return parsed.data.map((row, i) => ({ line: i + 1, reference: (row[ref] ?? '').trim(), amount: (row[amount] ?? '').trim(), date: normalDate(row[date] ?? '') }));
}

/** The server's 422 as one message per line: `lines.2.amount` -> `Line 3, amount: ...`. */
function lineErrors(error: unknown): string[] {
  const errors = fieldErrors(error);
  return Object.entries(errors).map(([key, messages]) => {
    const m = /^lines\.(\d+)\.(\w+)$/.exec(key);
    return m ? `Line ${Number(m[1]) + 1}, ${m[2]}: ${messages.join(' ')}` : messages.join(' ');
  });
}

function Table({ caption, head, children }: { caption: string; head: string[]; children: ReactNode }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="mb-1 text-left font-semibold">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-200 dark:border-slate-700">
            {head.map((h) => (
              <th key={h} scope="col" className="py-1 pr-3 font-medium whitespace-nowrap">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

const td = 'py-1 pr-3 align-top';

function Review({ match }: { match: StatementMatch }) {
  const fresh = match.matched.filter((m) => !m.already_reconciled).length;
  return (
    <div className="space-y-5">
      <p aria-live="polite" data-testid="statement-summary">
        {match.from === match.to ? `Statement of ${match.from}` : `Statement of ${match.from} to ${match.to}`}: {match.matched.length} matched ({fresh} to reconcile),{' '}
        {match.unmatched_lines.length} statement line{match.unmatched_lines.length === 1 ? '' : 's'} unmatched, {match.unmatched_disbursements.length} disbursement
        {match.unmatched_disbursements.length === 1 ? '' : 's'} not in the statement.
      </p>
      {match.matched.length > 0 && (
        <Table caption="Matched" head={['Line', 'Reference', 'Date', 'Amount', 'Disbursement', '']}>
          {match.matched.map((m) => (
            <tr key={m.line} className="border-b border-slate-100 dark:border-slate-800">
              <td className={td}>{m.line}</td>
              <td className={td}>{m.reference}</td>
              <td className={`${td} whitespace-nowrap`}>{m.date}</td>
              <td className={`${td} whitespace-nowrap`}>
                <Money value={m.amount} />
              </td>
              <td className={td}>#{m.disbursement_id}</td>
              <td className={td}>{m.already_reconciled ? 'Already reconciled' : 'To reconcile'}</td>
            </tr>
          ))}
        </Table>
      )}
      {match.unmatched_lines.length > 0 && (
        <Table caption="Statement lines without a match" head={['Line', 'Reference', 'Date', 'Amount', 'Why']}>
          {match.unmatched_lines.map((m) => (
            <tr key={m.line} className="border-b border-slate-100 dark:border-slate-800">
              <td className={td}>{m.line}</td>
              <td className={td}>{m.reference}</td>
              <td className={`${td} whitespace-nowrap`}>{m.date}</td>
              <td className={`${td} whitespace-nowrap`}>
                <Money value={m.amount} />
              </td>
              <td className={`${td} text-red-700 dark:text-red-300`}>{m.reason}</td>
            </tr>
          ))}
        </Table>
      )}
      {match.unmatched_disbursements.length > 0 && (
        <Table caption="Disbursements not in the statement" head={['Disbursement', 'Provider ref.', 'Date', 'Amount', 'Loan']}>
          {match.unmatched_disbursements.map((d) => (
            <tr key={d.id} className="border-b border-slate-100 dark:border-slate-800">
              <td className={td}>#{d.id}</td>
              <td className={td}>{d.provider_ref ?? '—'}</td>
              <td className={`${td} whitespace-nowrap`}>{d.date}</td>
              <td className={`${td} whitespace-nowrap`}>
                <Money value={d.amount} />
              </td>
              <td className={td}>{d.reference_code ?? '—'}</td>
            </tr>
          ))}
        </Table>
      )}
    </div>
  );
}

export interface StatementReconcileProps {
  onClose: () => void;
}

/**
 * Statement reconciliation: choose the provider's statement (CSV), review matched and
 * unmatched lines on both sides, confirm: the server matches again and marks the matched
 * ones reconciled in one transaction (a repeat reconciles nothing more).
 */
export function StatementReconcile({ onClose }: StatementReconcileProps) {
  const inputId = useId();
  const [match, matching] = useMatchStatementMutation();
  const [confirm, confirming] = useConfirmStatementMutation();
  const [lines, setLines] = useState<Lines | null>(null);
  const [result, setResult] = useState<StatementMatch | null>(null);
  const [problems, setProblems] = useState<string[]>([]);

  const choose = async (file: File | undefined) => {
    setResult(null);
    setProblems([]);
    setLines(null);
    if (!file) return;
    let read: Lines;
    try {
      read = readStatement(await readText(file));
    } catch (e) {
      setProblems([(e as Error).message]);
      return;
    }
    const res = await match({ lines: read });
    if ('error' in res) {
      const named = lineErrors(res.error);
      setProblems(named.length ? named : [errorMessage(res.error, 'Could not read the statement.')]);
      return;
    }
    setLines(read);
    setResult(res.data);
  };

  const toReconcile = result?.matched.filter((m) => !m.already_reconciled).length ?? 0;
  const onConfirm = async () => {
    if (!lines) return;
    const res = await confirm({ lines });
    if (!('error' in res)) onClose();
  };

  return (
    <Modal
      open
      size="lg"
      title="Reconcile with a statement"
      onClose={onClose}
      footer={
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button disabled={!result || toReconcile === 0} loading={confirming.isLoading} onClick={() => void onConfirm()}>
            {`Reconcile ${toReconcile} matched`}
          </Button>
        </div>
      }
    >
      <div className="space-y-4 text-sm">
        <div>
          <label htmlFor={inputId} className="block font-medium">
            Provider statement (CSV)
          </label>
          <p className="text-slate-600 dark:text-slate-400">Columns: provider reference (reference), amount and date (YYYY-MM-DD). Lines match on all three.</p>
          <input
            id={inputId}
            type="file"
            accept=".csv,text/csv"
            className="mt-2 block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-blue-600 file:px-3 file:py-2 file:text-white dark:text-slate-200"
            onChange={(e) => void choose(e.target.files?.[0])}
          />
        </div>
        {matching.isLoading && (
          <p role="status" aria-live="polite">
            Matching...
          </p>
        )}
        {problems.length > 0 && (
          <div role="alert" className="rounded-md bg-red-50 p-3 text-red-800 dark:bg-red-900/30 dark:text-red-200">
            <p className="font-medium">The statement cannot be matched:</p>
            <ul className="list-disc pl-5">
              {problems.slice(0, 20).map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          </div>
        )}
        {result && <Review match={result} />}
      </div>
    </Modal>
  );
}

export default StatementReconcile;
