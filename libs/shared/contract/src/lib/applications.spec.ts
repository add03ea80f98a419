import {
  LOAN_KIND_PERMISSIONS,
  closedUnsignedReportQuerySchema,
  formatDecimalTotal,
  loanByStatusQuerySchema,
  loanCommentBodySchema,
  loanDeleteSchema,
  loanFilterQuerySchema,
  loanSearchQuerySchema,
  loanTotalValueQuerySchema,
  loanUpdateBodySchema,
  loanAmountSchema,
  loanApplicationSchema,
  loanListSchema,
  closedUnsignedRowSchema,
} from './applications';
import { decodeCursor, encodeCursor } from './fields';
import { P } from './permissions';

describe('keyset cursor', () => {
  it('round-trips the exact created_at text and id', () => {
    const c = { createdAt: '2026-03-04 05:06:07.123456+00', id: 42 };
    const s = encodeCursor(c);
    expect(s).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(s)).toEqual(c);
    const sorted = { createdAt: '2026-03-04 05:06:07.123456+00', id: 42, sort: '-amount', key: '12500.00' };
    expect(decodeCursor(encodeCursor(sorted))).toEqual(sorted);
    expect(loanByStatusQuerySchema.parse({ status: 'request', sort: '-amount' }).sort).toEqual({ column: 'amount', direction: 'desc' });
    expect(loanByStatusQuerySchema.parse({ status: 'request', sort: '' }).sort).toBeUndefined();
    expect(loanByStatusQuerySchema.safeParse({ status: 'request', sort: 'fullname' }).success).toBe(false);
  });

  it.each([
    ['not base64', '***'],
    ['empty', ''],
    ['json of another shape', btoa(JSON.stringify({ a: 1 }))],
    ['a negative id', btoa(JSON.stringify(['2026-01-01 00:00:00+00', -1]))],
    ['a fractional id', btoa(JSON.stringify(['2026-01-01 00:00:00+00', 1.5]))],
    ['sql in the date', btoa(JSON.stringify(["2026'; drop table x;--", 1]))],
    ['garbage bytes', 'gICA'],
  ])('rejects %s', (_label, value) => {
    expect(decodeCursor(value)).toBeNull();
  });
});

describe('money', () => {
  it.each([
    ['12500', '12500.00'],
    ['12500.5', '12500.50'],
    [' 0.05 ', '0.05'],
    [1500.25, '1500.25'],
    ['007', '7.00'],
  ])('%j reads %j', (input, out) => {
    expect(loanAmountSchema.parse(input)).toBe(out);
  });

  it.each(['-1', '1.234', 'abc', '1e5', '', 'NaN', Infinity, '99999999999'])('rejects %j', (v) => {
    expect(loanAmountSchema.safeParse(v).success).toBe(false);
  });

  it('formats exact totals with separators', () => {
    expect(formatDecimalTotal('1234567.5')).toBe('1,234,567.50');
    expect(formatDecimalTotal('0')).toBe('0.00');
    expect(formatDecimalTotal('999.99')).toBe('999.99');
  });
});

describe('byStatus query', () => {
  it('defaults page and page size and ignores branch null', () => {
    const q = loanByStatusQuerySchema.parse({
      status: 'request',
      branch: 'null',
    });
    expect(q).toMatchObject({
      page: 1,
      pageSize: 15,
      status: 'request',
      relations: [],
    });
    expect(q.branch).toBeUndefined();
  });

  it('accepts relations as a comma list and repeated values', () => {
    expect(
      loanByStatusQuerySchema.parse({
        status: 'closed',
        relations: 'client,comments',
      }).relations,
    ).toEqual(['client', 'comments']);
    expect(
      loanByStatusQuerySchema.parse({
        status: 'closed',
        relations: ['offerLetter'],
      }).relations,
    ).toEqual(['offerLetter']);
  });

  it.each([
    [{ status: 'pending' }, 'status'],
    [{ status: 'request', pageSize: '20' }, 'pageSize'],
    [{ status: 'request', page: '0' }, 'page'],
    [{ status: 'request', page: 'abc' }, 'page'],
    [{ status: 'request', cursor: 'x!' }, 'cursor'],
    [{ status: 'request', relations: 'users' }, 'relations'],
    [{ status: 'request', search: 'x'.repeat(101) }, 'search'],
  ])('rejects %j at %s', (input, field) => {
    const r = loanByStatusQuerySchema.safeParse(input);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0].path[0]).toBe(field);
  });
});

describe('other queries', () => {
  it('search needs a term', () => {
    expect(loanSearchQuerySchema.safeParse({ search: '  ' }).success).toBe(false);
    expect(loanSearchQuerySchema.parse({ search: ' LA-2026 ' }).search).toBe('LA-2026');
  });

  it('filter checks dates and their order', () => {
    expect(loanFilterQuerySchema.safeParse({ fromDate: '2026-02-30' }).success).toBe(false);
    expect(
      loanFilterQuerySchema.safeParse({
        fromDate: '2026-03-01',
        toDate: '2026-02-01',
      }).success,
    ).toBe(false);
    expect(
      loanFilterQuerySchema.parse({
        fromDate: '2026-01-01',
        amount: '',
        nrc: '',
      }),
    ).toMatchObject({
      fromDate: '2026-01-01',
      amount: undefined,
      nrc: undefined,
    });
  });

  it('total-value takes a month code and ignores an empty branch', () => {
    expect(loanTotalValueQuerySchema.parse({ month: '03', branch: '' })).toEqual({ month: '03' });
    expect(loanTotalValueQuerySchema.safeParse({ month: '13' }).success).toBe(false);
  });

  it('reports default to json and accept csv or xlsx otherwise', () => {
    expect(closedUnsignedReportQuerySchema.parse({}).format).toBe('json');
    expect(closedUnsignedReportQuerySchema.parse({ format: 'csv' }).format).toBe('csv');
    expect(closedUnsignedReportQuerySchema.parse({ format: 'xlsx' }).format).toBe('xlsx');
    expect(closedUnsignedReportQuerySchema.safeParse({ format: 'pdf' }).success).toBe(false);
  });
});

