import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db';
import { letterAmounts, signedContentSha256 } from '../signed-content';
import { seedBranches } from './accounts';

/**
 * Demo business data, generated with set-based SQL so the same code seeds the demo
 * (about 2,000 applications) and benchmarks (SEED_SCALE, up to 1,000,000) in bulk.
 * Deterministic: every "random" choice is hashint8 of the row number and a fixed seed,
 * so the same scale gives the same rows (dates are relative to the day of seeding).
 * Nothing lies after the seed's own clock (now() of its transaction, business_today()): an
 * event that would fall later (a letter signed two days after a recent approval, its payout,
 * a repayment) happens now instead; only deadlines (expiry, due dates) lie ahead.
 */
export const DEMO_APPLICATIONS = 2000;
const SEED = 20_260_101;

export interface DemoDataOptions {
  applications?: number;
  /** Progress lines (the CLI prints them). */
  log?: (line: string) => void;
}

// h(i, k): a deterministic pseudo-random non-negative bigint for row i and purpose k.
const h = (i: string, k: number) => `abs(hashint8(${i}::bigint * 7919 + ${k * 104_729 + SEED})::bigint)`;

const FIRST = [
  'Chanda', 'Mwila', 'Bwalya', 'Mutale', 'Mulenga', 'Chileshe', 'Natasha', 'Mwansa', 'Kabwe', 'Lubinda',
  'Musonda', 'Namukolo', 'Chipo', 'Thandiwe', 'Mapalo', 'Kondwani', 'Chisomo', 'Luyando', 'Mubanga', 'Nchimunya',
  'Kalaba', 'Inonge', 'Mumba', 'Chola', 'Precious', 'Joseph', 'Mary', 'Given', 'Memory', 'Peter',
];
const LAST = [
  'Banda', 'Phiri', 'Zulu', 'Mwale', 'Tembo', 'Lungu', 'Mumba', 'Chanda', 'Mulenga', 'Sakala',
  'Daka', 'Ngoma', 'Kunda', 'Mbewe', 'Nyirenda', 'Chisanga', 'Kapembwa', 'Hichilema', 'Siame', 'Mutale',
  'Musonda', 'Bwalya', 'Kasonde', 'Simwinga', 'Chilufya',
];
const EMPLOYERS = [
  'Ministry of Health', 'Ministry of Education', 'ZESCO Limited', 'Zambia Police Service', 'Zambia Sugar',
  'First Quantum Minerals', 'Konkola Copper Mines', 'Airtel Zambia', 'MTN Zambia', 'Zamtel',
  'Zambeef Products', 'Shoprite Zambia', 'University of Zambia', 'Lusaka City Council', 'Zambia Revenue Authority',
];
const PURPOSES = ['School fees', 'Medical bills', 'Home improvement', 'Business stock', 'Funeral expenses', 'Farming inputs', 'Car repair', 'Rent'];
const arr = (xs: readonly string[]) => `ARRAY[${xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(',')}]::text[]`;
const pick = (xs: readonly string[], i: string, k: number) => `(${arr(xs)})[1 + (${h(i, k)} % ${xs.length})]`;

// A 1x1 PNG standing in for a drawn signature.
const SIGNATURE_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
const TERMS =
  'The borrower agrees to repay the principal and the flat interest in equal monthly instalments by salary deduction. ' +
  'Late payment attracts a penalty of 5% of the instalment. The lender may recover the outstanding balance in full if two instalments are missed.';

export async function seedDemoData(db: Db, opts: DemoDataOptions = {}): Promise<void> {
  const n = Math.max(1, Math.floor(opts.applications ?? DEMO_APPLICATIONS));
  const clientsN = Math.max(300, Math.floor(n / 5));
  const log = opts.log ?? (() => undefined);
  // All or nothing, with room to sort in memory (the 5.4M repayments of 1M applications).
  await db.transaction(async (tx) => {
    await tx.execute(sql.raw(`SET LOCAL work_mem = '${n > 200_000 ? '1GB' : '256MB'}'`));
    await tx.execute(sql`SET LOCAL maintenance_work_mem = '512MB'`);
    await seed(tx, n, clientsN, log);
  });
  await queryRows(db, sql`ANALYZE`);
  log('done');
}

