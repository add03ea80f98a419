import { z } from 'zod';
import { businessDateSchema, isBusinessDate, timestampSchema, withDateOrder } from './dates';

describe('businessDateSchema', () => {
  it.each(['2026-01-31', '2024-02-29', '2000-12-01'])('accepts %j', (v) => expect(businessDateSchema.parse(v)).toBe(v));

  it.each([
    '2026-02-30',
    '2025-02-29',
    '2026-13-01',
    '2026-1-31',
    '31/01/2026',
    '2026-01-31T00:00:00Z',
    '',
    20260131,
    null,
  ])('refuses %j', (v) => expect(businessDateSchema.safeParse(v).success).toBe(false));

  it('is the check the form helpers use', () => {
    expect(isBusinessDate('2026-04-31')).toBe(false);
  });
});

describe('timestampSchema', () => {
  it.each(['2026-01-31T08:00:00.000Z', '2026-01-31T08:00:00Z', '2026-01-31T13:30:00+05:30'])('accepts %j', (v) =>
    expect(timestampSchema.safeParse(v).success).toBe(true),
  );
  it.each(['2026-01-31', '2026-01-31 08:00:00', '2026-01-31T08:00:00', 'yesterday'])('refuses %j', (v) =>
    expect(timestampSchema.safeParse(v).success).toBe(false),
  );
});

describe('withDateOrder', () => {
  const range = withDateOrder(
    z.object({ fromDate: businessDateSchema.optional(), toDate: businessDateSchema.optional() }),
  );
  it('refuses an end before the start, on toDate', () => {
    expect(range.safeParse({ fromDate: '2026-03-01', toDate: '2026-03-01' }).success).toBe(true);
    expect(range.safeParse({ fromDate: '2026-03-01' }).success).toBe(true);
    const r = range.safeParse({ fromDate: '2026-03-02', toDate: '2026-03-01' });
    expect(r.error?.issues.map((i) => [i.path, i.message])).toEqual([[['toDate'], 'Must not be before fromDate.']]);
  });
});
