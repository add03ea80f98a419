import { sql } from 'drizzle-orm';
import {
  CLIENTS_PATHS,
  clientDetailsSchema,
  clientListSchema,
  P,
  searchResultSchema,
} from '@loan/shared-contract';
import { queryRows } from '@loan/shared-server';
import {
  createTestApp,
  createTestUser,
  loginWithPermissions,
  type AuthHeaders,
  type TestApp,
} from '@loan/shared-server/testing';
import { clientsServer } from '../../index';

// The app validates answers against the routes' response schemas in tests (validateResponses),
// so every 200 below also proves the answer matches its schema.
let t: TestApp;
let branchA: number;
let branchB: number;
let allBranches: AuthHeaders;
let zedId: number;
let loanId: number;

const pad = (i: number) => String(i).padStart(2, '0');

beforeAll(async () => {
  t = await createTestApp({ modules: [clientsServer] });
  [branchA, branchB] = (
    await queryRows<{ id: string }>(
      t.db,
      sql`SELECT id FROM branches ORDER BY id LIMIT 2`,
    )
  ).map((b) => Number(b.id));
  // 20 clients in branch A, 10 in branch B, a minute apart: 'Record 29' is the newest.
  for (let i = 0; i < 30; i++) {
    await t.db
      .execute(sql`INSERT INTO clients (fullname, nrc, mobile, branch_id, created_at, updated_at)
      VALUES (${i === 0 ? 'Zed 100% _special_' : `Record ${pad(i)}`}, ${`2000${pad(i)}/10/1`}, ${`+2609550000${pad(i)}`},
              ${i < 20 ? branchA : branchB}, ${new Date(Date.UTC(2026, 0, 1, 8, i)).toISOString()}, ${new Date(Date.UTC(2026, 0, 1, 8, i)).toISOString()})`);
  }
  [{ id: zedId }] = (
    await queryRows<{ id: string }>(
      t.db,
      sql`SELECT id FROM clients WHERE nrc = '200000/10/1'`,
    )
  ).map((r) => ({ id: Number(r.id) }));
  // An approved loan of K1,200 with K100 repaid (balance 1,100), a top-up request, a letter, a message.
  const [loan] = await queryRows<{ id: string }>(
    t.db,
    sql`INSERT INTO loan_applications (kind, reference_code, client_id, branch_id, fullname, nrc, mobile, amount, tenure_months, total_amount_due, status, approved_at)
        VALUES ('application', 'LA-2026-000901', ${zedId}, ${branchA}, 'Zed 100% _special_', '200000/10/1', '+260955000000', 1000, 12, 1200, 'approved', now())
        RETURNING id`,
  );
  loanId = Number(loan.id);
  await t.db
    .execute(sql`INSERT INTO loan_applications (kind, reference_code, client_id, parent_id, branch_id, fullname, nrc, mobile, amount, status)
    VALUES ('topup', 'TU-2026-000902', ${zedId}, ${loanId}, ${branchA}, 'Zed 100% _special_', '200000/10/1', '+260955000000', 300, 'request')`);
  await t.db.execute(
    sql`INSERT INTO repayments (application_id, client_id, amount, paid_at, reference) VALUES (${loanId}, ${zedId}, 100, '2026-02-01', 'RP-ZED-1')`,
  );
  await t.db
    .execute(sql`INSERT INTO offer_letters (application_id, token_hash, principal, total_amount_due, tenure_months, terms_conditions, authorized_rep_name, authorized_rep_date, expires_at)
    VALUES (${loanId}, 'hash-zed', 1000, 1200, 12, 'Terms', 'Rep', '2026-01-02', now() + interval '7 days')`);
  await t.db.execute(
    sql`INSERT INTO messages (channel, recipient, body, client_id) VALUES ('sms', '+260955000000', 'Hello Zed', ${zedId})`,
  );
  await t.db.execute(
    sql`INSERT INTO audit_log (action, entity, entity_id) VALUES ('approve', 'loan_application', ${String(loanId)})`,
  );
  allBranches = await loginWithPermissions(t.app, [
    P.viewClients,
    P.viewAllBranches,
  ]);
});

afterAll(() => t?.close());

const list = (headers: AuthHeaders | undefined, query = '') =>
  t.app.inject({
    method: 'GET',
    url: `${CLIENTS_PATHS.list}${query}`,
    headers,
  });
const names = (body: unknown) =>
  clientListSchema.parse(body).items.map((r) => r.name);

