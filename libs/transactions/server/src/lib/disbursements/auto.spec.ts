import { sql } from 'drizzle-orm';
import { queryRows, SandboxMobileMoney, schema } from '@loan/shared-server';
import { createTestApp, type TestApp } from '@loan/shared-server/testing';
import { transactionsServer } from '../../index';
import { planRule, runRule } from './auto';

let t: TestApp;
let seq = 0;

async function payableLoan(amount: string, mobile?: string): Promise<number> {
  seq++;
  mobile ??= `0966${String(seq).padStart(6, '0')}`;
  const [a] = await queryRows<{ id: string }>(
    t.db,
    sql`INSERT INTO loan_applications (reference_code, fullname, nrc, mobile, amount, tenure_months, total_amount_due, status, approved_at)
        VALUES (${`LA-2026-9${String(seq).padStart(5, '0')}`}, 'Auto Borrower', '123456/78/9', ${mobile}, ${amount}, 6, ${amount}, 'approved', now()) RETURNING id`,
  );
  await t.db.execute(sql`INSERT INTO offer_letters (application_id, token_hash, status, principal, total_amount_due, tenure_months, terms_conditions,
                                                    authorized_rep_name, authorized_rep_date, expires_at, signed_at)
        VALUES (${a.id}, ${`auto-${seq}-${Math.random()}`}, 'signed', ${amount}, ${amount}, 6, 't', 'Rep', '2026-01-01', now() + interval '7 days', now())`);
  return Number(a.id);
}

async function rule(values: Partial<typeof schema.autoDisburseRules.$inferInsert>) {
  const [r] = await t.db.insert(schema.autoDisburseRules).values({ name: 'Rule', maxAmount: '100000.00', kind: 'any', ...values }).returning();
  return r;
}

beforeAll(async () => {
  t = await createTestApp({ modules: [transactionsServer], ports: { mobileMoney: new SandboxMobileMoney(0) } });
});
afterAll(() => t?.close());
beforeEach(async () => {
  // Each test starts with no payable loans left over.
  await t.db.execute(sql`UPDATE loan_applications SET status = 'closed' WHERE status = 'approved'`);
});

it("pays within the rule's amount range and daily limit, and the dry run says why it skips the rest", async () => {
  const small = await payableLoan('300.00');
  const second = await payableLoan('300.00');
  const large = await payableLoan('9000.00');
  const r = await rule({ minAmount: '100.00', maxAmount: '1000.00', dailyLimit: '500.00' });
  const plan = await planRule(t.db, r, null);
  expect(plan.pay.map((p) => Number(p.application_id))).toEqual([small]);
  expect(plan.skipped).toEqual([{ application_id: second, reason: "Over the rule's daily limit" }]);
  expect(plan.pay.map((p) => Number(p.application_id))).not.toContain(large);
  const run = await runRule(t.db, t.app.ports, r, null);
  expect(run.paid).toHaveLength(1);
  // The limit is spent for today: nothing more.
  expect((await planRule(t.db, r, null)).pay).toEqual([]);
});

it('honours the global float across rules', async () => {
  await payableLoan('400.00');
  await payableLoan('400.00');
  const r = await rule({});
  const [spent] = await queryRows<{ s: string }>(t.db, sql`SELECT coalesce(sum(amount), 0)::numeric(18,2)::text AS s FROM disbursements WHERE mode = 'auto' AND status IN ('pending','success') AND created_at >= now() - interval '1 day'`);
  const float = (Number(spent.s) + 500).toFixed(2);
  const plan = await planRule(t.db, r, float);
  expect(plan.pay).toHaveLength(1);
  expect(plan.skipped.map((s) => s.reason)).toEqual(['Over the global float']);
});

it('pauses the rule after 3 provider failures in a row, with an audit row', async () => {
  for (let i = 0; i < 4; i++) await payableLoan('50.00', `09771${String(i).padStart(1, '0')}0000`);
  const r = await rule({});
  const run = await runRule(t.db, t.app.ports, r, null);
  expect(run.paused).toBe(true);
  expect(run.paid).toHaveLength(3);
  const [after] = await t.db.select().from(schema.autoDisburseRules).where(sql`id = ${r.id}`);
  expect(after.active).toBe(false);
  const [audit] = await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'auto_disburse_rule.pause' AND entity_id = ${String(r.id)}`);
  expect(audit.n).toBe(1);
});

it('two workers running the same rule at once pay each loan once', async () => {
  const ids = [await payableLoan('10.00'), await payableLoan('20.00'), await payableLoan('30.00')];
  const r = await rule({});
  const [a, b] = await Promise.all([runRule(t.db, t.app.ports, r, null), runRule(t.db, t.app.ports, r, null)]);
  expect(a.paid.length + b.paid.length).toBe(3);
  const [n] = await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM disbursements WHERE application_id IN (${sql.join(ids, sql`, `)})`);
  expect(n.n).toBe(3);
});
