import { sql } from 'drizzle-orm';
import { LOAN_PRODUCTS_PATHS, P, type LoanProductDetails, type LoanProductItem } from '@loan/shared-contract';
import { queryRows } from '@loan/shared-server';
import { createTestApp, loginWithPermissions, type AuthHeaders, type TestApp } from '@loan/shared-server/testing';
import { loansServer } from '../../index';

let t: TestApp;
let editor: AuthHeaders;
let viewer: AuthHeaders;
beforeAll(async () => {
  t = await createTestApp({ modules: [loansServer] });
  editor = await loginWithPermissions(t.app, [P.viewSettingsModule, P.editSettings]);
  viewer = await loginWithPermissions(t.app, [P.viewSettingsModule]);
});
afterAll(() => t?.close());

const path = (p: string, id: number) => p.replace(':id', String(id));

const declining = {
  code: 'dec-12',
  name: 'Declining 12',
  interest_method: 'declining',
  monthly_rate_percent: '4',
  min_amount: '1000',
  max_amount: '100000.00',
  min_tenure: 3,
  max_tenure: 24,
  fees: [{ name: 'Processing fee', kind: 'processing', calc: 'percent', value: '3.00', when: 'deducted' }],
  penalty: { calc: 'percent', value: '5.00', grace_days: 3, stop_months_after_maturity: 3 },
  allocation_order: ['penalty', 'fees', 'interest', 'principal'],
  settlement_rebate_percent: '0.00',
};