async function seed(db: Db, n: number, clientsN: number, log: (line: string) => void): Promise<void> {
  const run = (text: string) => db.execute(sql.raw(text));
  // The whole seed is one transaction, which autovacuum cannot see into: without fresh
  // statistics after each bulk step, the next step's summary triggers plan over "empty"
  // tables (nested loops over a million rows; 1M took hours). ANALYZE in a transaction
  // samples the rows this transaction wrote.
  const analyze = (...tables: string[]) => run(`ANALYZE ${tables.join(', ')}`);
  const bulk = (table: string, load: () => Promise<unknown>) => bulkLoad(db, table, load, log);
  const reports = await deferReportSummaries(db);
  await seedBranches(db);

  await db.execute(sql`INSERT INTO settings (key, value) VALUES ('interest_rate_monthly', '4'::jsonb), ('offer_authorized_rep', '"Chanda Mwila"'::jsonb)
    ON CONFLICT (key) DO NOTHING`);

  log(`clients: ${clientsN}`);
  await bulk('clients', () => run(`
    INSERT INTO clients (fullname, nrc, mobile, email, employer, branch_id, address, created_at)
    SELECT f || ' ' || l,
           to_char(100000 + i, 'FM000000') || '/' || to_char(10 + ${h('i', 2)} % 90, 'FM00') || '/1',
           '+260' || (ARRAY['95','96','97','76','77'])[1 + ${h('i', 3)} % 5] || to_char(${h('i', 4)} % 10000000, 'FM0000000'),
           CASE WHEN ${h('i', 5)} % 3 = 0 THEN lower(f || '.' || l || i) || '@example.zm' END,
           ${pick(EMPLOYERS, 'i', 6)},
           b.ids[1 + ${h('i', 7)} % array_length(b.ids, 1)],
           'Plot ' || (1 + ${h('i', 8)} % 9000) || ', ' || b.names[1 + ${h('i', 7)} % array_length(b.ids, 1)],
           date_trunc('year', now()) - interval '2 years' + (${h('i', 9)} % 365) * interval '1 day'
      FROM generate_series(1, ${clientsN}) AS i,
           LATERAL (SELECT ${pick(FIRST, 'i', 0)} AS f, ${pick(LAST, 'i', 1)} AS l) AS nm,
           (SELECT array_agg(id ORDER BY id) AS ids, array_agg(name ORDER BY id) AS names FROM branches) AS b
     ORDER BY i`));

  log(`applications: ${n}`);
  // Spread over last year and this year up to now; older ones are mostly settled.
  // Its indexes are built after the last statement that writes it (the loans that repaid in
  // full close, below): the UPDATEs there would otherwise keep twenty indexes row by row.
  const applications = await startBulkLoad(db, 'loan_applications', log);
  await run(`
    WITH cn AS (SELECT count(*) AS n FROM clients),
    -- Clients numbered 1..n, joined by number (indexing a large array per row would detoast it every time).
    cl_num AS (SELECT id, row_number() OVER (ORDER BY id) AS rn FROM clients),
    g AS (
      SELECT i,
             1 + ${h('i', 11)} % cn.n AS client_rn,
             CASE WHEN ${h('i', 12)} % 5 = 0 THEN 'topup' ELSE 'application' END AS kind,
             date_trunc('year', now()) - interval '1 year'
               + (${h('i', 13)} % greatest(1, extract(epoch FROM now() - (date_trunc('year', now()) - interval '1 year'))::bigint)) * interval '1 second' AS created_at,
             (1000 + (${h('i', 14)} % 981) * 50)::numeric(14,2) AS amount,
             (ARRAY[3, 6, 12, 18, 24])[1 + ${h('i', 15)} % 5] AS tenure,
             ${h('i', 16)} % 100 AS roll
        FROM generate_series(1, ${n}) AS i, cn
    ),
    s AS (
      SELECT g.*,
             CASE WHEN created_at > now() - interval '10 days' THEN (CASE WHEN roll < 70 THEN 'request' WHEN roll < 85 THEN 'approved' ELSE 'rejected' END)
                  WHEN roll < 15 THEN 'request' WHEN roll < 40 THEN 'approved' WHEN roll < 55 THEN 'rejected' ELSE 'closed' END AS status,
             round(amount * 0.04 * tenure, 2) AS interest,
             cl_num.id AS client_id
        FROM g JOIN cl_num ON cl_num.rn = g.client_rn
    ),
    -- Ids are given here (in created_at order) so a top-up can point at the latest earlier
    -- application of the same client in the same statement, without a second pass.
    numbered AS (
      SELECT s.*, base.max_id + row_number() OVER (ORDER BY s.created_at, s.i) AS new_id
        FROM s, (SELECT coalesce(max(id), 0) AS max_id FROM loan_applications) base
    ),
    s2 AS (
      SELECT numbered.*,
             CASE WHEN kind = 'topup' THEN max(CASE WHEN kind = 'application' THEN new_id END)
               OVER (PARTITION BY client_id ORDER BY new_id ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) END AS parent_id
        FROM numbered
    )
    INSERT INTO loan_applications (id, parent_id, kind, reference_code, client_id, branch_id, fullname, nrc, mobile, email, employer, purpose,
                                   amount, tenure_months, interest_rate, interest, total_amount_due, status, ip_address, user_agent,
                                   approved_at, rejected_at, closed_at, created_at, updated_at)
    SELECT s.new_id, s.parent_id, s.kind,
           (CASE WHEN s.kind = 'topup' THEN 'TU-' ELSE 'LA-' END) || extract(year FROM s.created_at)::int || '-' ||
             lpad(row_number() OVER (PARTITION BY s.kind, extract(year FROM s.created_at) ORDER BY s.created_at, s.i)::text, 6, '0'),
           s.client_id, cl.branch_id, cl.fullname, cl.nrc, cl.mobile, cl.email, cl.employer, ${pick(PURPOSES, 's.i', 17)},
           s.amount, s.tenure, 4.00, s.interest, s.amount + s.interest, s.status,
           '41.72.' || (${h('s.i', 18)} % 256) || '.' || (${h('s.i', 19)} % 256),
           'Mozilla/5.0 (Linux; Android 13) Chrome/126.0 Mobile',
           CASE WHEN s.status IN ('approved', 'closed') THEN least(now(), s.created_at + interval '1 day') END,
           CASE WHEN s.status = 'rejected' THEN least(now(), s.created_at + interval '1 day') END,
           CASE WHEN s.status = 'closed' THEN least(now(), s.created_at + (s.tenure * 30) * interval '1 day') END,
           s.created_at,
           CASE WHEN s.status = 'request' THEN s.created_at ELSE least(now(), s.created_at + interval '1 day') END
      FROM s2 AS s JOIN clients cl ON cl.id = s.client_id
     ORDER BY s.new_id`);
  await analyze('loan_applications');
  await run(`SELECT setval(pg_get_serial_sequence('loan_applications', 'id'), greatest(1, (SELECT max(id) FROM loan_applications)))`);


  log('offer letters');
  // Closed loans: most signed, some never signed (the "closed unsigned" report). Approved: pending
  // when approved in the last 45 days, else signed or expired. The letters are made whole
  // (states, evidence, the signed content's hash) in a temporary table first and then land in
  // offer_letters with one INSERT, so its summary triggers run once over finished rows.
  await run(`CREATE TEMP TABLE seed_letters (LIKE offer_letters INCLUDING DEFAULTS INCLUDING IDENTITY) ON COMMIT DROP`);
  // Their ids follow offer_letters' own (an empty table: from 1).
  await run(`SELECT setval(pg_get_serial_sequence('seed_letters', 'id'), coalesce((SELECT max(id) FROM offer_letters), 0) + 1, false)`);
  await run(`
    INSERT INTO seed_letters (application_id, token_hash, status, principal, interest, total_amount_due, tenure_months, terms_conditions,
                               authorized_rep_name, authorized_rep_date, authorized_rep_signature, authorized_rep_signature_mime,
                               borrower_name, borrower_date, borrower_signature, borrower_signature_mime,
                               signed_at, signed_ip, signed_user_agent, signed_sha256, expires_at, sent_at, created_at, updated_at)
    SELECT a.id, encode(sha256(convert_to('demo-offer-' || a.reference_code, 'UTF8')), 'hex'), st.status,
           a.amount, a.interest, a.total_amount_due, a.tenure_months, '${TERMS}',
           'Chanda Mwila', (a.approved_at)::date, decode('${SIGNATURE_PNG}', 'base64'), 'image/png',
           CASE WHEN st.status = 'signed' THEN a.fullname END,
           CASE WHEN st.status = 'signed' THEN (st.signed AT TIME ZONE business_time_zone())::date END,
           CASE WHEN st.status = 'signed' THEN decode('${SIGNATURE_PNG}', 'base64') END,
           CASE WHEN st.status = 'signed' THEN 'image/png' END,
           CASE WHEN st.status = 'signed' THEN st.signed END,
           CASE WHEN st.status = 'signed' THEN a.ip_address END,
           CASE WHEN st.status = 'signed' THEN a.user_agent END,
           NULL, -- signed_sha256: computed below by the one signing function (sealSignedLetters)
           st.issued + interval '7 days',
           st.issued, st.issued, coalesce(a.closed_at, st.issued)
      FROM loan_applications a,
           LATERAL (SELECT CASE WHEN a.status = 'closed' AND ${h('a.id', 20)} % 5 <> 0 THEN 'signed'
                                -- Recently approved: most still pending, a quarter already signed.
                                WHEN a.status = 'approved' AND a.approved_at > now() - interval '45 days' AND ${h('a.id', 22)} % 4 = 0 THEN 'signed'
                                WHEN a.status = 'approved' AND a.approved_at > now() - interval '45 days' THEN 'pending'
                                -- Approved longer ago: two in three signed (the loans being repaid), the rest lapsed unsigned.
                                WHEN a.status = 'approved' AND ${h('a.id', 20)} % 3 <> 0 THEN 'signed'
                                ELSE 'expired' END AS status,
                           -- pending letters were (re)issued within the last 6 days, so they are still valid
                           CASE WHEN a.status = 'approved' AND a.approved_at > now() - interval '45 days' AND ${h('a.id', 22)} % 4 <> 0
                                THEN greatest(a.approved_at, now() - (${h('a.id', 21)} % 6) * interval '1 day' - interval '1 hour')
                                ELSE a.approved_at END AS issued,
                           -- Signed two days after approval, or now if that is still ahead (the seed's clock: nothing after it).
                           least(now(), a.approved_at + interval '2 days') AS signed) st
     WHERE a.status IN ('approved', 'closed')
       AND NOT EXISTS (SELECT 1 FROM offer_letters o WHERE o.application_id = a.id)
     ORDER BY a.id`);
  await run(`CREATE INDEX ON seed_letters (id)`);
  await analyze('seed_letters');
  await sealSignedLetters(db);
  log('offer letters: signed content hashed');
  // Consistent states (issue 12): expired letters lapsed; who generated each (the admin, as
  // authorized representative); signed ones were opened before signing, some pending ones too.
  await run(`
    UPDATE seed_letters o SET
      signed_sha256 = coalesce(x.h, o.signed_sha256),
      expired_reason = CASE WHEN o.status = 'expired' THEN 'lapsed' END,
      created_by = (SELECT id FROM users WHERE email = 'admin@demo.zm'),
      opened_at = CASE WHEN o.status = 'signed' THEN greatest(o.sent_at, o.signed_at - interval '20 minutes')
                       WHEN o.status = 'pending' AND o.id % 2 = 0 THEN least(now(), o.sent_at + interval '3 hours') END,
      opened_ip = CASE WHEN o.status = 'signed' THEN o.signed_ip WHEN o.status = 'pending' AND o.id % 2 = 0 THEN '41.72.100.7' END,
      opened_user_agent = CASE WHEN o.status = 'signed' THEN o.signed_user_agent
                               WHEN o.status = 'pending' AND o.id % 2 = 0 THEN 'Mozilla/5.0 (Linux; Android 14) Chrome/131.0 Mobile' END,
      last_opened_at = CASE WHEN o.status = 'signed' THEN greatest(o.sent_at, o.signed_at - interval '20 minutes')
                            WHEN o.status = 'pending' AND o.id % 2 = 0 THEN least(now(), o.sent_at + interval '3 hours') END,
      open_count = CASE WHEN o.status = 'signed' OR (o.status = 'pending' AND o.id % 2 = 0) THEN 1 ELSE 0 END
      FROM seed_letters o2 LEFT JOIN seed_signed_hashes x ON x.id = o2.id
     WHERE o2.id = o.id`);
  await bulk('offer_letters', () => run(`INSERT INTO offer_letters SELECT * FROM seed_letters ORDER BY id`));
  await run(`SELECT setval(pg_get_serial_sequence('offer_letters', 'id'), greatest(1, (SELECT max(id) FROM offer_letters)))`);
  // Some pending letters replaced an earlier one (NOTES.md: expired with the reason 'replaced').
  await run(`
    INSERT INTO offer_letters (application_id, token_hash, status, expired_reason, principal, interest, total_amount_due, tenure_months,
                               terms_conditions, authorized_rep_name, authorized_rep_date, authorized_rep_signature, authorized_rep_signature_mime,
                               expires_at, sent_at, created_by, created_at, updated_at)
    SELECT o.application_id, encode(sha256(convert_to('demo-offer-replaced-' || o.application_id, 'UTF8')), 'hex'), 'expired', 'replaced',
           o.principal, o.interest, o.total_amount_due, o.tenure_months, o.terms_conditions, o.authorized_rep_name,
           (o.created_at - interval '2 days')::date, o.authorized_rep_signature, o.authorized_rep_signature_mime,
           o.created_at - interval '2 days' + interval '7 days', o.created_at - interval '2 days', o.created_by,
           o.created_at - interval '2 days', o.created_at
      FROM offer_letters o
     WHERE o.status = 'pending' AND o.application_id % 2 = 0
       AND NOT EXISTS (SELECT 1 FROM offer_letters r WHERE r.application_id = o.application_id AND r.expired_reason = 'replaced')
     ORDER BY o.id`);

  await analyze('offer_letters');
  log('disbursements');
  await bulk('disbursements', () => run(`
    INSERT INTO disbursements (application_id, client_id, branch_id, amount, mode, method, recipient, status, provider, provider_ref,
                               reconciled, reconciled_at, created_at, updated_at)
    SELECT a.id, a.client_id, a.branch_id, a.amount,
           (ARRAY['instant_single', 'instant_bulk', 'auto'])[1 + ${h('a.id', 30)} % 3],
           CASE WHEN ${h('a.id', 31)} % 4 = 0 THEN 'bank' ELSE 'mobile_money' END,
           a.mobile,
           CASE WHEN ${h('a.id', 32)} % 25 = 0 THEN 'failed' ELSE 'success' END,
           'local', 'DSB' || lpad(a.id::text, 9, '0'),
           a.status = 'closed', CASE WHEN a.status = 'closed' THEN least(now(), o.signed_at + interval '3 days') END,
           least(now(), o.signed_at + interval '1 hour'), least(now(), o.signed_at + interval '1 hour')
      FROM loan_applications a JOIN offer_letters o ON o.application_id = a.id AND o.status = 'signed'
     WHERE NOT EXISTS (SELECT 1 FROM disbursements d WHERE d.application_id = a.id)
     ORDER BY o.signed_at, a.id`));

  log('repayments');
  // One repayment per instalment of the schedule (loan_schedule: instalment i falls due i
  // months after the Lusaka date of the first successful disbursement; amounts from
  // loan_cumulative_due), paid a few days either side of its due date. Closed loans paid
  // everything, the instalments not yet due settled on the day they closed. Approved loans
  // paid what fell due, except a share that stopped paying: 1, 2 or 3 instalments behind,
  // or after the first one, so the arrears buckets (PAR, days past due) have borrowers in them.
  // A closed loan that was settled early paid the rest on one day between its disbursement
  // and today; an approved loan that paid everything is closed as paid in full (below).
  await bulk('repayments', () => run(`
    INSERT INTO repayments (application_id, client_id, amount, paid_at, method, reference, created_at, updated_at)
    SELECT x.id, x.client_id,
           loan_cumulative_due(x.total, x.n, x.i) - loan_cumulative_due(x.total, x.n, x.i - 1),
           x.paid_on,
           CASE WHEN ${h('x.id', 40)} % 3 = 0 THEN 'bank' ELSE 'mobile_money' END,
           'RP-' || x.id || '-' || x.i,
           least(now(), x.paid_on + interval '9 hours'), least(now(), x.paid_on + interval '9 hours')
      FROM (
        SELECT a.id, a.client_id, a.total_amount_due AS total, a.tenure_months AS n, k.i, a.status,
               loan_instalments_due_by(d.day, a.tenure_months, business_today()) AS due_now,
               CASE ${h('a.id', 41)} % 20 WHEN 15 THEN 1 WHEN 16 THEN 1 WHEN 17 THEN 2 WHEN 18 THEN 3 WHEN 19 THEN a.tenure_months ELSE 0 END AS behind,
               -- The day after the payout, at the latest today (a loan paid out today is paid today).
               least(business_today(), greatest(d.day + 1,
                        least(CASE WHEN a.status <> 'closed' THEN business_today()
                                   WHEN (a.closed_at AT TIME ZONE business_time_zone())::date < business_today() THEN (a.closed_at AT TIME ZONE business_time_zone())::date
                                   ELSE d.day + 1 + (${h('a.id', 44)} % greatest(1, business_today() - d.day - 1))::int END,
                              (d.day + make_interval(months => k.i))::date + (${h('(a.id * 31 + k.i)', 42)} % 9)::int - 5))) AS paid_on
          FROM loan_applications a
          JOIN LATERAL (SELECT (min(ds.created_at) AT TIME ZONE business_time_zone())::date AS day
                          FROM disbursements ds WHERE ds.application_id = a.id AND ds.status = 'success') d ON d.day IS NOT NULL
          CROSS JOIN LATERAL generate_series(1, a.tenure_months) AS k(i)
         WHERE a.status IN ('approved', 'closed')
           AND NOT EXISTS (SELECT 1 FROM repayments r WHERE r.application_id = a.id)
      ) x
     WHERE x.status = 'closed'
        OR x.i <= x.due_now - x.behind
        OR (x.i = 1 AND x.behind = x.n AND x.due_now >= 1 AND x.n > 1 AND ${h('x.id', 43)} % 2 = 0)
     ORDER BY x.id, x.i`));
  // Paid in full closes a loan (NOTES.md "Loans after approval"): on the day of its last payment.
  await run(`
    WITH paid AS (
      SELECT b.application_id, max(r.paid_at) AS last_paid
        FROM loan_balances b JOIN repayments r ON r.application_id = b.application_id AND r.reversed_at IS NULL
       WHERE b.status = 'approved' AND b.disbursed_on IS NOT NULL AND b.balance = 0
       GROUP BY b.application_id
    ), closed AS (
      UPDATE loan_applications a SET status = 'closed', closed_at = least(now(), p.last_paid + interval '12 hours'),
                                     updated_at = least(now(), p.last_paid + interval '12 hours')
        FROM paid p WHERE a.id = p.application_id
      RETURNING a.id, a.closed_at
    )
    INSERT INTO loan_paid_in_full (application_id, closed_at) SELECT id, closed_at FROM closed ON CONFLICT DO NOTHING`);
  // A repaid loan closed on the day of its last payment, not on the day the seed ran.
  await run(`
    UPDATE loan_applications a SET closed_at = least(now(), l.last_paid + interval '12 hours')
      FROM (SELECT application_id, max(paid_at) AS last_paid FROM repayments GROUP BY application_id) l
     WHERE a.id = l.application_id AND a.status = 'closed' AND a.closed_at > least(now(), l.last_paid + interval '12 hours')`);
  await applications.finish();

  await reports.rebuild();
  log('report summaries built');
  log('messages');
  await run(`
    INSERT INTO messages (channel, recipient, subject, body, purpose, status, provider, client_id, application_id, created_at, sent_at, updated_at)
    SELECT CASE WHEN a.email IS NOT NULL AND a.id % 4 = 0 THEN 'email' ELSE 'sms' END,
           CASE WHEN a.email IS NOT NULL AND a.id % 4 = 0 THEN a.email ELSE a.mobile END,
           CASE WHEN a.email IS NOT NULL AND a.id % 4 = 0 THEN 'Your loan application ' || a.reference_code END,
           'Dear ' || a.fullname || ', your application ' || a.reference_code || ' is ' ||
             CASE a.status WHEN 'request' THEN 'received' ELSE a.status END || '.',
           'communication',
           (ARRAY['sent', 'delivered', 'delivered', 'failed'])[1 + ${h('a.id', 50)} % 4],
           'outbox', a.client_id, a.id, a.updated_at, a.updated_at, a.updated_at
      FROM (SELECT * FROM loan_applications ORDER BY created_at DESC, id DESC LIMIT 300) a
     ORDER BY a.created_at, a.id`);
}

