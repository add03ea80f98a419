import { sql } from 'drizzle-orm';
import { API, fromNgwee, monthlyInstalment, P, toNgwee } from '@loan/shared-contract';
import { queryRows } from '@loan/shared-server';
import { createTestApp, loginWithPermissions, type AuthHeaders, type TestApp } from '@loan/shared-server/testing';
import { loansServer } from '../../index';

jest.setTimeout(180_000);

// Issue 12: the demo seed's signed letters carry the SHA-256 signing computes (one function),
// so the staff check says "intact" on demo data; and the monthly instalment has one rule
// (rounded up to the ngwee) in the contract's function, the letter and the schedule (SQL).
const O = API.offerLetters;

let t: TestApp;
let staff: AuthHeaders;

beforeAll(async () => {
  t = await createTestApp({ modules: [loansServer], demoData: 120 });
  staff = await loginWithPermissions(t.app, [P.viewOfferLetter, P.viewAllBranches]);
});
afterAll(() => t?.close());

it('answers intact for every seeded signed letter checked, and altered once its stored content changes', async () => {
  const signed = await queryRows<{ id: string }>(t.db, sql`SELECT id FROM offer_letters WHERE status = 'signed' ORDER BY id LIMIT 5`);
  expect(signed.length).toBeGreaterThan(0);
  for (const { id } of signed) {
    const res = await t.app.inject({ method: 'GET', url: `${O}/verify/${id}`, headers: staff });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: Number(id), result: 'intact' });
    expect(res.json().stored_sha256).toBe(res.json().computed_sha256);
  }
  const id = signed[0].id;
  await t.db.execute(sql`UPDATE offer_letters SET terms_conditions = terms_conditions || ' (edited)' WHERE id = ${id}`);
  expect((await t.app.inject({ method: 'GET', url: `${O}/verify/${id}`, headers: staff })).json()).toMatchObject({ result: 'altered' });
});

// Totals whose division by the tenure is not exact: nearest-ngwee rounding would give a
// different (smaller) figure for most of them.
const AWKWARD: [string, number][] = [
  ['1000.00', 3],
  ['6500.00', 12],
  ['100.01', 2],
  ['7150.00', 6],
  ['12500.50', 7],
  ['0.05', 3],
  ['999999.99', 11],
  ['6500.00', 6],
];

it('the schedule (loan_instalment, migration 0840) and the contract function agree on awkward amounts, rounding up', async () => {
  for (const [total, months] of AWKWARD) {
    const [row] = await queryRows<{ v: string }>(t.db, sql`SELECT loan_instalment(${total}::numeric, ${months})::numeric(14,2)::text AS v`);
    expect({ total, months, v: row.v }).toEqual({ total, months, v: monthlyInstalment(total, months) });
    // Rounded up: tenure instalments cover the total, and one ngwee less would not.
    const n = BigInt(months);
    expect(toNgwee(row.v) * n).toBeGreaterThanOrEqual(toNgwee(total));
    expect((toNgwee(row.v) - 1n) * n).toBeLessThan(toNgwee(total));
  }
  expect(monthlyInstalment('1000.00', 3)).toBe('333.34');
  expect(fromNgwee(toNgwee(monthlyInstalment('6500.00', 12)))).toBe('541.67');
});

it("a letter's monthly instalment is the schedule's for the same total and tenure", async () => {
  const rows = await queryRows<{ id: string; total: string; months: number; schedule: string }>(
    t.db,
    sql`SELECT id, total_amount_due::text AS total, tenure_months AS months,
               loan_instalment(total_amount_due, tenure_months)::numeric(14,2)::text AS schedule
          FROM offer_letters ORDER BY id LIMIT 20`,
  );
  expect(rows.length).toBeGreaterThan(0);
  // An awkward one among them: total 1000.00 over 3 months.
  await t.db.execute(sql`UPDATE offer_letters SET total_amount_due = 1000.00, tenure_months = 3 WHERE id = ${rows[0].id}`);
  rows[0] = { ...rows[0], total: '1000.00', months: 3, schedule: '333.34' };
  for (const r of rows) {
    const res = await t.app.inject({ method: 'GET', url: `${O}/getById/${r.id}`, headers: staff });
    expect(res.statusCode).toBe(200);
    expect(res.json().monthly_instalment).toBe(r.schedule);
  }
});
