import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import {
  API,
  CLOSED_UNSIGNED_CSV_FILENAME,
  P,
  decodeCursor,
  type ListEnvelope,
  type LoanApplication,
  type LoanStatus,
} from '@loan/shared-contract';
import { queryRows, type Db } from '@loan/shared-server';
import { businessDateOf } from '@loan/shared-util-format';
import { loanApplications, offerLetters } from '@loan/shared-server/schema';
import { createTestApp, loginAs, loginWithPermissions, type AuthHeaders, type TestApp } from '@loan/shared-server/testing';
import { loansServer } from '../../index';

jest.setTimeout(120_000);

const BASE = API.applications;
const STATUSES: LoanStatus[] = ['request', 'approved', 'rejected', 'closed'];
const N = 120;

interface Fixture {
  id: number;
  kind: 'application' | 'topup';
  status: LoanStatus;
  branchId: number;
  branch: string;
  reference: string;
  fullname: string;
  nrc: string;
  mobile: string;
  employer: string;
  amount: string;
  due: string;
  createdAt: Date;
}

const money = (ngwee: number) => `${Math.floor(ngwee / 100)}.${String(ngwee % 100).padStart(2, '0')}`;

/** A fixed book: N applications over 2026 and 4 top-ups, every status and branch. */
async function seedBook(db: Db): Promise<Fixture[]> {
  const branches = await queryRows<{ id: string; name: string }>(db, sql`SELECT id, name FROM branches ORDER BY id`);
  const rows: Omit<Fixture, 'id'>[] = [];
  for (let i = 0; i < N + 4; i++) {
    const kind = i < N ? 'application' : 'topup';
    const b = branches[i % branches.length];
    // Rows 100-109 share one timestamp so paging must break ties by id.
    const createdAt =
      i >= 100 && i < 110 ? new Date(Date.UTC(2026, 5, 15, 12, 0, 0, 123)) : new Date(Date.UTC(2026, i % 12, 1 + (i % 27), i % 24, i % 60, 7));
    const amountNgwee = 100_000 + i * 1_050 + (i % 7);
    rows.push({
      kind,
      status: STATUSES[i % 4],
      branchId: Number(b.id),
      branch: b.name,
      reference: `${kind === 'application' ? 'LA' : 'TU'}-2026-${String(i + 1).padStart(6, '0')}`,
      fullname: i === 7 ? '=HYPERLINK("http://evil")' : i === 3 ? 'Mwansa Percent%Sign' : `Borrower ${String.fromCharCode(65 + (i % 26))}${i}`,
      nrc: `${String(200000 + i)}/1${i % 10}/1`,
      mobile: `+26097${String(1000000 + i)}`,
      employer: i === 7 ? '+SUM(A1)' : i % 3 === 0 ? 'ZESCO' : 'Zambia Sugar',
      amount: money(amountNgwee),
      due: money(amountNgwee + Math.floor(amountNgwee / 10)),
      createdAt,
    });
  }
  const inserted = await db
    .insert(loanApplications)
    .values(
      rows.map((r) => ({
        kind: r.kind,
        referenceCode: r.reference,
        branchId: r.branchId,
        fullname: r.fullname,
        nrc: r.nrc,
        mobile: r.mobile,
        employer: r.employer,
        amount: r.amount,
        totalAmountDue: r.due,
        status: r.status,
        createdAt: r.createdAt,
        updatedAt: r.createdAt,
        closedAt: r.status === 'closed' ? new Date(r.createdAt.getTime() + 86_400_000) : null,
      })),
    )
    .returning({ id: loanApplications.id, reference: loanApplications.referenceCode });
  const idOf = new Map(inserted.map((r) => [r.reference, r.id]));
  const book = rows.map((r) => ({ ...r, id: idOf.get(r.reference) as number }));
  // Offer letters on closed applications: every 3rd signed, every 3rd+1 pending, the rest none.
  const closed = book.filter((r) => r.kind === 'application' && r.status === 'closed');
  const letters = closed
    .map((r, j) => ({ r, state: j % 3 === 0 ? 'signed' : j % 3 === 1 ? 'pending' : null }))
    .filter((x): x is { r: Fixture; state: 'signed' | 'pending' } => x.state !== null);
  await db.insert(offerLetters).values(
    letters.map(({ r, state }, k) => ({
      applicationId: r.id,
      tokenHash: `hash-${k}-${r.id}`,
      status: state,
      principal: r.amount,
      totalAmountDue: r.due,
      tenureMonths: 6,
      termsConditions: 'Terms',
      authorizedRepName: 'Rep',
      authorizedRepDate: '2026-01-01',
      expiresAt: new Date(Date.UTC(2027, 0, 1)),
    })),
  );
  return book;
}

