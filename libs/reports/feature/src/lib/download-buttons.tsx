import { useDownloadReportMutation, type DownloadableReport, type DownloadFormat, type ReportFilterValues } from '@loan/reports-data-access';
import { Button, Icon } from '@loan/shared-ui';

export interface DownloadButtonsProps {
  report: DownloadableReport;
  filters: ReportFilterValues;
  /** What is downloaded, for the buttons' accessible names ('closed unsigned loans'). */
  what: string;
}

/**
 * CSV and .xlsx downloads of one report with the filters on screen. The toasts
 * ('Report downloaded successfully', 'Failed to download report', 'Error downloading report')
 * are declared on the endpoint.
 */
export function DownloadButtons({ report, filters, what }: DownloadButtonsProps) {
  const [download, state] = useDownloadReportMutation();
  const pending = state.isLoading ? state.originalArgs?.format : undefined;
  const run = (format: DownloadFormat) => void download({ report, format, filters });
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        onClick={() => run('csv')}
        disabled={state.isLoading}
        aria-label={`Download CSV of ${what}`}
        icon={<Icon name="download" size={16} />}
      >
        {pending === 'csv' ? 'Downloading…' : 'CSV'}
      </Button>
      <Button
        variant="secondary"
        size="sm"
        onClick={() => run('xlsx')}
        disabled={state.isLoading}
        aria-label={`Download Excel (.xlsx) of ${what}`}
        icon={<Icon name="download" size={16} />}
      >
        {pending === 'xlsx' ? 'Downloading…' : 'Excel'}
      </Button>
    </>
  );
}