async function list(headers = viewer): Promise<LoanProductItem[]> {
  const res = await t.app.inject({ method: 'GET', url: LOAN_PRODUCTS_PATHS.list, headers });
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

async function create(body: Record<string, unknown>): Promise<LoanProductDetails> {
  const res = await t.app.inject({ method: 'POST', url: LOAN_PRODUCTS_PATHS.create, headers: editor, payload: body });
  expect(res.statusCode).toBe(201);
  return res.json().data;
}

describe('loan products', () => {
  it('lists the seeded products (default first, inactive too); 401 and 403 by permission', async () => {
    expect((await t.app.inject({ method: 'GET', url: LOAN_PRODUCTS_PATHS.list })).statusCode).toBe(401);
    const nobody = await loginWithPermissions(t.app, [P.viewDashboard]);
    expect((await t.app.inject({ method: 'GET', url: LOAN_PRODUCTS_PATHS.list, headers: nobody })).statusCode).toBe(403);
    const rows = await list();
    expect(rows.map((r) => [r.code, r.active, r.is_default])).toEqual([
      ['STANDARD', true, true],
      ['LEGACY-FLAT', false, false],
    ]);
    expect(rows[0]?.current).toMatchObject({ version: 1, interest_method: 'flat', monthly_rate_percent: '5.00', fees: [], penalty: null });
    // Changing needs `can edit settings`.
    const res = await t.app.inject({ method: 'POST', url: LOAN_PRODUCTS_PATHS.create, headers: viewer, payload: declining });
    expect(res.statusCode).toBe(403);
  });

  it('creates a product (code upper-cased, amounts to two decimals) and audits it; code and name stay unique', async () => {
    const p = await create(declining);
    expect(p).toMatchObject({ code: 'DEC-12', name: 'Declining 12', active: true, is_default: false });
    expect(p.current).toMatchObject({
      version: 1,
      interest_method: 'declining',
      monthly_rate_percent: '4.00',
      min_amount: '1000.00',
      fees: [{ name: 'Processing fee', kind: 'processing', calc: 'percent', value: '3.00', when: 'deducted' }],
      penalty: { calc: 'percent', value: '5.00', grace_days: 3, stop_months_after_maturity: 3 },
    });
    expect(p.versions).toHaveLength(1);
    const [a] = await queryRows<{ action: string; after: Record<string, unknown> }>(
      t.db,
      sql`SELECT action, after FROM audit_log WHERE entity = 'loan_product' AND entity_id = ${String(p.id)} ORDER BY id DESC LIMIT 1`,
    );
    expect(a).toMatchObject({ action: 'create', after: { code: 'DEC-12', version: 1 } });
    const dup = await t.app.inject({ method: 'POST', url: LOAN_PRODUCTS_PATHS.create, headers: editor, payload: { ...declining, name: 'Another' } });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors).toEqual({ code: ['The code has already been taken.'] });
  });

  it('refuses bad terms with 422 naming the field (the rules\' validateTerms), writing nothing', async () => {
    const before = await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM loan_product_versions`);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ allocation_order: ['penalty', 'fees', 'interest'] }, 'allocation_order'],
      [{ allocation_order: ['penalty', 'fees', 'interest', 'interest'] }, 'allocation_order'],
      [{ monthly_rate_percent: '120' }, 'monthly_rate_percent'],
      [{ fees: [{ name: 'Insurance', kind: 'insurance', calc: 'percent', value: '101', when: 'capitalised' }] }, 'fees.0.value'],
      [{ fees: [{ name: 'Insurance', kind: 'insurance', calc: 'percent', value: '1', when: 'later' }] }, 'fees.0.when'],
      [{ penalty: { calc: 'fixed', value: '0', grace_days: 3 } }, 'penalty.value'],
      [{ penalty: { calc: 'percent', value: '5', grace_days: 400 } }, 'penalty.grace_days'],
      [{ settlement_rebate_percent: '10.00' }, 'settlement_rebate_percent'],
      [{ min_tenure: 30, max_tenure: 12 }, 'max_tenure'],
      [{ max_amount: '900000' }, 'max_amount'],
    ];
    for (const [patch, field] of cases) {
      const res = await t.app.inject({ method: 'POST', url: LOAN_PRODUCTS_PATHS.create, headers: editor, payload: { ...declining, code: 'BAD', name: 'Bad', ...patch } });
      expect([field, res.statusCode]).toEqual([field, 422]);
      expect(Object.keys(res.json().errors)).toContain(field);
    }
    const after = await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM loan_product_versions`);
    expect(after).toEqual(before);
    expect(await queryRows(t.db, sql`SELECT 1 FROM loan_products WHERE code = 'BAD'`)).toEqual([]);
  });

  it('an edit of the terms makes a new version; the old one and an application on it stay as they were', async () => {
    const p = await create({ ...declining, code: 'EDIT', name: 'To edit' });
    await t.db.execute(sql`INSERT INTO loan_applications (reference_code, fullname, nrc, mobile, amount, product_version_id)
                           VALUES ('LA-2026-900001', 'A Borrower', '123456/10/1', '0971000000', 5000, ${p.current.id})`);
    // Same terms, only the name: no new version.
    const renamed = await t.app.inject({ method: 'PUT', url: path(LOAN_PRODUCTS_PATHS.update, p.id), headers: editor, payload: { ...declining, code: 'EDIT', name: 'Edited' } });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data).toMatchObject({ name: 'Edited', current: { version: 1 } });
    const res = await t.app.inject({
      method: 'PUT',
      url: path(LOAN_PRODUCTS_PATHS.update, p.id),
      headers: editor,
      payload: { ...declining, code: 'EDIT', name: 'Edited', monthly_rate_percent: '3.5', allocation_order: ['interest', 'principal', 'fees', 'penalty'] },
    });
    expect(res.statusCode).toBe(200);
    const d: LoanProductDetails = res.json().data;
    expect(d.versions.map((v) => [v.version, v.monthly_rate_percent])).toEqual([
      [2, '3.50'],
      [1, '4.00'],
    ]);
    expect(d.current.allocation_order).toEqual(['interest', 'principal', 'fees', 'penalty']);
    const [app] = await queryRows<{ product_version_id: string }>(t.db, sql`SELECT product_version_id FROM loan_applications WHERE reference_code = 'LA-2026-900001'`);
    expect(Number(app?.product_version_id)).toBe(p.current.id);
    const [a] = await queryRows<{ before: Record<string, unknown>; after: Record<string, unknown> }>(
      t.db,
      sql`SELECT before, after FROM audit_log WHERE entity = 'loan_product' AND entity_id = ${String(p.id)} ORDER BY id DESC LIMIT 1`,
    );
    expect(a?.before).toMatchObject({ version: 1, monthly_rate_percent: '4.00' });
    expect(a?.after).toMatchObject({ version: 2, monthly_rate_percent: '3.5' });
    const code = await t.app.inject({ method: 'PUT', url: path(LOAN_PRODUCTS_PATHS.update, p.id), headers: editor, payload: { ...declining, code: 'OTHER', name: 'Edited' } });
    expect(code.statusCode).toBe(422);
    expect(Object.keys(code.json().errors)).toEqual(['code']);
    const missing = await t.app.inject({ method: 'GET', url: path(LOAN_PRODUCTS_PATHS.byId, 999999), headers: viewer });
    expect(missing.statusCode).toBe(404);
  });

  it('deactivates a product, but never the default one nor the last active one; sets the default', async () => {
    const p = await create({ ...declining, code: 'OFF', name: 'To switch off', penalty: null, fees: [] });
    expect(p.current).toMatchObject({ penalty: null, fees: [] });
    const off = await t.app.inject({ method: 'POST', url: path(LOAN_PRODUCTS_PATHS.deactivate, p.id), headers: editor });
    expect(off.statusCode).toBe(200);
    expect(off.json().data.active).toBe(false);
    const std = (await list()).find((r) => r.code === 'STANDARD');
    const refused = await t.app.inject({ method: 'POST', url: path(LOAN_PRODUCTS_PATHS.deactivate, std?.id ?? 0), headers: editor });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/default product cannot be deactivated/);
    // An inactive product cannot be the default.
    expect((await t.app.inject({ method: 'POST', url: path(LOAN_PRODUCTS_PATHS.setDefault, p.id), headers: editor })).statusCode).toBe(409);
    const dec = (await list()).find((r) => r.code === 'DEC-12');
    const set = await t.app.inject({ method: 'POST', url: path(LOAN_PRODUCTS_PATHS.setDefault, dec?.id ?? 0), headers: editor });
    expect(set.statusCode).toBe(200);
    expect((await list()).filter((r) => r.is_default).map((r) => r.code)).toEqual(['DEC-12']);
    // The single-product setting follows the default product (readers not yet on products).
    const [rate] = await queryRows<{ value: unknown }>(t.db, sql`SELECT value FROM settings WHERE key = 'loan.flat_rate_monthly_percent'`);
    expect(rate?.value).toBe('4.00');
    // Switch every other one off: the last active one stays on.
    for (const r of await list()) {
      if (r.active && !r.is_default) expect((await t.app.inject({ method: 'POST', url: path(LOAN_PRODUCTS_PATHS.deactivate, r.id), headers: editor })).statusCode).toBe(200);
    }
    const last = await t.app.inject({ method: 'PUT', url: path(LOAN_PRODUCTS_PATHS.update, dec?.id ?? 0), headers: editor, payload: { ...declining, active: false } });
    expect(last.statusCode).toBe(409);
    // Back to the seeded default for the other tests.
    await t.db.execute(sql`UPDATE loan_products SET active = true WHERE code = 'STANDARD'`);
    expect((await t.app.inject({ method: 'POST', url: path(LOAN_PRODUCTS_PATHS.setDefault, std?.id ?? 0), headers: editor })).statusCode).toBe(200);
  });

  it('previews the schedule and key figures of terms for an amount and tenure (nothing stored)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: LOAN_PRODUCTS_PATHS.preview,
      headers: viewer,
      payload: { ...declining, code: undefined, name: undefined, amount: '10000', tenure: 6 },
    });
    expect(res.statusCode).toBe(200);
    const p = res.json();
    expect(p.instalments).toHaveLength(6);
    expect(p).toMatchObject({ amount: '10000.00', payout: '9700.00', total_fees: '300.00' });
    const principal = p.instalments.reduce((s: bigint, i: { principal: string }) => s + BigInt(i.principal.replace('.', '')), 0n);
    expect(principal).toBe(1000000n);
    const bad = await t.app.inject({ method: 'POST', url: LOAN_PRODUCTS_PATHS.preview, headers: viewer, payload: { ...declining, code: undefined, name: undefined, amount: '10000', tenure: 6, allocation_order: ['fees'] } });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['allocation_order']);
  });
});
