import { sql } from 'drizzle-orm';
import { API, encodeCursor, type ListEnvelope, type LoanApplication, type LoanKind } from '@loan/shared-contract';
import { queryRows } from '@loan/shared-server';
import { loanApplications } from '@loan/shared-server/schema';
import { createTestApp, loginAs, type AuthHeaders, type TestApp } from '@loan/shared-server/testing';
import { loansServer } from '../../index';

/**
 * ?sort= on /byStatus and /filter of both kinds: newest or oldest first, largest or
 * smallest amount first, each with the id as tie-break, and paging (by cursor and by page
 * number) that walks every row exactly once in that order, ties included.
 */

jest.setTimeout(120_000);

let t: TestApp;
let admin: AuthHeaders;
const BASES: Record<LoanKind, string> = { application: API.applications, topup: API.topups };

beforeAll(async () => {
  t = await createTestApp({ modules: [loansServer] });
  admin = await loginAs(t.app, 'admin');
  const [branch] = await queryRows<{ id: string }>(t.db, sql`SELECT id FROM branches ORDER BY id LIMIT 1`);
  // 23 rows of each kind in status 'approved': amounts repeat (ties) and so do some moments.
  const values = (['application', 'topup'] as const).flatMap((kind) =>
    Array.from({ length: 23 }, (_, i) => ({
      kind,
      referenceCode: `${kind === 'application' ? 'LA' : 'TU'}-2026-${String(900 + i).padStart(6, '0')}`,
      branchId: Number(branch.id),
      fullname: `Sort Borrower ${i}`,
      nrc: `${400000 + i}/11/1`,
      mobile: `+26097${3000000 + i}`,
      employer: 'Sortco Mining',
      amount: `${1000 + (i % 5) * 250}.${i % 2 ? '50' : '00'}`,
      totalAmountDue: `${1300 + i}.00`,
      status: 'approved' as const,
      createdAt: new Date(Date.UTC(2026, 1, 1 + Math.floor(i / 2), 9, 30, 0, 123)),
    })),
  );
  await t.db.insert(loanApplications).values(values);
});

afterAll(() => t?.close());

async function get(url: string) {
  const res = await t.app.inject({ method: 'GET', url, headers: admin });
  return { status: res.statusCode, body: res.json() as ListEnvelope<LoanApplication> & { message?: string; errors?: Record<string, string[]> } };
}

/** Every approved row of the kind, in the order `sort` means (id as the tie-break). */
function expected(all: LoanApplication[], sort: string): number[] {
  const desc = sort.startsWith('-');
  const col = desc ? sort.slice(1) : sort;
  const key = (r: LoanApplication) => (col === 'amount' ? Number(r.amount) : Date.parse(r.created_at));
  return [...all]
    .sort((a, b) => {
      const d = key(a) - key(b) || a.id - b.id;
      return desc ? -d : d;
    })
    .map((r) => r.id);
}

async function everyRow(kind: LoanKind): Promise<LoanApplication[]> {
  const res = await get(`${BASES[kind]}/byStatus?status=approved&pageSize=100`);
  expect(res.status).toBe(200);
  return res.body.items;
}

describe.each(['application', 'topup'] as const)('sorting the %s lists', (kind) => {
  const base = BASES[kind];
  const lists = [
    ['byStatus', `${base}/byStatus?status=approved`],
    ['filter', `${base}/filter?status=approved&employer=Sortco`],
  ] as const;

  describe.each(lists)('%s', (_name, url) => {
    it.each(['-created_at', 'created_at', '-amount', 'amount'])('sort=%s pages by cursor through every row once, in order', async (sort) => {
      const all = await everyRow(kind);
      expect(all.length).toBeGreaterThanOrEqual(23);
      const want = expected(all, sort);
      const seen: number[] = [];
      let cursor: string | null | undefined;
      for (let guard = 0; guard < 20; guard++) {
        const res = await get(`${url}&sort=${encodeURIComponent(sort)}&pageSize=15${cursor ? `&cursor=${cursor}` : ''}`);
        expect(res.status).toBe(200);
        seen.push(...res.body.items.map((r) => r.id));
        cursor = res.body.nextCursor;
        if (!cursor) break;
      }
      expect(seen).toEqual(want);
    });

    it.each(['created_at', '-amount', 'amount'])('sort=%s pages by page number in the same order', async (sort) => {
      const want = expected(await everyRow(kind), sort);
      const p1 = await get(`${url}&sort=${sort}&pageSize=15&page=1`);
      const p2 = await get(`${url}&sort=${sort}&pageSize=15&page=2`);
      expect([...p1.body.items, ...p2.body.items].map((r) => r.id)).toEqual(want);
    });
  });

  it('refuses a cursor written for another order, and an unknown sort', async () => {
    const first = await get(`${base}/byStatus?status=approved&pageSize=15&sort=-amount`);
    const cursor = first.body.nextCursor as string;
    expect(cursor).toBeTruthy();
    const other = await get(`${base}/byStatus?status=approved&pageSize=15&sort=amount&cursor=${cursor}`);
    expect(other.status).toBe(422);
    expect(other.body.errors?.['cursor']?.[0]).toMatch(/another sort order/);
    const newest = await get(`${base}/byStatus?status=approved&pageSize=15&cursor=${cursor}`);
    expect(newest.status).toBe(422);
    const forged = encodeCursor({ createdAt: '2026-02-01 09:30:00.123+00', id: 1, sort: '-amount', key: '1; DROP TABLE x' });
    expect((await get(`${base}/byStatus?status=approved&sort=-amount&cursor=${forged}`)).status).toBe(422);
    const bad = await get(`${base}/byStatus?status=approved&sort=fullname`);
    expect(bad.status).toBe(422);
    expect(bad.body.errors?.['sort']?.[0]).toMatch(/created_at, amount/);
  });
});
