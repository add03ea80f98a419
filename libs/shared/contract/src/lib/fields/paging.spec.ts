import { z } from 'zod';
import { listEnvelope, pageParamsSchema, sortField } from './paging';

describe('pageParamsSchema', () => {
  it('defaults to page 1 of 15 rows and reads digits or integers', () => {
    expect(pageParamsSchema.parse({})).toEqual({ page: 1, pageSize: 15 });
    expect(pageParamsSchema.parse({ page: '3', pageSize: '25' })).toEqual({ page: 3, pageSize: 25 });
    expect(pageParamsSchema.parse({ page: 2, pageSize: 100 })).toEqual({ page: 2, pageSize: 100 });
  });

  it.each([
    { page: '0' },
    { page: '01' },
    { page: '1e1' },
    { page: true },
    { page: '' },
    { page: '1000001' },
    { pageSize: '20' },
    { pageSize: 0 },
    { pageSize: '015' },
    { pageSize: true },
  ])('refuses %j', (q) => {
    expect(pageParamsSchema.safeParse(q).success).toBe(false);
  });
});

describe('sortField', () => {
  const sort = sortField(['created_at', 'amount']);
  it('reads a column, descending with a leading minus', () => {
    expect(sort.parse('amount')).toEqual({ column: 'amount', direction: 'asc' });
    expect(sort.parse('-created_at')).toEqual({ column: 'created_at', direction: 'desc' });
  });
  it.each(['', '-', 'name', '--amount', 'amount;drop'])('refuses %j', (v) => {
    expect(sort.safeParse(v).success).toBe(false);
  });
});

describe('listEnvelope', () => {
  const list = listEnvelope(z.object({ id: z.number() }));
  it('holds items with a page, or a cursor, and a total when known', () => {
    expect(list.safeParse({ items: [{ id: 1 }], total: 1, page: 1, pageSize: 15, nextCursor: null }).success).toBe(
      true,
    );
    expect(list.safeParse({ items: [], nextCursor: 'abc', prevCursor: 'xyz' }).success).toBe(true);
  });
  it('refuses other shapes and wrong items', () => {
    expect(list.safeParse({ data: [] }).success).toBe(false);
    expect(list.safeParse({ items: [{ id: '1' }] }).success).toBe(false);
    expect(list.safeParse({ items: [], total: -1 }).success).toBe(false);
    expect(list.safeParse({ items: [], meta: {} }).success).toBe(false);
  });
});