const newestFirst = (a: Fixture, b: Fixture) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id;

let t: TestApp;
let admin: AuthHeaders;
let book: Fixture[];
const apps = () => book.filter((r) => r.kind === 'application');

async function get<T>(url: string, headers: AuthHeaders = admin): Promise<{ status: number; body: T; raw: string; headers: Record<string, unknown> }> {
  const res = await t.app.inject({ method: 'GET', url, headers });
  let body: T;
  try {
    body = res.json() as T;
  } catch {
    body = undefined as T;
  }
  return { status: res.statusCode, body, raw: res.body, headers: res.headers };
}

async function send<T>(method: 'PUT' | 'DELETE', url: string, payload: unknown, headers: AuthHeaders = admin) {
  const res = await t.app.inject({ method, url, headers, payload: payload as object });
  return { status: res.statusCode, body: res.json() as T };
}

beforeAll(async () => {
  t = await createTestApp({ modules: [loansServer] });
  book = await seedBook(t.db);
  admin = await loginAs(t.app, 'admin');
});

afterAll(async () => {
  await t?.close();
});

describe('byStatus', () => {
  it('answers the newest page first with counts from the maintained stats', async () => {
    const { status, body } = await get<ListEnvelope<LoanApplication>>(`${BASE}/byStatus?status=request`);
    expect(status).toBe(200);
    const expected = apps().filter((r) => r.status === 'request').sort(newestFirst);
    expect(body).toMatchObject({ page: 1, pageSize: 15, total: expected.length });
    expect(body.items.map((d) => d.id)).toEqual(expected.slice(0, 15).map((r) => r.id));
    expect(body.items[0]).toMatchObject({
      kind: 'application',
      status: 'request',
      reference_code: expected[0].reference,
      amount: expected[0].amount,
      total_amount_due: expected[0].due,
      branch: expected[0].branch,
    });
    expect(body.nextCursor).toEqual(expect.any(String));
  });

  it('walks every row once by cursor, and page numbers agree, ties broken by id', async () => {
    const expected = apps().filter((r) => r.status === 'approved').sort(newestFirst).map((r) => r.id);
    const seen: number[] = [];
    let cursor = null as string | null;
    let page = 1;
    do {
      const q = `${BASE}/byStatus?status=approved&pageSize=25${cursor ? `&cursor=${cursor}` : ''}`;
      const { body } = await get<ListEnvelope<LoanApplication>>(q);
      const byNumber = await get<ListEnvelope<LoanApplication>>(`${BASE}/byStatus?status=approved&pageSize=25&page=${page}`);
      expect(byNumber.body.items.map((d) => d.id)).toEqual(body.items.map((d) => d.id));
      seen.push(...body.items.map((d) => d.id));
      cursor = body.nextCursor ?? null;
      page += 1;
    } while (cursor);
    expect(seen).toEqual(expected);
    expect(decodeCursor('x')).toBeNull();
  });

  it('pages by number from the monthly counts: every page of every status and branch matches the sorted rows', async () => {
    for (const status of STATUSES) {
      for (const branch of [undefined, 'Ndola']) {
        const rows = apps()
          .filter((r) => r.status === status && (!branch || r.branch === branch))
          .sort(newestFirst)
          .map((r) => r.id);
        const pages = Math.ceil(rows.length / 15);
        for (let page = 1; page <= pages + 1; page++) {
          const { body } = await get<ListEnvelope<LoanApplication>>(
            `${BASE}/byStatus?status=${status}&page=${page}${branch ? `&branch=${branch}` : ''}`,
          );
          expect(body.items.map((d) => d.id)).toEqual(rows.slice((page - 1) * 15, page * 15));
          expect(body.total).toBe(rows.length);
          expect(body.nextCursor === null).toBe(page >= pages);
        }
      }
    }
  });

  it('filters by branch id or name, ignores an empty or null branch, and finds nothing for an unknown one', async () => {
    const lusaka = apps().find((r) => r.branch === 'Lusaka') as Fixture;
    const expected = apps().filter((r) => r.status === 'closed' && r.branch === 'Lusaka').length;
    const byId = await get<ListEnvelope<LoanApplication>>(`${BASE}/byStatus?status=closed&branch=${lusaka.branchId}&pageSize=100`);
    const byName = await get<ListEnvelope<LoanApplication>>(`${BASE}/byStatus?status=closed&branch=lusaka&pageSize=100`);
    expect(byId.body.total).toBe(expected);
    expect(byId.body.items).toHaveLength(expected);
    expect(byName.body.items.map((d) => d.id)).toEqual(byId.body.items.map((d) => d.id));
    expect(byId.body.items.every((d) => d.branch === 'Lusaka')).toBe(true);
    const all = apps().filter((r) => r.status === 'closed').length;
    for (const b of ['', 'null']) {
      expect((await get<ListEnvelope<LoanApplication>>(`${BASE}/byStatus?status=closed&branch=${b}`)).body.total).toBe(all);
    }
    const none = await get<ListEnvelope<LoanApplication>>(`${BASE}/byStatus?status=closed&branch=Atlantis`);
    expect(none.body).toEqual({ items: [], total: 0, page: 1, pageSize: 15, nextCursor: null });
  });

  it('searches within the status and adds relations', async () => {
    const target = apps().find((r) => r.status === 'closed' && r.fullname.startsWith('Borrower')) as Fixture;
    const { body } = await get<ListEnvelope<LoanApplication>>(
      `${BASE}/byStatus?status=closed&search=${encodeURIComponent(target.reference)}&relations=comments,offerLetter,client`,
    );
    expect(body.items.map((d) => d.id)).toEqual([target.id]);
    expect(body.items[0].comments).toEqual([]);
    expect(body.items[0]).toHaveProperty('offerLetter');
    expect(body.items[0].client).toBeNull();
    expect(body.total).toBe(1);
  });

  it('needs the permission of the status asked for', async () => {
    const requestsOnly = await loginWithPermissions(t.app, [P.viewRequestApplications, P.viewAllBranches]);
    expect((await get(`${BASE}/byStatus?status=request`, requestsOnly)).status).toBe(200);
    expect((await get(`${BASE}/byStatus?status=closed`, requestsOnly)).status).toBe(403);
    const nothing = await loginWithPermissions(t.app, [P.viewDashboard]);
    expect((await get(`${BASE}/byStatus?status=request`, nothing)).status).toBe(403);
  });

  it.each([
    ['status=pending', 'status'],
    ['status=request&pageSize=20', 'pageSize'],
    ['status=request&page=0', 'page'],
    ['status=request&cursor=not-a-cursor', 'cursor'],
    [`status=request&search=${'x'.repeat(101)}`, 'search'],
    ['status=request&relations=users', 'relations'],
  ])('answers 422 for %s', async (qs, field) => {
    const { status, body } = await get<{ message: string; errors: Record<string, string[]> }>(`${BASE}/byStatus?${qs}`);
    expect(status).toBe(422);
    expect(Object.keys(body.errors)[0]).toMatch(new RegExp(`^${field}`));
  });
});