describe(`GET ${CLIENTS_PATHS.list}`, () => {
  it('answers 401 without a session and 403 without its permission', async () => {
    expect((await list(undefined)).statusCode).toBe(401);
    expect(
      (await list(await loginWithPermissions(t.app, [P.viewAllBranches])))
        .statusCode,
    ).toBe(403);
  });

  it('pages newest first with an exact total and the figures from loan_balances', async () => {
    const first = await list(allBranches, '?pageSize=25');
    expect(first.statusCode).toBe(200);
    const page1 = clientListSchema.parse(first.json());
    expect(page1).toMatchObject({
      total: 30,
      page: 1,
      pageSize: 25,
      nextCursor: expect.any(String),
    });
    expect(page1.items[0].name).toBe('Record 29');
    const page2 = clientListSchema.parse(
      (await list(allBranches, '?pageSize=25&page=2')).json(),
    );
    expect(page2.items.map((r) => r.name)).toEqual([
      'Record 04',
      'Record 03',
      'Record 02',
      'Record 01',
      'Zed 100% _special_',
    ]);
    expect(page2.nextCursor).toBeNull();
    const zed = page2.items[4];
    expect(zed).toMatchObject({
      nrc: '200000/10/1',
      mobile: '+260955000000',
      open_loans: 1,
      balance: '1100.00',
      arrears: '0.00',
    });
    expect(page2.items[0]).toMatchObject({
      open_loans: 0,
      balance: '0.00',
      arrears: '0.00',
      branch: expect.any(String),
    });
  });

  it('searches by name, NRC, mobile and reference code by prefix, LIKE characters matching themselves', async () => {
    expect(
      names((await list(allBranches, '?search=zed%20100%25')).json()),
    ).toEqual(['Zed 100% _special_']);
    expect(
      names((await list(allBranches, '?search=record%202')).json()),
    ).toEqual([
      'Record 29',
      'Record 28',
      'Record 27',
      'Record 26',
      'Record 25',
      'Record 24',
      'Record 23',
      'Record 22',
      'Record 21',
      'Record 20',
    ]);
    expect(names((await list(allBranches, '?search=200005')).json())).toEqual([
      'Record 05',
    ]);
    expect(
      names((await list(allBranches, '?search=0955000007')).json()),
    ).toEqual(['Record 07']);
    expect(
      names((await list(allBranches, '?search=la-2026-0009')).json()),
    ).toEqual(['Zed 100% _special_']);
    expect(names((await list(allBranches, '?search=_')).json())).toEqual([]);
    expect(names((await list(allBranches, '?search=ecord')).json())).toEqual(
      [],
    ); // prefix, not contains
  });

  it('seeks with the cursor of the previous page (keyset), to the last page', async () => {
    const page1 = clientListSchema.parse(
      (await list(allBranches, '?pageSize=15')).json(),
    );
    const page2 = clientListSchema.parse(
      (
        await list(allBranches, `?pageSize=15&cursor=${page1.nextCursor}`)
      ).json(),
    );
    expect(page2.items).toHaveLength(15);
    expect(page2.items[0].name).toBe('Record 14');
    expect(page2.items[14].name).toBe('Zed 100% _special_');
    expect(page2.nextCursor).toBeNull();
  });

  it("keeps a user without 'can view all branches' to their own branch", async () => {
    const { headers, userId } = await createTestUser(t.app, [P.viewClients]);
    await t.db.execute(
      sql`UPDATE users SET branch_id = ${branchB} WHERE id = ${userId}`,
    );
    const own = clientListSchema.parse(
      (await list(headers, '?pageSize=50')).json(),
    );
    expect(own.total).toBe(10);
    expect(new Set(own.items.map((r) => r.branch_id))).toEqual(
      new Set([branchB]),
    );
  });

  it('refuses a page size outside 15/25/50/100 and a cursor it did not write with 422 naming the field', async () => {
    const size = await list(allBranches, '?pageSize=30');
    expect(size.statusCode).toBe(422);
    expect(Object.keys(size.json().errors)).toEqual(['pageSize']);
    const cursor = await list(allBranches, '?cursor=not-a-cursor');
    expect(cursor.statusCode).toBe(422);
    expect(Object.keys(cursor.json().errors)).toEqual(['cursor']);
  });
});

