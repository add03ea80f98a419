import { sql } from 'drizzle-orm';
import { P, SETTINGS_PATHS, USER_PATHS } from '@loan/shared-contract';
import { queryRows } from '@loan/shared-server';
import { createTestApp, csrfHeaders, loginWithPermissions, type AuthHeaders, type TestApp } from '@loan/shared-server/testing';
import { rbacServer } from '../../index';

let t: TestApp;
let editor: AuthHeaders;
beforeAll(async () => {
  t = await createTestApp({ modules: [rbacServer] });
  editor = await loginWithPermissions(t.app, [P.viewSettingsModule, P.editSettings]);
});
afterAll(() => t?.close());

const body = {
  flat_rate_percent: '4.50',
  min_amount: '1000.00',
  max_amount: '250000.00',
  min_tenure: 2,
  max_tenure: 24,
  processing_fee_percent: '2.5',
  offer_valid_days: 10,
  terms_conditions: 'The borrower repays the loan in equal monthly instalments at the flat rate stated.',
};

describe('loan product settings', () => {
  it('answers the defaults, 401 and 403 without the permission', async () => {
    expect((await t.app.inject({ method: 'GET', url: SETTINGS_PATHS.loanProduct })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: SETTINGS_PATHS.loanProduct, headers: await loginWithPermissions(t.app, [P.viewSettingsModule]) })).statusCode).toBe(403);
    const res = await t.app.inject({ method: 'GET', url: SETTINGS_PATHS.loanProduct, headers: editor });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ terms_version: 0, offer_valid_days: 7 });
  });

  it('saves, versions the terms, writes the calculator rate and audits the change', async () => {
    const res = await t.app.inject({ method: 'PUT', url: SETTINGS_PATHS.loanProduct, headers: editor, payload: body });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ flat_rate_percent: '4.50', processing_fee_percent: '2.50', terms_version: 1, max_tenure: 24 });
    const again = await t.app.inject({ method: 'PUT', url: SETTINGS_PATHS.loanProduct, headers: editor, payload: { ...body, flat_rate_percent: '5' } });
    expect(again.json().data.terms_version).toBe(1);
    const [rate] = await queryRows<{ value: unknown }>(t.db, sql`SELECT value FROM settings WHERE key = 'loan.flat_rate_monthly_percent'`);
    expect(rate.value).toBe('5.00');
    const [a] = await queryRows<{ after: Record<string, unknown> }>(t.db, sql`SELECT after FROM audit_log WHERE entity = 'loan_product' ORDER BY id DESC LIMIT 1`);
    expect(a.after).toEqual({ flat_rate_percent: '5.00' });
  });

  it('is the default loan product: a change of rate, limits or fee is a new version of it, the other terms kept', async () => {
    const res = await t.app.inject({ method: 'PUT', url: SETTINGS_PATHS.loanProduct, headers: editor, payload: { ...body, flat_rate_percent: '3.75', processing_fee_percent: '1.5' } });
    expect(res.statusCode).toBe(200);
    const rows = await queryRows<{ version: number; monthly_rate_percent: string; min_amount: string; max_tenure: number; fees: unknown; active: boolean }>(
      t.db,
      sql`SELECT v.version, v.monthly_rate_percent::float8::text AS monthly_rate_percent, v.min_amount::text AS min_amount, v.max_tenure, v.fees, p.active
            FROM loan_product_versions v JOIN loan_products p ON p.id = v.product_id WHERE p.is_default ORDER BY v.version DESC LIMIT 1`,
    );
    expect(rows[0]).toMatchObject({ monthly_rate_percent: '3.75', min_amount: '1000.00', max_tenure: 24, active: true });
    expect(rows[0]?.fees).toEqual([{ name: 'Processing fee', kind: 'processing', calc: 'percent', value: '1.50', when: 'deducted' }]);
    const version = rows[0]?.version ?? 0;
    // Only the offer validity changes: no new version of the product.
    await t.app.inject({ method: 'PUT', url: SETTINGS_PATHS.loanProduct, headers: editor, payload: { ...body, flat_rate_percent: '3.75', processing_fee_percent: '1.5', offer_valid_days: 12 } });
    const [again] = await queryRows<{ version: number }>(t.db, sql`SELECT max(v.version)::int AS version FROM loan_product_versions v JOIN loan_products p ON p.id = v.product_id WHERE p.is_default`);
    expect(again?.version).toBe(version);
    // A fee of 0 removes the processing fee from the next version.
    await t.app.inject({ method: 'PUT', url: SETTINGS_PATHS.loanProduct, headers: editor, payload: { ...body, flat_rate_percent: '3.75', processing_fee_percent: '0' } });
    const [last] = await queryRows<{ version: number; fees: unknown }>(
      t.db,
      sql`SELECT v.version, v.fees FROM loan_product_versions v JOIN loan_products p ON p.id = v.product_id WHERE p.is_default ORDER BY v.version DESC LIMIT 1`,
    );
    expect(last).toEqual({ version: version + 1, fees: [] });
  });

  it('refuses bad input with the field named', async () => {
    const res = await t.app.inject({ method: 'PUT', url: SETTINGS_PATHS.loanProduct, headers: editor, payload: { ...body, min_tenure: 30, flat_rate_percent: 'lots' } });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(expect.arrayContaining(['flat_rate_percent', 'max_tenure']));
  });
});