describe('all, search and filter', () => {
  it('all lists only applications (not top-ups), newest first', async () => {
    const { body } = await get<ListEnvelope<LoanApplication>>(`${BASE}/all?pageSize=100&page=2`);
    const expected = apps().sort(newestFirst).slice(100, 200);
    expect(body.total).toBe(N);
    expect(body.items.map((d) => d.id)).toEqual(expected.map((r) => r.id));
    expect(body.nextCursor).toBeNull();
  });

  it('search matches reference, name, NRC, employer and mobile prefixes, case-insensitively', async () => {
    const r = apps()[42];
    const ids = async (term: string) =>
      (await get<ListEnvelope<LoanApplication>>(`${BASE}/search?pageSize=100&search=${encodeURIComponent(term)}`)).body.items.map((d) => d.id);
    expect(await ids(r.reference.toLowerCase())).toEqual([r.id]);
    expect(await ids(r.nrc)).toEqual([r.id]);
    expect(await ids(`097${r.mobile.slice(6)}`)).toEqual([r.id]);
    expect(await ids(r.mobile)).toEqual([r.id]);
    expect(await ids(r.fullname.toUpperCase())).toContain(r.id);
    expect((await ids('zesco')).length).toBe(apps().filter((x) => x.employer === 'ZESCO').length);
  });

  it('search treats % and _ as text, and SQL-looking text as text', async () => {
    const pct = apps().find((r) => r.fullname.includes('%')) as Fixture;
    const found = await get<ListEnvelope<LoanApplication>>(`${BASE}/search?search=${encodeURIComponent('Mwansa Percent%')}`);
    expect(found.body.items.map((d) => d.id)).toEqual([pct.id]);
    expect((await get<ListEnvelope<LoanApplication>>(`${BASE}/search?search=%25`)).body.items).toEqual([]);
    expect((await get<ListEnvelope<LoanApplication>>(`${BASE}/search?search=_`)).body.items).toEqual([]);
    const inj = await get<ListEnvelope<LoanApplication>>(`${BASE}/search?search=${encodeURIComponent("' OR 1=1 --")}`);
    expect(inj.status).toBe(200);
    expect(inj.body.items).toEqual([]);
    expect((await get(`${BASE}/search`)).status).toBe(422);
  });

  it('filter combines every field of spec §7', async () => {
    const r = apps().find((x) => x.status === 'approved' && x.employer === 'ZESCO') as Fixture;
    const qs = new URLSearchParams({
      nrc: r.nrc,
      mobile: r.mobile,
      amount: r.amount,
      fromDate: businessDateOf(r.createdAt),
      toDate: businessDateOf(r.createdAt),
      employer: 'zes',
      status: 'approved',
      reference_code: r.reference,
      branch: String(r.branchId),
    });
    const { status, body } = await get<ListEnvelope<LoanApplication>>(`${BASE}/filter?${qs}`);
    expect(status).toBe(200);
    expect(body.items.map((d) => d.id)).toEqual([r.id]);
    expect(body.total).toBe(1);
  });

  it('filter by dates is inclusive of both days (business days)', async () => {
    const inMarch = apps().filter((r) => businessDateOf(r.createdAt).startsWith('2026-03'));
    const { body } = await get<ListEnvelope<LoanApplication>>(`${BASE}/filter?fromDate=2026-03-01&toDate=2026-03-31&pageSize=100`);
    expect(body.items.map((d) => d.id).sort()).toEqual(inMarch.map((r) => r.id).sort());
    expect((await get(`${BASE}/filter?fromDate=2026-04-01&toDate=2026-03-01`)).status).toBe(422);
    expect((await get(`${BASE}/filter?amount=12,50`)).status).toBe(422);
  });

  it('filter takes the search too: both apply together (issue 12)', async () => {
    const inMarch = apps().filter((r) => r.createdAt.getUTCMonth() === 2);
    const r = inMarch[0];
    const { body } = await get<ListEnvelope<LoanApplication>>(`${BASE}/filter?fromDate=2026-03-01&toDate=2026-03-31&pageSize=100&search=${encodeURIComponent(r.reference)}`);
    expect(body.items.map((d) => d.id)).toEqual([r.id]);
    const other = apps().find((x) => x.createdAt.getUTCMonth() !== 2);
    if (other) {
      const none = await get<ListEnvelope<LoanApplication>>(`${BASE}/filter?fromDate=2026-03-01&toDate=2026-03-31&search=${encodeURIComponent(other.reference)}`);
      expect(none.body.items).toEqual([]);
    }
  });
});

