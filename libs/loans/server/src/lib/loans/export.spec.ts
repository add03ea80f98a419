import { sql } from 'drizzle-orm';
import { API, LOAN_EXPORT_COLUMNS, P, type ListEnvelope, type LoanApplication } from '@loan/shared-contract';
import { queryRows } from '@loan/shared-server';
import { loanApplications } from '@loan/shared-server/schema';
import { createTestApp, createTestUser, loginAs, type AuthHeaders, type TestApp } from '@loan/shared-server/testing';
import { loansServer } from '../../index';
import { EXPORT_BATCH } from './service/lists';

/**
 * GET /export of both kinds: the filtered list of one status as CSV, every row (across
 * the keyset batches), in the list's sort, formula-safe, under the list's permission.
 */

jest.setTimeout(120_000);

let t: TestApp;
let admin: AuthHeaders;
const MANY = EXPORT_BATCH * 2 + 37;

beforeAll(async () => {
  t = await createTestApp({ modules: [loansServer] });
  admin = await loginAs(t.app, 'admin');
  const [branch] = await queryRows<{ id: string }>(t.db, sql`SELECT id FROM branches ORDER BY id LIMIT 1`);
  const base = {
    branchId: Number(branch.id),
    nrc: '500000/11/1',
    mobile: '+260975000000',
    totalAmountDue: '1300.00',
  };
  // Closed top-ups: more than two export batches.
  const many = Array.from({ length: MANY }, (_, i) => ({
    ...base,
    kind: 'topup' as const,
    status: 'closed' as const,
    referenceCode: `TU-2026-${String(10000 + i).padStart(6, '0')}`,
    fullname: `Export Borrower ${i}`,
    employer: 'Exportco',
    amount: `${1000 + (i % 7)}.00`,
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i % 600)),
  }));
  // Rejected applications: one whose text a spreadsheet would run as a formula.
  const few = [
    { name: '=HYPERLINK("http://evil.example","x")', employer: '+Cmd|calc', amount: '2000.00' },
    { name: 'Plain Mwale', employer: 'ZESCO', amount: '3000.00' },
    { name: 'Other "Quoted" Banda', employer: 'ZESCO', amount: '1500.00' },
  ].map((r, i) => ({
    ...base,
    kind: 'application' as const,
    status: 'rejected' as const,
    referenceCode: `LA-2026-${String(20000 + i).padStart(6, '0')}`,
    fullname: r.name,
    employer: r.employer,
    amount: r.amount,
    createdAt: new Date(Date.UTC(2026, 1, 1 + i)),
  }));
  await t.db.insert(loanApplications).values([...many, ...few]);
});

afterAll(() => t?.close());

async function get(url: string, headers: AuthHeaders = admin) {
  return t.app.inject({ method: 'GET', url, headers });
}

/** The CSV's lines without the trailing CRLF, each split into unquoted cells. */
function parse(body: string): string[][] {
  expect(body.endsWith('\r\n')).toBe(true);
  return body
    .slice(0, -2)
    .split('\r\n')
    .map((line) => (line.match(/"((?:[^"]|"")*)"/g) ?? []).map((c) => c.slice(1, -1).replace(/""/g, '"')));
}

it('streams every row of the filtered list past the batch size, in the list order, as an attachment', async () => {
  const res = await get(`${API.topups}/export?status=closed&sort=-amount&employer=Exportco`);
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(res.headers['content-disposition']).toBe('attachment; filename="topup_closed.csv"');
  const [header, ...lines] = parse(res.body);
  expect(header).toEqual([...LOAN_EXPORT_COLUMNS]);
  expect(lines).toHaveLength(MANY);
  const refs = lines.map((l) => l[0]);
  expect(new Set(refs).size).toBe(MANY);
  expect(refs.every((r) => r.startsWith('TU-'))).toBe(true);
  const amounts = lines.map((l) => Number(l[6]));
  expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
  // The same order as the list's own pages.
  const page = (await get(`${API.topups}/byStatus?status=closed&sort=-amount&pageSize=100`)).json() as ListEnvelope<LoanApplication>;
  expect(refs.slice(0, 100)).toEqual(page.items.map((r) => r.reference_code));
});

it('applies search and filters, and makes formula-like cells text', async () => {
  const all = parse((await get(`${API.applications}/export?status=rejected&branch=null`)).body).slice(1);
  expect(all.map((l) => l[1])).toEqual(['Other "Quoted" Banda', 'Plain Mwale', `'=HYPERLINK("http://evil.example","x")`]);
  expect(all[2][4]).toBe(`'+Cmd|calc`);
  const searched = parse((await get(`${API.applications}/export?status=rejected&search=plain`)).body);
  expect(searched.slice(1).map((l) => l[1])).toEqual(['Plain Mwale']);
  const filtered = parse((await get(`${API.applications}/export?status=rejected&amount=1500`)).body);
  expect(filtered.slice(1).map((l) => l[1])).toEqual(['Other "Quoted" Banda']);
  const none = parse((await get(`${API.applications}/export?status=rejected&branch=No+Such+Branch`)).body);
  expect(none).toEqual([[...LOAN_EXPORT_COLUMNS]]);
});

it("needs the list's own permission, and validates its query", async () => {
  const rejectedOnly = (await createTestUser(t.app, [P.viewLoanModule, P.viewLoanApplications, P.viewRejectedApplications])).headers;
  expect((await get(`${API.applications}/export?status=rejected`, rejectedOnly)).statusCode).toBe(200);
  expect((await get(`${API.applications}/export?status=closed`, rejectedOnly)).statusCode).toBe(403);
  expect((await get(`${API.topups}/export?status=rejected`, rejectedOnly)).statusCode).toBe(403);
  const bad = await get(`${API.applications}/export?status=rejected&sort=nrc&fromDate=2026-03-02&toDate=2026-03-01`);
  expect(bad.statusCode).toBe(422);
  expect(Object.keys(bad.json().errors).sort()).toEqual(['sort']);
  expect((await get(`${API.applications}/export`)).statusCode).toBe(422);
});