/**
 * Loads an empty table in bulk: its secondary indexes (those that do not enforce a rule:
 * not unique, not a constraint's) are dropped first and built again after the load, each by
 * one sort instead of millions of single-row insertions (those by loan stay: the summary
 * triggers of the load itself need them); its foreign keys are dropped and added again,
 * which checks every row in one join instead of one queued trigger per row and key. The rules are the same before and after: unique indexes stay, and re-adding a foreign
 * key validates all rows. Then fresh statistics. Inside the seed's transaction, so a failure
 * leaves the table as it was. A table that already holds rows is loaded as is.
 */
async function bulkLoad(db: Db, table: string, load: () => Promise<unknown>, log: (line: string) => void): Promise<void> {
  const loaded = await startBulkLoad(db, table, log);
  await load();
  await loaded.finish();
}

/** bulkLoad in two halves, for a table whose load spans several statements. */
async function startBulkLoad(db: Db, table: string, log: (line: string) => void): Promise<{ finish: () => Promise<void> }> {
  const [state] = await queryRows<{ empty: boolean }>(db, sql`SELECT NOT EXISTS (SELECT 1 FROM ${sql.identifier(table)}) AS empty`);
  const indexes = state.empty
    ? await queryRows<{ name: string; def: string }>(
        db,
        sql`SELECT c.relname AS name, pg_get_indexdef(x.indexrelid) AS def
              FROM pg_index x
              JOIN pg_class c ON c.oid = x.indexrelid
             WHERE x.indrelid = ${table}::regclass AND NOT x.indisunique AND NOT x.indisprimary
               -- Summary triggers look a statement's loans up by application_id (= ANY of an
               -- array): without these indexes each lookup is a scan of the whole array.
               AND pg_get_indexdef(x.indexrelid, 1, true) <> 'application_id'
               AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = x.indexrelid)
             ORDER BY c.relname`,
      )
    : [];
  const foreignKeys = state.empty
    ? await queryRows<{ name: string; def: string }>(
        db,
        sql`SELECT conname AS name, pg_get_constraintdef(oid) AS def
              FROM pg_constraint WHERE conrelid = ${table}::regclass AND contype = 'f' ORDER BY conname`,
      )
    : [];
  for (const key of foreignKeys) await db.execute(sql`ALTER TABLE ${sql.identifier(table)} DROP CONSTRAINT ${sql.identifier(key.name)}`);
  for (const index of indexes) await db.execute(sql`DROP INDEX ${sql.identifier(index.name)}`);
  return {
    finish: async () => {
      const started = Date.now();
      for (const index of indexes) await db.execute(sql.raw(index.def));
      for (const key of foreignKeys) {
        await db.execute(sql.raw(`ALTER TABLE "${table}" ADD CONSTRAINT "${key.name}" ${key.def}`));
      }
      await db.execute(sql.raw(`ANALYZE ${table}`));
      if (indexes.length || foreignKeys.length) {
        log(`${table}: ${indexes.length} indexes built, ${foreignKeys.length} foreign keys checked in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      }
    },
  };
}

/**
 * The report summaries (migrations 1100-1104, 1240, 1500) follow every statement on loans, letters,
 * payouts and repayments through report_sync() triggers. A bulk load would work each loan's
 * figures out several times over (as it is applied for, gets its letter, is paid out, repays,
 * closes); here those triggers are off for the load and the summaries are built once at the
 * end, by the reports' own resync over every loan (what the triggers' test compares them with).
 * The other summaries (dashboard, day totals) stay with their triggers: they cost little.
 */
async function deferReportSummaries(db: Db): Promise<{ rebuild: () => Promise<void> }> {
  const triggers = await queryRows<{ tbl: string; name: string }>(
    db,
    sql`SELECT t.tgrelid::regclass::text AS tbl, t.tgname AS name
          FROM pg_trigger t
         WHERE NOT t.tgisinternal AND t.tgenabled <> 'D'
           AND t.tgfoid = coalesce(to_regprocedure('report_sync()'), 0)
         ORDER BY 1, 2`,
  );
  const toggle = async (how: 'DISABLE' | 'ENABLE') => {
    for (const t of triggers) await db.execute(sql.raw(`ALTER TABLE "${t.tbl}" ${how} TRIGGER "${t.name}"`));
  };
  await toggle('DISABLE');
  return {
    rebuild: async () => {
      await toggle('ENABLE');
      if (!triggers.length) return;
      if (await summariesEmpty(db)) {
        await buildReportSummaries(db);
        return;
      }
      // In slices of loans: the resync hands its rows on as arrays, which must stay well
      // under PostgreSQL's 1 GB limit for one value.
      for (let after = 0; ; ) {
        const [slice] = await queryRows<{ last: string | null }>(
          db,
          sql`WITH ids AS (SELECT id FROM loan_applications WHERE id > ${after} ORDER BY id LIMIT 100000)
              SELECT (SELECT max(id) FROM ids)::text AS last, report_resync(ARRAY(SELECT id FROM ids), ARRAY['daily', 'funnel', 'letters', 'closed'])`,
        );
        if (slice.last === null) break;
        after = Number(slice.last);
      }
      await db.execute(sql.raw('ANALYZE report_loan_days, report_daily, report_funnel, report_offer_letters, report_loan_balances, report_closed_unsigned'));
    },
  };
}

/** The report summaries report_resync(ids, ARRAY['daily', 'funnel', 'letters', 'closed']) keeps. */
const SUMMARY_FACTS = ['report_loan_balances', 'report_funnel', 'report_offer_letters', 'report_closed_unsigned'] as const;

async function summariesEmpty(db: Db): Promise<boolean> {
  const tables = ['report_loan_days', 'report_daily', ...SUMMARY_FACTS];
  const [row] = await queryRows<{ empty: boolean }>(
    db,
    sql.raw(`SELECT ${tables.map((t) => `NOT EXISTS (SELECT 1 FROM ${t})`).join(' AND ')} AS empty`),
  );
  return row.empty;
}

/**
 * The summaries built from nothing (a seed after --reset), with what report_resync would
 * write and none of what it does to move existing figures: each loan's daily contributions
 * and facts come from the reports' own functions (report_loan_contributions and the
 * `<table>_facts` of report_replace_facts), inserted with nothing to take out, and
 * report_daily is their sum by (day, branch) once at the end, the figure report_daily_add
 * reaches by moving a row per statement (all-zero days are left out there too). About 40%
 * faster at 1M than the resync, which carries every added row into report_daily_add as one
 * array. demo-data.spec compares the result with the base tables.
 */
async function buildReportSummaries(db: Db, slice = 250_000): Promise<void> {
  for (let after = 0; ; ) {
    const [row] = await queryRows<{ last: string | null }>(
      db,
      sql`SELECT max(id)::text AS last FROM (SELECT id FROM loan_applications WHERE id > ${after} ORDER BY id LIMIT ${slice}) s`,
    );
    if (row.last === null) break;
    const ids = `ARRAY(SELECT id FROM loan_applications WHERE id > ${after} AND id <= ${Number(row.last)})`;
    await db.execute(sql.raw(`INSERT INTO report_loan_days SELECT * FROM report_loan_contributions(${ids})`));
    for (const table of SUMMARY_FACTS) await db.execute(sql.raw(`INSERT INTO ${table} SELECT * FROM ${table}_facts(${ids})`));
    after = Number(row.last);
  }
  await db.execute(sql`
    INSERT INTO report_daily (day, branch_id, due, due_count, collected, collected_count, disbursed, disbursed_count)
    SELECT day, branch_id, sum(due), sum(due_count), sum(collected), sum(collected_count), sum(disbursed), sum(disbursed_count)
      FROM report_loan_days
     GROUP BY day, branch_id
    HAVING sum(due) <> 0 OR sum(due_count) <> 0 OR sum(collected) <> 0 OR sum(collected_count) <> 0
        OR sum(disbursed) <> 0 OR sum(disbursed_count) <> 0
     ORDER BY day, branch_id`);
  await db.execute(sql.raw(`ANALYZE report_loan_days, report_daily, ${SUMMARY_FACTS.join(', ')}`));
}

interface SeededSignedLetter {
  id: string;
  reference_code: string;
  fullname: string;
  nrc: string;
  principal: string;
  interest: string;
  total_amount_due: string;
  tenure_months: number;
  terms_conditions: string;
  authorized_rep_name: string;
  authorized_rep_date: string;
  borrower_name: string;
  borrower_date: string;
}

/**
 * The SHA-256 of each seeded signed letter, computed exactly as signing computes it
 * (`signedContentSha256`, from what is stored), so the staff check says "intact" on demo
 * data. Both signatures of a seeded letter are SIGNATURE_PNG. Keyset batches keep memory flat.
 */
async function sealSignedLetters(db: Db, batch = 5000): Promise<void> {
  const signature = Buffer.from(SIGNATURE_PNG, 'base64');
  // The hashes are gathered here and written by the one UPDATE that completes the letters
  // (seed), so the letters' summary triggers run once, not once per batch.
  await db.execute(sql`CREATE TEMP TABLE seed_signed_hashes (id bigint PRIMARY KEY, h text NOT NULL) ON COMMIT DROP`);
  let after = 0;
  for (;;) {
    const rows = await queryRows<SeededSignedLetter>(
      db,
      sql`SELECT o.id, a.reference_code, a.fullname, a.nrc, o.principal::text, o.interest::text, o.total_amount_due::text, o.tenure_months,
                 o.terms_conditions, o.authorized_rep_name, to_char(o.authorized_rep_date, 'YYYY-MM-DD') AS authorized_rep_date,
                 o.borrower_name, to_char(o.borrower_date, 'YYYY-MM-DD') AS borrower_date
            FROM seed_letters o JOIN loan_applications a ON a.id = o.application_id
           WHERE o.status = 'signed' AND o.id > ${after}
           ORDER BY o.id LIMIT ${batch}`,
    );
    if (!rows.length) return;
    const hashes = rows.map((r) => ({
      id: Number(r.id),
      h: signedContentSha256(
        {
          reference_code: r.reference_code,
          applicant_name: r.fullname,
          nrc: r.nrc,
          ...letterAmounts(r),
          terms_conditions: r.terms_conditions,
          authorized_rep_name: r.authorized_rep_name,
          authorized_rep_date: r.authorized_rep_date,
        },
        { repSignature: signature, borrowerName: r.borrower_name, borrowerDate: r.borrower_date, borrowerSignature: signature },
      ),
    }));
    await db.execute(sql`INSERT INTO seed_signed_hashes (id, h)
                         SELECT v.id, v.h FROM jsonb_to_recordset(${JSON.stringify(hashes)}::jsonb) AS v(id bigint, h text)`);
    after = Number(rows[rows.length - 1].id);
  }
}
