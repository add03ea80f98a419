import { useId, useState } from 'react';
import type { BulkUploadError, BulkUploadReport } from '@loan/shared-contract';
import { repaymentsTemplateHref, useCheckRepaymentsUploadMutation, useUploadRepaymentsMutation } from '@loan/transactions-data-access';
import { errorMessage } from '@loan/shared-data-access-api';
import { Button, Card, ConfirmDialog, Money, buttonClass } from '@loan/shared-ui';
import { badRowsCsv, previewCsv, type CsvPreview } from './csv-preview';

async function preview(file: File): Promise<CsvPreview> {
  // jsdom (tests) has no workers: the same code runs on the page there.
  if (typeof Worker === 'undefined') return previewCsv(file);
  const { previewInWorker } = await import('./csv-worker');
  return previewInWorker(file);
}

/** The report a 422 of the save carries, if any. */
function reportOf(error: unknown): BulkUploadReport | undefined {
  const data = (error as { data?: { report?: BulkUploadReport } } | undefined)?.data;
  return data?.report;
}

/** The bad rows of the file, with their reasons, as a CSV download (read from the file again, in chunks). */
async function downloadBadRows(name: string, file: File, errors: readonly BulkUploadError[]) {
  download(`bad-rows-${name}`, await badRowsCsv(file, errors));
}

function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

const th = 'px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-gray-600 dark:text-gray-300';
const td = 'px-3 py-1.5 text-sm';

/**
 * Bulk upload of repayments: the template, a CSV chosen and previewed (parsed in a web
 * worker: first rows, row count, total, loans), the server's check of every row (errors by
 * row and column, downloadable as the bad rows with a reason), then saving all rows in one
 * transaction, or none.
 */