describe(`GET ${CLIENTS_PATHS.byId}`, () => {
  const byId = (headers: AuthHeaders | undefined, id: number | string) =>
    t.app.inject({
      method: 'GET',
      url: CLIENTS_PATHS.byId.replace(':id', String(id)),
      headers,
    });

  it('answers the person and every section the user may open', async () => {
    const h = await loginWithPermissions(t.app, [
      P.viewClients,
      P.viewAllBranches,
      P.viewApplication,
      P.viewTopup,
      P.viewOfferLetter,
      P.viewRepayments,
      P.viewMessage,
      P.viewAllDisbursements,
    ]);
    const res = await byId(h, zedId);
    expect(res.statusCode).toBe(200);
    const d = clientDetailsSchema.parse(res.json());
    expect(d.client).toMatchObject({
      id: zedId,
      name: 'Zed 100% _special_',
      balance: '1100.00',
      open_loans: 1,
    });
    expect(d.applications?.map((a) => a.reference_code)).toEqual([
      'TU-2026-000902',
      'LA-2026-000901',
    ]);
    expect(d.loans).toEqual([
      expect.objectContaining({
        id: loanId,
        balance: '1100.00',
        paid: '100.00',
        arrears: '0.00',
        state: 'not_disbursed',
      }),
    ]);
    expect(d.offer_letters).toEqual([
      expect.objectContaining({
        application_id: loanId,
        reference_code: 'LA-2026-000901',
        status: 'pending',
      }),
    ]);
    expect(d.repayments).toEqual([
      expect.objectContaining({
        amount: '100.00',
        reference: 'RP-ZED-1',
        reversed: false,
      }),
    ]);
    expect(d.messages).toEqual([
      expect.objectContaining({ channel: 'sms', body: 'Hello Zed' }),
    ]);
    expect(d.disbursements).toEqual([]);
    expect(d.audit).toEqual([
      expect.objectContaining({
        action: 'approve',
        entity: 'loan_application',
        entity_id: String(loanId),
      }),
    ]);
  });

  it('leaves out (null) the sections the user may not open, and top-ups without can view topup', async () => {
    const h = await loginWithPermissions(t.app, [
      P.viewClients,
      P.viewAllBranches,
      P.viewApplication,
    ]);
    const d = clientDetailsSchema.parse((await byId(h, zedId)).json());
    expect(d.applications?.map((a) => a.kind)).toEqual(['application']);
    expect([
      d.offer_letters,
      d.repayments,
      d.messages,
      d.disbursements,
    ]).toEqual([null, null, null, null]);
  });

  it("answers 403 without the permission, 404 for an unknown id and for another branch's client, 422 for a malformed id", async () => {
    expect((await byId(undefined, zedId)).statusCode).toBe(401);
    expect(
      (
        await byId(
          await loginWithPermissions(t.app, [P.viewAllBranches]),
          zedId,
        )
      ).statusCode,
    ).toBe(403);
    expect((await byId(allBranches, 999999)).statusCode).toBe(404);
    const { headers, userId } = await createTestUser(t.app, [P.viewClients]);
    await t.db.execute(
      sql`UPDATE users SET branch_id = ${branchB} WHERE id = ${userId}`,
    );
    expect((await byId(headers, zedId)).statusCode).toBe(404);
    const bad = await byId(allBranches, '0x10');
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['id']);
  });
});

describe(`GET ${CLIENTS_PATHS.search}`, () => {
  const search = (headers: AuthHeaders | undefined, q: string) =>
    t.app.inject({
      method: 'GET',
      url: `${CLIENTS_PATHS.search}?q=${encodeURIComponent(q)}`,
      headers,
    });
  const groupsOf = (body: unknown) =>
    Object.fromEntries(
      searchResultSchema
        .parse(body)
        .groups.map((g) => [g.group, g.items.map((i) => i.title)]),
    );

  it('answers 401 without a session, 403 without any group, 422 for a too short query', async () => {
    expect((await search(undefined, 'zed')).statusCode).toBe(401);
    expect(
      (
        await search(
          await loginWithPermissions(t.app, [P.viewAllBranches]),
          'zed',
        )
      ).statusCode,
    ).toBe(403);
    const short = await search(allBranches, 'z');
    expect(short.statusCode).toBe(422);
    expect(Object.keys(short.json().errors)).toEqual(['q']);
  });

  it('groups what matches by name, NRC, mobile or reference, only the groups the user may open', async () => {
    const every = await loginWithPermissions(t.app, [
      P.viewClients,
      P.viewAllBranches,
      P.viewApplication,
      P.viewTopup,
      P.viewOfferLetter,
      P.viewRepayments,
      P.viewAllDisbursements,
    ]);
    expect(groupsOf((await search(every, 'zed')).json())).toEqual({
      clients: ['Zed 100% _special_'],
      applications: ['LA-2026-000901'],
      topups: ['TU-2026-000902'],
      letters: ['LA-2026-000901'],
      disbursements: [],
      repayments: ['RP-ZED-1'],
    });
    expect(groupsOf((await search(every, '200000/10')).json()).clients).toEqual(
      ['Zed 100% _special_'],
    );
    expect(
      groupsOf((await search(every, '+260955000000')).json()).applications,
    ).toEqual(['LA-2026-000901']);
    expect(groupsOf((await search(every, 'rp-zed')).json()).repayments).toEqual(
      ['RP-ZED-1'],
    );
    // At most 5 a group.
    expect(
      groupsOf((await search(every, 'record')).json()).clients,
    ).toHaveLength(5);
    const loansOnly = await loginWithPermissions(t.app, [
      P.viewApplication,
      P.viewAllBranches,
    ]);
    expect(
      Object.keys(groupsOf((await search(loansOnly, 'zed')).json())),
    ).toEqual(['applications']);
  });

  it("finds nothing of another branch for a user without 'can view all branches'", async () => {
    const { headers, userId } = await createTestUser(t.app, [
      P.viewClients,
      P.viewApplication,
      P.viewRepayments,
    ]);
    await t.db.execute(
      sql`UPDATE users SET branch_id = ${branchB} WHERE id = ${userId}`,
    );
    expect(groupsOf((await search(headers, 'zed')).json())).toEqual({
      clients: [],
      applications: [],
      repayments: [],
    });
    expect(
      groupsOf((await search(headers, 'record 2')).json()).clients,
    ).toHaveLength(5);
  });
});