describe('branches', () => {
  it('adds, renames and closes a branch; names and codes stay unique', async () => {
    const add = await t.app.inject({ method: 'POST', url: SETTINGS_PATHS.branchSave, headers: editor, payload: { name: 'Solwezi', code: 'slz' } });
    expect(add.statusCode).toBe(201);
    expect(add.json().data).toMatchObject({ name: 'Solwezi', code: 'SLZ', active: true });
    const dup = await t.app.inject({ method: 'POST', url: SETTINGS_PATHS.branchSave, headers: editor, payload: { name: 'lusaka', code: 'XX' } });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors.name).toBeDefined();
    const close = await t.app.inject({ method: 'POST', url: SETTINGS_PATHS.branchSave, headers: editor, payload: { id: add.json().data.id, name: 'Solwezi', code: 'SLZ', active: false } });
    expect(close.json().data.active).toBe(false);
    const list = await t.app.inject({ method: 'GET', url: SETTINGS_PATHS.branches, headers: editor });
    expect((await t.app.inject({ method: 'GET', url: USER_PATHS.branches, headers: editor })).statusCode).toBe(403);
    expect(list.json()).toContainEqual({ id: add.json().data.id, name: 'Solwezi', code: 'SLZ', active: false, sms_sender_name: null });
    expect((await t.app.inject({ method: 'POST', url: SETTINGS_PATHS.branchSave, headers: csrfHeaders(), payload: { name: 'X', code: 'XX' } })).statusCode).toBe(401);
  });

  it("keeps a branch's SMS sender name (at most 11 letters, digits or spaces; blank: the configured one)", async () => {
    const add = await t.app.inject({ method: 'POST', url: SETTINGS_PATHS.branchSave, headers: editor, payload: { name: 'Mongu', code: 'MNG', sms_sender_name: 'MONGU LOANS' } });
    expect(add.json().data).toMatchObject({ name: 'Mongu', sms_sender_name: 'MONGU LOANS' });
    const bad = await t.app.inject({ method: 'POST', url: SETTINGS_PATHS.branchSave, headers: editor, payload: { id: add.json().data.id, name: 'Mongu', code: 'MNG', sms_sender_name: 'MONGU LOANS ZM' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.sms_sender_name).toEqual(['At most 11 characters.']);
    const cleared = await t.app.inject({ method: 'POST', url: SETTINGS_PATHS.branchSave, headers: editor, payload: { id: add.json().data.id, name: 'Mongu', code: 'MNG', sms_sender_name: '' } });
    expect(cleared.json().data.sms_sender_name).toBeNull();
  });
});
