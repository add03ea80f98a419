import type { ReactNode } from 'react';
import type { ReportFilterValues } from '@loan/reports-data-access';
import { errorMessage } from '@loan/shared-data-access-api';
import { ReportSection } from '@loan/shared-ui';
import { DownloadButtons } from './download-buttons';
import type { ReportEntry } from './report-descriptors';

export interface ReportCardProps<D, R> {
  entry: ReportEntry<D, R>;
  filters: ReportFilterValues;
  children?: ReactNode;
}

/** One report of /reports: its query with the page's filters, drawn by the kit's ReportSection. */
export function ReportCard<D, R>({ entry, filters, children }: ReportCardProps<D, R>) {
  const q = entry.useReport(filters);
  return (
    <ReportSection
      report={entry.report}
      state={{ data: q.data, loading: q.isLoading, error: q.isError ? errorMessage(q.error) : undefined, onRetry: () => void q.refetch() }}
      actions={<DownloadButtons report={entry.download.report} filters={filters} what={entry.download.what} />}
    >
      {children}
    </ReportSection>
  );
}
