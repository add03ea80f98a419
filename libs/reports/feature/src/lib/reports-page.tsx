import { useMemo } from 'react';
import { BRANCHES } from '@loan/shared-contract';
import { REPORT_FILTERS, type ReportFilterValues } from '@loan/reports-data-access';
import { SCREENS } from '@loan/shared-screens';
import { FilterBar, PageSection, SectionTitleBar, useListParams, type FilterField } from '@loan/shared-ui';
import { ClosedUnsignedSection } from './closed-unsigned-section';
import { CollectionsSection } from './collections-section';
import { DisbursedRepaidSection } from './disbursed-repaid-section';
import { FunnelSection } from './funnel-section';
import { OfferLettersSection } from './offer-letters-section';
import { ParSection } from './par-section';

const FILTER_FIELDS: readonly FilterField<(typeof REPORT_FILTERS)[number]>[] = [
  { name: 'fromDate', label: 'From date', type: 'date' },
  { name: 'toDate', label: 'To date', type: 'date' },
  { name: 'branch', label: 'Branch', type: 'select', options: BRANCHES.map((b) => ({ value: b, label: b })) },
];

/**
 * /reports: one set of filters (dates, branch; in the URL, sent only when present) over
 * every report, each with its chart, table and CSV/.xlsx download.
 */
export function ReportsPage() {
  const list = useListParams({ filters: REPORT_FILTERS });
  const { fromDate, toDate, branch } = list.params.filters;
  const filters = useMemo<ReportFilterValues>(() => ({ fromDate, toDate, branch }), [fromDate, toDate, branch]);
  return (
    <PageSection>
      <SectionTitleBar title={SCREENS.reports.title} subtitle="Dates are UTC days; a report counts what was created (or closed) in the range." />
      <FilterBar list={list} fields={FILTER_FIELDS} searchable={false} />
      <ClosedUnsignedSection filters={filters} list={list} />
      <ParSection filters={filters} />
      <CollectionsSection filters={filters} />
      <DisbursedRepaidSection filters={filters} />
      <OfferLettersSection filters={filters} />
      <FunnelSection filters={filters} />
    </PageSection>
  );
}

export default ReportsPage;