export function BulkUpload({ onDone }: { onDone: () => void }) {
  const inputId = useId();
  const [file, setFile] = useState<{ name: string; file: File; preview: CsvPreview } | null>(null);
  const [reading, setReading] = useState(false);
  const [readError, setReadError] = useState<string | null>(null);
  const [report, setReport] = useState<BulkUploadReport | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [saved, setSaved] = useState<BulkUploadReport | null>(null);
  const [check, checking] = useCheckRepaymentsUploadMutation();
  const [save, saving] = useUploadRepaymentsMutation();

  const choose = async (f: File | undefined) => {
    setFile(null);
    setReport(null);
    setFailure(null);
    setSaved(null);
    setReadError(null);
    if (!f) return;
    setReading(true);
    try {
      // The file is not read whole here: the preview streams it, and the server gets the File.
      setFile({ name: f.name, file: f, preview: await preview(f) });
    } catch (err) {
      setReadError((err as Error).message || 'Could not read the file.');
    } finally {
      setReading(false);
    }
  };

  const runCheck = async () => {
    if (!file) return;
    setFailure(null);
    const res = await check({ file: file.file, fileName: file.name });
    if ('error' in res) setFailure(errorMessage(res.error, 'Could not check the file.'));
    else setReport(res.data);
  };

  const runSave = async () => {
    if (!file) return;
    setConfirming(false);
    setFailure(null);
    const res = await save({ file: file.file, fileName: file.name });
    if ('error' in res) {
      const r = reportOf(res.error);
      if (r) setReport(r);
      setFailure(`Nothing was saved. ${errorMessage(res.error, 'Could not save the file.')}`);
      return;
    }
    setSaved(res.data);
    setReport(null);
  };

  const p = file?.preview;
  const errors = report?.errors ?? [];
  return (
    <div className="space-y-6">
      <Card
        title="Bulk upload of repayments"
        actions={
          <>
            <a className={buttonClass('secondary', 'sm')} href={repaymentsTemplateHref()} download>
              Download the template
            </a>
            <Button size="sm" variant="ghost" onClick={onDone}>
              Back to the list
            </Button>
          </>
        }
      >
        <p className="mb-3 text-sm text-gray-700 dark:text-gray-200">
          A CSV with the header <code className="break-all">reference_code,amount,paid_at,method,reference,note</code>: dates as
          2026-01-31, amounts with up to two decimals (1,500.00 is fine), methods mobile_money, bank, cash or payroll. Every row
          must be right, or nothing is saved.
        </p>
        <label htmlFor={inputId} className="mb-1 block text-sm font-medium">
          CSV file
        </label>
        <input
          id={inputId}
          type="file"
          accept=".csv,text/csv"
          className="block w-full text-sm file:mr-3 file:rounded-md file:border file:border-gray-300 file:bg-white file:px-3 file:py-1.5 dark:file:border-slate-600 dark:file:bg-slate-800 dark:file:text-gray-100"
          onChange={(e) => void choose(e.target.files?.[0])}
        />
        {reading && <p className="mt-2 text-sm" role="status">Reading the file...</p>}
        {readError && (
          <p role="alert" className="mt-2 text-sm text-red-600 dark:text-red-400">
            {readError}
          </p>
        )}
      </Card>

      {saved && (
        <p role="status" className="rounded-md bg-green-50 p-3 text-sm text-green-900 dark:bg-green-900/40 dark:text-green-100">
          Saved {saved.rows.toLocaleString('en-US')} repayments of {saved.loans.toLocaleString('en-US')} loans, <Money value={saved.total_amount} /> in all.
        </p>
      )}

      {p && file && !saved && (
        <Card title={`Preview of ${file.name}`}>
          <dl className="mb-3 grid grid-cols-1 gap-2 text-sm sm:grid-cols-3">
            <div>
              <dt className="text-gray-600 dark:text-gray-300">Rows</dt>
              <dd className="font-semibold">{p.rowCount.toLocaleString('en-US')}</dd>
            </div>
            <div>
              <dt className="text-gray-600 dark:text-gray-300">Total amount</dt>
              <dd className="font-semibold">
                <Money value={p.totalAmount} />
              </dd>
            </div>
            <div>
              <dt className="text-gray-600 dark:text-gray-300">Loans</dt>
              <dd className="font-semibold">{p.loans.toLocaleString('en-US')}</dd>
            </div>
          </dl>
          {!p.headerOk && (
            <p role="alert" className="mb-3 text-sm text-red-600 dark:text-red-400">
              The first line is not the template&apos;s header: download the template and copy the rows into it.
            </p>
          )}
          <div className="overflow-x-auto">
            <table className="min-w-full divide-y divide-gray-200 dark:divide-slate-700">
              <caption className="sr-only">First rows of the file</caption>
              <thead>
                <tr>
                  <th scope="col" className={th}>Row</th>
                  {p.header.map((h, i) => (
                    <th key={i} scope="col" className={th}>
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-100 dark:divide-slate-700">
                {p.firstRows.map((row, i) => (
                  <tr key={i}>
                    <td className={td}>{i + 1}</td>
                    {row.map((c, j) => (
                      <td key={j} className={td}>
                        {c}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="mt-4 flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={() => void runCheck()} loading={checking.isLoading}>
              Check every row
            </Button>
            <Button onClick={() => setConfirming(true)} loading={saving.isLoading} disabled={!report || report.error_count > 0}>
              Save all rows
            </Button>
          </div>
          {report && report.error_count === 0 && (
            <p role="status" className="mt-3 text-sm text-green-800 dark:text-green-200">
              All {report.rows.toLocaleString('en-US')} rows are right: <Money value={report.total_amount} /> for {report.loans} loans.
            </p>
          )}
        </Card>
      )}

      {failure && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {failure}
        </p>
      )}

      {report && report.error_count > 0 && file && (
        <Card
          title={`${report.error_count.toLocaleString('en-US')} problem${report.error_count === 1 ? '' : 's'} found: nothing saved`}
          actions={
            <Button size="sm" variant="secondary" onClick={() => void downloadBadRows(file.name, file.file, errors)}>
              Download the bad rows
            </Button>
          }
          flush
        >
          <div className="overflow-x-auto">
            <table className="min-w-full divide-y divide-gray-200 dark:divide-slate-700">
              <caption className="sr-only">Problems by row and column</caption>
              <thead>
                <tr>
                  <th scope="col" className={th}>Row</th>
                  <th scope="col" className={th}>Column</th>
                  <th scope="col" className={th}>Problem</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-100 dark:divide-slate-700">
                {errors.map((e, i) => (
                  <tr key={i}>
                    <td className={td}>{e.row === 0 ? 'File' : `Row ${e.row}`}</td>
                    <td className={td}>{e.column}</td>
                    <td className={td}>{e.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {report.error_count > errors.length && (
            <p className="p-3 text-sm text-gray-600 dark:text-gray-300">The first {errors.length} are listed.</p>
          )}
        </Card>
      )}

      <ConfirmDialog
        open={confirming}
        title="Save all rows?"
        message={
          report ? (
            <>
              {report.rows.toLocaleString('en-US')} repayments, <Money value={report.total_amount} /> for {report.loans} loans, saved together.
            </>
          ) : undefined
        }
        tone="primary"
        confirmLabel="Save all rows"
        onConfirm={() => void runSave()}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}
