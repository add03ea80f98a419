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

  it('gives every loan consistent offer letters (issue 12)', async () => {
    const [c] = await queryRows<Record<string, number>>(
      a.db,
      sql`SELECT
            -- letters only on approved and closed loans
            (SELECT count(*)::int FROM offer_letters o JOIN loan_applications l ON l.id = o.application_id WHERE l.status NOT IN ('approved', 'closed')) AS on_other,
            -- at most one live letter (pending or signed) per loan, never both
            (SELECT count(*)::int FROM (SELECT application_id FROM offer_letters WHERE status IN ('pending', 'signed') GROUP BY 1 HAVING count(*) > 1) x) AS two_live,
            -- a signed letter has its evidence; an expired one its reason; a replaced one a newer letter
            (SELECT count(*)::int FROM offer_letters WHERE status = 'signed' AND (borrower_name IS NULL OR signed_at IS NULL OR signed_sha256 IS NULL OR opened_at IS NULL)) AS bad_signed,
            (SELECT count(*)::int FROM offer_letters WHERE status = 'expired' AND expired_reason IS NULL) AS no_reason,
            (SELECT count(*)::int FROM offer_letters r WHERE r.expired_reason = 'replaced'
                AND NOT EXISTS (SELECT 1 FROM offer_letters n WHERE n.application_id = r.application_id AND n.created_at > r.created_at)) AS orphan_replaced,
            (SELECT count(*)::int FROM offer_letters WHERE expired_reason = 'replaced') AS replaced,
            (SELECT count(*)::int FROM offer_letters o JOIN loan_applications l ON l.id = o.application_id WHERE l.status = 'approved' AND o.status = 'signed') AS approved_signed,
            (SELECT count(*)::int FROM offer_letters o JOIN loan_applications l ON l.id = o.application_id WHERE l.status = 'approved' AND o.status = 'pending') AS approved_pending`,
    );
    expect(c).toMatchObject({ on_other: 0, two_live: 0, bad_signed: 0, no_reason: 0, orphan_replaced: 0 });
    expect(c['replaced']).toBeGreaterThan(0);
    expect(c['approved_signed']).toBeGreaterThan(0);
    expect(c['approved_pending']).toBeGreaterThan(0);
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
