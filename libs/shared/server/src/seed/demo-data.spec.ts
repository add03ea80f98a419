import { sql } from 'drizzle-orm';
import { LOAN_STATUSES, OFFER_STATES } from '@loan/shared-contract';
import { queryRows } from '../db/sql';
import { createTestApp, type TestApp } from '../testing/harness';
import { seedDemoData } from './demo-data';

async function fingerprint(t: TestApp) {
  const [c] = await queryRows<{ h: string }>(
    t.db,
    sql`SELECT md5(string_agg(concat_ws('|', fullname, nrc, mobile, email, employer, branch_id), ',' ORDER BY id)) AS h FROM clients`,
  );
  const [a] = await queryRows<{ h: string }>(
    t.db,
    sql`SELECT md5(string_agg(concat_ws('|', kind, client_id, amount, tenure_months, total_amount_due, ip_address), ',' ORDER BY client_id, amount, kind, ip_address)) AS h
          FROM loan_applications`,
  );
  return { clients: c.h, applications: a.h };
}

describe('demo data', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    [a, b] = await Promise.all([createTestApp(), createTestApp()]);
    await seedDemoData(a.db, { applications: 400 });
    await seedDemoData(b.db, { applications: 400 });
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it('is deterministic: the same scale gives the same borrowers and applications', async () => {
    expect(await fingerprint(a)).toEqual(await fingerprint(b));
  });

  it('has Zambian borrowers, every status, every offer state, disbursements, repayments and messages', async () => {
    const [counts] = await queryRows<Record<string, number>>(
      a.db,
      sql`SELECT (SELECT count(*)::int FROM clients) AS clients, (SELECT count(*)::int FROM loan_applications) AS apps,
                 (SELECT count(*)::int FROM disbursements) AS disb, (SELECT count(*)::int FROM repayments) AS rep,
                 (SELECT count(*)::int FROM messages) AS msg, (SELECT count(*)::int FROM branches) AS branches`,
    );
    expect(counts).toMatchObject({ clients: 300, apps: 400, branches: 6 });
    expect(counts['disb']).toBeGreaterThan(0);
    expect(counts['rep']).toBeGreaterThan(0);
    expect(counts['msg']).toBeGreaterThan(0);
    const statuses = await queryRows<{ kind: string; status: string }>(a.db, sql`SELECT DISTINCT kind, status FROM loan_applications`);
    for (const kind of ['application', 'topup']) {
      expect(statuses.filter((s) => s.kind === kind).map((s) => s.status).sort()).toEqual([...LOAN_STATUSES].sort());
    }
    const offers = await queryRows<{ status: string }>(a.db, sql`SELECT DISTINCT status FROM offer_letters`);
    expect(offers.map((o) => o.status).sort()).toEqual([...OFFER_STATES].sort());
    const bad = await queryRows(
      a.db,
      sql`SELECT id FROM loan_applications
           WHERE nrc !~ '^\\d{6}/\\d{2}/\\d$' OR mobile !~ '^\\+260\\d{9}$' OR reference_code !~ '^(LA|TU)-\\d{4}-\\d{6}$'
              OR total_amount_due <> amount + interest
              OR extract(year FROM created_at) < extract(year FROM now()) - 1`,
    );
    expect(bad).toEqual([]);
  });
});
