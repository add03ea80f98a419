import { sql } from 'drizzle-orm';
import { LOAN_STATUSES, OFFER_STATES } from '@loan/shared-contract';
import { queryRows } from '../db/sql';
import { letterAmounts, signedContentSha256 } from '../signed-content';
import { createTestApp, type TestApp } from '../testing/harness';
import { seedDemoData } from './demo-data';

/** Every index and foreign key of the public tables, as definitions. */
async function schemaShape(t: TestApp) {
  const rows = await queryRows<{ d: string }>(
    t.db,
    sql`SELECT indexdef AS d FROM pg_indexes WHERE schemaname = 'public'
        UNION ALL
        SELECT conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid) FROM pg_constraint
         WHERE contype = 'f' AND connamespace = 'public'::regnamespace
        ORDER BY 1`,
  );
  return rows.map((r) => r.d);
}

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
  let shapeBefore: string[];
  beforeAll(async () => {
    [a, b] = await Promise.all([createTestApp(), createTestApp()]);
    shapeBefore = await schemaShape(a);
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

  it('loads in bulk but leaves every index and foreign key as the migrations made them', async () => {
    expect(shapeBefore.filter((d) => d.includes('loan_applications_status_idx') || d.includes('repayments_application_id_fkey'))).toHaveLength(2);
    expect(await schemaShape(a)).toEqual(shapeBefore);
  });

  it('seals each signed letter with the hash of its own stored content (the staff check says intact)', async () => {
    const rows = await queryRows<Record<string, string> & { tenure_months: number; rep: Buffer; borrower: Buffer }>(
      a.db,
      sql`SELECT o.signed_sha256, a.reference_code, a.fullname, a.nrc, o.principal::text, o.interest::text, o.total_amount_due::text,
                 o.tenure_months, o.terms_conditions, o.authorized_rep_name, to_char(o.authorized_rep_date, 'YYYY-MM-DD') AS authorized_rep_date,
                 o.borrower_name, to_char(o.borrower_date, 'YYYY-MM-DD') AS borrower_date,
                 o.authorized_rep_signature AS rep, o.borrower_signature AS borrower
            FROM offer_letters o JOIN loan_applications a ON a.id = o.application_id WHERE o.status = 'signed'`,
    );
    expect(rows.length).toBeGreaterThan(20);
    const altered = rows.filter(
      (r) =>
        signedContentSha256(
          {
            reference_code: r['reference_code'],
            applicant_name: r['fullname'],
            nrc: r['nrc'],
            ...letterAmounts({ principal: r['principal'], interest: r['interest'], total_amount_due: r['total_amount_due'], tenure_months: r.tenure_months }),
            terms_conditions: r['terms_conditions'],
            authorized_rep_name: r['authorized_rep_name'],
            authorized_rep_date: r['authorized_rep_date'],
          },
          { repSignature: Buffer.from(r.rep), borrowerName: r['borrower_name'], borrowerDate: r['borrower_date'], borrowerSignature: Buffer.from(r.borrower) },
        ) !== r['signed_sha256'],
    );
    expect(altered).toEqual([]);
  });

  it('builds the report summaries at the end of the load to the same figures as the base tables', async () => {
    const [r] = await queryRows<Record<string, string>>(
      a.db,
      sql`SELECT (SELECT sum(collected)::text FROM report_daily) AS kept_collected,
                 (SELECT sum(amount)::text FROM repayments WHERE reversed_at IS NULL) AS collected,
                 (SELECT sum(disbursed)::text FROM report_daily) AS kept_disbursed,
                 (SELECT sum(amount)::text FROM disbursements WHERE status = 'success') AS disbursed,
                 (SELECT sum(due_count)::text FROM report_daily) AS kept_instalments,
                 (SELECT sum(tenure_months)::text FROM loan_applications a
                   WHERE EXISTS (SELECT 1 FROM disbursements d WHERE d.application_id = a.id AND d.status = 'success')) AS instalments,
                 (SELECT count(*)::text FROM report_funnel) AS kept_funnel, (SELECT count(*)::text FROM loan_applications) AS funnel,
                 (SELECT count(*) FILTER (WHERE signed)::text FROM report_funnel) AS kept_signed,
                 (SELECT count(DISTINCT application_id)::text FROM offer_letters WHERE status = 'signed') AS signed,
                 (SELECT count(*)::text FROM report_offer_letters) AS kept_letters, (SELECT count(*)::text FROM offer_letters) AS letters,
                 (SELECT count(*)::text FROM report_closed_unsigned) AS kept_unsigned,
                 (SELECT count(*)::text FROM loan_applications a WHERE a.status = 'closed'
                   AND NOT EXISTS (SELECT 1 FROM offer_letters o WHERE o.application_id = a.id AND o.status = 'signed')) AS unsigned,
                 (SELECT sum(balance)::text FROM report_loan_balances) AS kept_balance,
                 (SELECT sum(balance)::text FROM loan_balances WHERE disbursed_on IS NOT NULL) AS balance`,
    );
    expect(Number(r['collected'])).toBeGreaterThan(0);
    expect(Number(r['unsigned'])).toBeGreaterThan(0);
    for (const k of ['collected', 'disbursed', 'instalments', 'funnel', 'signed', 'letters', 'unsigned', 'balance']) {
      expect([k, r[`kept_${k}`]]).toEqual([k, r[k]]);
    }
  });

  it("builds the summaries to exactly what the reports' own resync keeps (row for row)", async () => {
    const tables = ['report_loan_days', 'report_daily', 'report_loan_balances', 'report_funnel', 'report_offer_letters', 'report_closed_unsigned'];
    const contents = async (db: Parameters<typeof queryRows>[0]) => {
      const out: Record<string, string> = {};
      for (const t of tables) {
        const [row] = await queryRows<{ n: string; h: string }>(
          db,
          sql.raw(`SELECT count(*)::text AS n, md5(coalesce(string_agg(x::text, ',' ORDER BY x::text), '')) AS h FROM ${t} x`),
        );
        out[t] = `${row.n} ${row.h}`;
      }
      return out;
    };
    const built = await contents(a.db);
    expect(Number(built['report_loan_days'].split(' ')[0])).toBeGreaterThan(0);
    await a.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT report_resync(ARRAY(SELECT id FROM loan_applications), ARRAY['daily', 'funnel', 'letters', 'closed'])`);
      expect(await contents(tx)).toEqual(built);
      tx.rollback();
    }).catch((e: unknown) => {
      if (!(e instanceof Error) || !/rollback/i.test(e.message)) throw e;
    });
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