describe('byId', () => {
  it('answers one application with its relations, 404 for unknown ids and for top-ups', async () => {
    const closed = apps().find((r) => r.status === 'closed') as Fixture;
    const { status, body } = await get<LoanApplication>(`${BASE}/byId/${closed.id}?relations=offerLetter,comments`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ id: closed.id, reference_code: closed.reference, comments: [] });
    expect(body.offerLetter).toMatchObject({ status: 'signed' });
    expect((await get(`${BASE}/byId/999999`)).status).toBe(404);
    const topup = book.find((r) => r.kind === 'topup') as Fixture;
    expect((await get(`${BASE}/byId/${topup.id}`)).status).toBe(404);
    expect((await get(`${BASE}/byId/abc`)).status).toBe(422);
  });
});

describe('statistics', () => {
  it('requests-stats and stats/byStatus count and sum per status exactly', async () => {
    const sum = (rows: Fixture[], key: 'amount' | 'due') =>
      money(rows.reduce((s, r) => s + Math.round(Number(r[key]) * 100), 0));
    const { body } = await get<{ total: { count: number; total_amount: string }; byStatus: Record<string, { count: number; total_amount: string }> }>(
      `${BASE}/requests-stats`,
    );
    expect(body.total).toMatchObject({ count: N, total_amount: sum(apps(), 'amount') });
    for (const s of STATUSES) {
      const rows = apps().filter((r) => r.status === s);
      expect(body.byStatus[s]).toEqual({ count: rows.length, total_amount: sum(rows, 'amount'), total_amount_due: sum(rows, 'due') });
      const one = await get(`${BASE}/stats/byStatus?status=${s}`);
      expect(one.body).toEqual({ status: s, count: rows.length, total_amount: sum(rows, 'amount'), total_amount_due: sum(rows, 'due') });
    }
    expect((await get(`${BASE}/stats/byStatus`)).status).toBe(422);
  });

  it('total-value sums total_amount_due of the month, status and branch (branch null ignored)', async () => {
    const march = apps().filter((r) => r.createdAt.getUTCMonth() === 2 && r.status === 'request');
    const due = march.reduce((s, r) => s + Math.round(Number(r.due) * 100), 0);
    const { body } = await get<{ total_value: string; count: number; month: string; formatted_total: string }>(
      `${BASE}/total-value?month=03&year=2026&status=request&branch=null`,
    );
    expect(body).toEqual({
      total_value: money(due),
      count: march.length,
      month: '03',
      formatted_total: Number(money(due)).toLocaleString('en-US', { minimumFractionDigits: 2 }),
    });
    const lusaka = march.filter((r) => r.branch === 'Lusaka');
    const b = await get<{ count: number }>(`${BASE}/total-value?month=03&year=2026&status=request&branch=Lusaka`);
    expect(b.body.count).toBe(lusaka.length);
    const empty = await get(`${BASE}/total-value?month=03&year=2020`);
    expect(empty.body).toEqual({ total_value: '0.00', count: 0, month: '03', formatted_total: '0.00' });
    expect((await get(`${BASE}/total-value?month=13`)).status).toBe(422);
  });

  it('monthly-stats counts each status per month of the year', async () => {
    const { body } = await get<{ year: string; months: Record<string, { req: number; app: number; rej: number; clo: number }> }>(
      `${BASE}/monthly-stats?year=2026`,
    );
    expect(Object.keys(body.months)).toHaveLength(12);
    const jan = apps().filter((r) => r.createdAt.getUTCMonth() === 0);
    expect(body.months['jan']).toEqual({
      req: jan.filter((r) => r.status === 'request').length,
      app: jan.filter((r) => r.status === 'approved').length,
      rej: jan.filter((r) => r.status === 'rejected').length,
      clo: jan.filter((r) => r.status === 'closed').length,
    });
  });
});

