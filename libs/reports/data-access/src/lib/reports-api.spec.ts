import { REPORTS_PATHS } from '@loan/shared-contract';
import { DOWNLOADABLE_REPORTS, reportParams } from './reports-api';

describe('reports data-access', () => {
  it('sends a filter only when it holds a value (spec §5)', () => {
    expect(reportParams({})).toEqual({});
    expect(reportParams({ fromDate: '2026-03-01', toDate: '', branch: ' ' })).toEqual({ fromDate: '2026-03-01' });
    expect(reportParams({ branch: 'null' })).toEqual({});
    expect(reportParams({ fromDate: '2026-03-01', toDate: '2026-03-31', branch: 'Ndola' })).toEqual({
      fromDate: '2026-03-01',
      toDate: '2026-03-31',
      branch: 'Ndola',
    });
  });

  it('downloads the closed-unsigned report from the spec path under the spec name', () => {
    expect(DOWNLOADABLE_REPORTS.closedUnsigned).toEqual({
      path: '/api/applyForLoan/reports/closed-unsigned',
      filename: 'unsigned_closed_loans_report.csv',
    });
    expect(REPORTS_PATHS.closedUnsignedStatsByBranch).toBe('/api/applyForLoan/reports/closed-unsigned-stats-by-branch');
  });
});