describe('bodies', () => {
  it('update needs a change and knows its fields', () => {
    expect(loanUpdateBodySchema.safeParse({ id: 1 }).success).toBe(false);
    expect(loanUpdateBodySchema.safeParse({ id: 1, hacked: true }).success).toBe(false);
    expect(loanUpdateBodySchema.safeParse({ id: 1, status: 'closed' }).success).toBe(true);
    expect(loanUpdateBodySchema.safeParse({ id: 1, mobile: '12345' }).success).toBe(false);
    expect(loanUpdateBodySchema.parse({ id: '3', amount: 100 })).toEqual({
      id: 3,
      amount: '100.00',
    });
  });

  it('comment must have text within the limit', () => {
    expect(loanCommentBodySchema.safeParse({ id: 1, comment: '   ' }).success).toBe(false);
    expect(loanCommentBodySchema.safeParse({ id: 1, comment: 'x'.repeat(2001) }).success).toBe(false);
    expect(loanCommentBodySchema.parse({ id: 1, comment: ' ok ' }).comment).toBe('ok');
  });

  it('delete takes a list or a comma string and removes duplicates', () => {
    expect(loanDeleteSchema.parse({ ids: [3, 3, 4] }).ids).toEqual([3, 4]);
    expect(loanDeleteSchema.parse({ ids: '5,6' }).ids).toEqual([5, 6]);
    expect(loanDeleteSchema.safeParse({ ids: [] }).success).toBe(false);
    expect(loanDeleteSchema.safeParse({ ids: ['1; drop table loans'] }).success).toBe(false);
    expect(
      loanDeleteSchema.safeParse({
        ids: Array.from({ length: 501 }, (_, i) => i + 1),
      }).success,
    ).toBe(false);
  });
});

describe('strict ids and clean text in bodies', () => {
  it.each([true, '0x10', '1e1', '01', -1, '1.0', ''])('refuses id %j (never coerced)', (id) => {
    expect(loanUpdateBodySchema.safeParse({ id, status: 'closed' }).success).toBe(false);
    expect(loanDeleteSchema.safeParse({ ids: [id] }).success).toBe(false);
  });

  it('refuses a NUL in a comment or an edited field with 422 material, not a database error', () => {
    expect(loanCommentBodySchema.safeParse({ id: 1, comment: 'ok\u0000' }).success).toBe(false);
    expect(loanUpdateBodySchema.safeParse({ id: 1, employer: 'Zam\u0000beef' }).success).toBe(false);
    expect(loanCommentBodySchema.parse({ id: 1, comment: 'line one\nline two' }).comment).toBe('line one\nline two');
  });
});

describe('the loan row', () => {
  const row = {
    id: 7,
    kind: 'application',
    reference_code: 'LA-2026-000007',
    status: 'closed',
    nrc: '123456/78/9',
    mobile: '+260971234567',
    employer: null,
    amount: '12500.00',
    total_amount_due: '16250.00',
    interest: '3750.00',
    tenure_months: 6,
    purpose: null,
    branch_id: 1,
    branch: 'Lusaka',
    client_id: null,
    parent_id: null,
    fullname: 'Mwila Banda',
    approved_at: '2026-03-01T08:00:00.000Z',
    rejected_at: null,
    closed_at: '2026-03-02T08:00:00.000Z',
    created_at: '2026-02-28T08:00:00.000Z',
    updated_at: '2026-03-02T08:00:00.000Z',
  };

  it('describes what the api answers, in one list envelope', () => {
    expect(loanApplicationSchema.parse(row)).toEqual(row);
    expect(loanListSchema.safeParse({ items: [row], total: 1, page: 1, pageSize: 15, nextCursor: null }).success).toBe(
      true,
    );
  });

  it('refuses floats and loose dates for amounts and instants', () => {
    expect(loanApplicationSchema.safeParse({ ...row, amount: 12500 }).success).toBe(false);
    expect(loanApplicationSchema.safeParse({ ...row, amount: '12500.5' }).success).toBe(false);
    expect(loanApplicationSchema.safeParse({ ...row, created_at: '2026-02-28' }).success).toBe(false);
  });

  it('gives the report its columns from the same row', () => {
    const { id, reference_code, fullname, nrc, mobile, employer, branch, amount, total_amount_due } = row;
    const report = { id, reference_code, fullname, nrc, mobile, employer, branch, amount, total_amount_due };
    expect(
      closedUnsignedRowSchema.safeParse({ ...report, closed_at: row.closed_at, offer_status: 'none' }).success,
    ).toBe(true);
    expect(
      closedUnsignedRowSchema.safeParse({ ...report, closed_at: row.closed_at, offer_status: 'signed' }).success,
    ).toBe(false);
  });
});

describe('kind permissions', () => {
  it('maps both kinds to their own catalog names', () => {
    expect(LOAN_KIND_PERMISSIONS.application.transition.approved).toBe(P.approveApplication);
    expect(LOAN_KIND_PERMISSIONS.topup.transition.closed).toBe(P.closeTopup);
    expect(LOAN_KIND_PERMISSIONS.application.byStatus.request).toBe(P.viewRequestApplications);
    expect(LOAN_KIND_PERMISSIONS.topup.byStatus.rejected).toBe(P.viewRejectedTopups);
  });
});