describe('closed and unsigned', () => {
  const unsigned = () => {
    const closed = apps().filter((r) => r.status === 'closed');
    return closed.filter((_, j) => j % 3 !== 0);
  };

  it('unsigned-closed pages closed applications without a signed letter', async () => {
    const { body } = await get<ListEnvelope<LoanApplication>>(`${BASE}/unsigned-closed?pageSize=100`);
    expect(body.items.map((d) => d.id).sort()).toEqual(unsigned().map((r) => r.id).sort());
    expect(body.total).toBe(unsigned().length);
    expect(body.items.every((d) => d.offerLetter === null || d.offerLetter?.status === 'pending')).toBe(true);
  });

  it('streams the CSV report with its file name and neutralised cells', async () => {
    const res = await get<unknown>(`${BASE}/reports/closed-unsigned?format=csv`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${CLOSED_UNSIGNED_CSV_FILENAME}"`);
    const lines = res.raw.trimEnd().split('\r\n');
    expect(lines[0]).toBe('"reference_code","fullname","nrc","mobile","employer","branch","amount","total_amount_due","closed_at","offer_status"');
    expect(lines).toHaveLength(unsigned().length + 1);
    const evil = apps()[7];
    const line = lines.find((l) => l.startsWith(`"${evil.reference}"`)) as string;
    // Every field quoted, formula starts neutralised (issue 11 item 15).
    expect(line).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(line).toContain(`,"'+SUM(A1)",`);
    expect(line).toContain(`"'+26097`);
    expect(lines.every((l) => /^"[^"]*"(,"([^"]|"")*")*$/.test(l))).toBe(true);
    const nowhere = await get<unknown>(`${BASE}/reports/closed-unsigned?format=csv&branch=Atlantis`);
    expect(nowhere.raw.trimEnd().split('\r\n')).toEqual([lines[0]]);
  });

  it('answers json by default, filtered by the closing dates and branch', async () => {
    const all = await get<{ data: { reference_code: string; offer_status: string }[]; count: number }>(`${BASE}/reports/closed-unsigned`);
    expect(all.body.count).toBe(unsigned().length);
    expect(new Set(all.body.data.map((d) => d.offer_status))).toEqual(new Set(['pending', 'none']));
    // The business day it closed, a day after it was created.
    const day = (r: Fixture) => businessDateOf(new Date(r.createdAt.getTime() + 86_400_000));
    const target = unsigned()[0];
    const one = await get<{ data: { reference_code: string }[] }>(
      `${BASE}/reports/closed-unsigned?fromDate=${day(target)}&toDate=${day(target)}&branch=${target.branch}`,
    );
    const sameDay = unsigned().filter((r) => day(r) === day(target) && r.branch === target.branch);
    expect(one.body.data.map((d) => d.reference_code).sort()).toEqual(sameDay.map((r) => r.reference).sort());
    expect(sameDay.length).toBeLessThan(unsigned().length);
    expect((await get(`${BASE}/reports/closed-unsigned?format=pdf`)).status).toBe(422);
    const paged = await get<ListEnvelope<LoanApplication>>(
      `${BASE}/unsigned-closed?pageSize=100&fromDate=${day(target)}&toDate=${day(target)}&branch=${target.branch}`,
    );
    expect(paged.body.items.map((d) => d.reference_code).sort()).toEqual(sameDay.map((r) => r.reference).sort());
  });

  it('streams the report as an .xlsx workbook with the same rows', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${BASE}/reports/closed-unsigned?format=xlsx`, headers: admin });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toBe('attachment; filename="unsigned_closed_loans_report.xlsx"');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.rowCount).toBe(unsigned().length + 1);
    expect(ws.getCell('A1').value).toBe('reference_code');
  });

  it('counts closed unsigned loans by branch', async () => {
    const { body } = await get<{ branch: string; count: number }[]>(`${BASE}/reports/closed-unsigned-stats-by-branch`);
    const expected = new Map<string, number>();
    for (const r of unsigned()) expected.set(r.branch, (expected.get(r.branch) ?? 0) + 1);
    expect(new Map(body.map((b) => [b.branch, b.count]))).toEqual(expected);
  });

  it('reports need the reports permission', async () => {
    const officer = await loginAs(t.app, 'officer');
    expect((await get(`${BASE}/reports/closed-unsigned`, officer)).status).toBe(403);
    const finance = await loginAs(t.app, 'finance');
    expect((await get(`${BASE}/reports/closed-unsigned?format=csv`, finance)).status).toBe(200);
  });
});

describe('changes', () => {
  const auditCount = async (action: string, id: number) =>
    Number(
      (
        await queryRows<{ n: string }>(
          t.db,
          sql`SELECT count(*)::text AS n FROM audit_log WHERE action = ${action} AND entity = 'application' AND entity_id = ${String(id)}`,
        )
      )[0].n,
    );
  const statusCount = async (s: LoanStatus) =>
    (await get<{ count: number }>(`${BASE}/stats/byStatus?status=${s}`)).body.count;

  it('approves a request, moves the counts, stamps and audits it; the way back is 409', async () => {
    const r = apps().find((x) => x.status === 'request') as Fixture;
    const before = { request: await statusCount('request'), approved: await statusCount('approved') };
    const res = await send<LoanApplication>('PUT', `${BASE}/update`, { id: r.id, status: 'approved', reason: 'Payslip checked' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: r.id, status: 'approved', approved_at: expect.any(String) });
    expect(await statusCount('request')).toBe(before.request - 1);
    expect(await statusCount('approved')).toBe(before.approved + 1);
    expect(await auditCount('approved', r.id)).toBe(1);
    const detail = await get<LoanApplication>(`${BASE}/byId/${r.id}?relations=comments`);
    expect(detail.body.comments?.map((c) => c.comment)).toEqual(['Payslip checked']);
    for (const to of ['request', 'rejected', 'approved'] as const) {
      const back = await send<{ message: string }>('PUT', `${BASE}/update`, { id: r.id, status: to });
      expect(back.status).toBe(409);
    }
    expect((await send('PUT', `${BASE}/update`, { id: r.id, status: 'closed' })).status).toBe(200);
    expect((await send('PUT', `${BASE}/update`, { id: r.id, status: 'approved' })).status).toBe(409);
  });

  it('rejected and closed are final', async () => {
    const rej = apps().find((x) => x.status === 'rejected') as Fixture;
    for (const to of ['request', 'approved', 'closed'] as const) {
      expect((await send('PUT', `${BASE}/update`, { id: rej.id, status: to })).status).toBe(409);
    }
    expect((await send('PUT', `${BASE}/update`, { id: rej.id, employer: 'New Employer' })).status).toBe(409);
  });

  it('each status change needs its own permission, edits need edit', async () => {
    const r = apps().filter((x) => x.status === 'request')[5];
    const approver = await loginWithPermissions(t.app, [P.approveApplication, P.viewAllBranches]);
    expect((await send('PUT', `${BASE}/update`, { id: r.id, status: 'rejected' }, approver)).status).toBe(403);
    expect((await send('PUT', `${BASE}/update`, { id: r.id, employer: 'X Ltd' }, approver)).status).toBe(403);
    expect(await auditCount('rejected', r.id)).toBe(0);
    const viewer = await loginWithPermissions(t.app, [P.viewApplication, P.viewAllBranches]);
    expect((await send('PUT', `${BASE}/update`, { id: r.id, status: 'approved' }, viewer)).status).toBe(403);
    expect((await send('PUT', `${BASE}/update`, { id: r.id, status: 'approved' }, approver)).status).toBe(200);
    // Approved: contact details may change, amounts may not.
    const editor = await loginWithPermissions(t.app, [P.editApplication, P.viewAllBranches]);
    const ok = await send<LoanApplication>('PUT', `${BASE}/update`, { id: r.id, employer: 'Konkola Copper', mobile: '0977000111' }, editor);
    expect(ok.status).toBe(200);
    // Either form of a mobile is stored in one, as the borrower form stores it.
    expect(ok.body).toMatchObject({ employer: 'Konkola Copper', mobile: '+260977000111' });
    expect(await auditCount('updated', r.id)).toBe(1);
    expect((await send('PUT', `${BASE}/update`, { id: r.id, amount: '1.00' }, editor)).status).toBe(409);
  });

  it('edits amounts of a request exactly and refuses bad bodies without writing', async () => {
    const r = apps().filter((x) => x.status === 'request')[7];
    const ok = await send<LoanApplication>('PUT', `${BASE}/update`, { id: r.id, amount: '123456.78', total_amount_due: 135802.46 });
    expect(ok.body).toMatchObject({ amount: '123456.78', total_amount_due: '135802.46' });
    const before = await get<LoanApplication>(`${BASE}/byId/${r.id}`);
    for (const bad of [
      { id: r.id },
      { id: r.id, amount: '1.234' },
      { id: r.id, status: 'pending' },
      { id: r.id, nrc: "1'; DROP TABLE loan_applications;--" },
      { id: r.id, employer: 'x'.repeat(121) },
      { id: r.id, branch_id: 99999 },
      { id: 'abc', employer: 'y' },
      { id: r.id, extra: 1 },
    ]) {
      const res = await send('PUT', `${BASE}/update`, bad);
      expect([404, 422]).toContain(res.status);
    }
    expect((await send('PUT', `${BASE}/update`, { id: 999999, employer: 'y' })).status).toBe(404);
    expect((await get<LoanApplication>(`${BASE}/byId/${r.id}`)).body).toEqual(before.body);
    const malformed = await t.app.inject({
      method: 'PUT',
      url: `${BASE}/update`,
      headers: { ...admin, 'content-type': 'application/json' },
      payload: '{"id": 1,',
    });
    expect(malformed.statusCode).toBe(400);
  });

  it('keeps a corrected amount inside the loan product (/settings/loan-product) as it is now', async () => {
    const r = apps().filter((x) => x.status === 'request')[9];
    const setProduct = (p: Record<string, unknown>) =>
      t.db.execute(
        sql`INSERT INTO settings (key, value, updated_at) VALUES ('loan.product', ${JSON.stringify(p)}::jsonb, now())
            ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = now()`,
      );
    try {
      await setProduct({ min_amount: '2000.00', max_amount: '100000.00' });
      const big = await send<{ errors: Record<string, string[]> }>('PUT', `${BASE}/update`, { id: r.id, amount: '123456.78' });
      expect(big.status).toBe(422);
      expect(big.body.errors).toEqual({ amount: ['The largest loan is ZMW 100,000.00.'] });
      const small = await send<{ errors: Record<string, string[]> }>('PUT', `${BASE}/update`, { id: r.id, amount: '1500' });
      expect(small.body.errors).toEqual({ amount: ['The smallest loan is ZMW 2,000.00.'] });
      expect((await get<LoanApplication>(`${BASE}/byId/${r.id}`)).body.amount).toBe(r.amount);
      // Other fields are not held to the product.
      expect((await send('PUT', `${BASE}/update`, { id: r.id, employer: 'Zambeef' })).status).toBe(200);
      await setProduct({ min_amount: '2000.00', max_amount: '200000.00' });
      const ok = await send<LoanApplication>('PUT', `${BASE}/update`, { id: r.id, amount: '123456.78' });
      expect(ok.status).toBe(200);
      expect(ok.body.amount).toBe('123456.78');
    } finally {
      await t.db.execute(sql`DELETE FROM settings WHERE key = 'loan.product'`);
    }
  });

  it('comments and marks a comment resolved, with audit records', async () => {
    const r = apps()[10];
    const c = await send<{ id: number; comment: string; status: string; author: string }>('PUT', `${BASE}/comment`, {
      id: r.id,
      comment: 'Called the employer',
    });
    expect(c.status).toBe(200);
    expect(c.body).toMatchObject({ comment: 'Called the employer', status: 'open', author: 'Chanda Mwila' });
    const s = await send<{ status: string }>('PUT', `${BASE}/comment-status`, { id: c.body.id, status: 'resolved' });
    expect(s.body.status).toBe('resolved');
    expect(await auditCount('commented', r.id)).toBe(1);
    expect(await auditCount('comment resolved', r.id)).toBe(1);
    expect((await send('PUT', `${BASE}/comment-status`, { id: 999999, status: 'open' })).status).toBe(404);
    expect((await send('PUT', `${BASE}/comment`, { id: 999999, comment: 'x' })).status).toBe(404);
    expect((await send('PUT', `${BASE}/comment`, { id: r.id, comment: '' })).status).toBe(422);
  });

  it('deletes all the ids or none', async () => {
    const [a, b] = apps().filter((x) => x.status === 'rejected').slice(-2);
    const total = (await get<ListEnvelope<LoanApplication>>(`${BASE}/all`)).body.total;
    const miss = await send<{ errors: { ids: string[] } }>('DELETE', `${BASE}/delete`, { ids: [a.id, 999999] });
    expect(miss.status).toBe(404);
    expect((await get(`${BASE}/byId/${a.id}`)).status).toBe(200);
    const officerNoDelete = await loginWithPermissions(t.app, [P.viewApplication]);
    expect((await send('DELETE', `${BASE}/delete`, { ids: [a.id] }, officerNoDelete)).status).toBe(403);
    const ok = await send<{ deleted: number }>('DELETE', `${BASE}/delete`, { ids: [a.id, b.id, a.id] });
    expect(ok).toEqual({ status: 200, body: { deleted: 2, ids: [a.id, b.id] } });
    expect((await get(`${BASE}/byId/${a.id}`)).status).toBe(404);
    expect((await get<ListEnvelope<LoanApplication>>(`${BASE}/all`)).body.total).toBe((total ?? NaN) - 2);
    expect(await auditCount('deleted', b.id)).toBe(1);
    expect((await send('DELETE', `${BASE}/delete`, { ids: [] })).status).toBe(422);
  });

  it('refuses changes without the CSRF header', async () => {
    const r = apps()[12];
    const res = await t.app.inject({
      method: 'PUT',
      url: `${BASE}/comment`,
      headers: { cookie: admin.cookie },
      payload: { id: r.id, comment: 'x' },
    });
    expect(res.statusCode).toBe(419);
  });
});
