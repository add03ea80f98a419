import { sql } from 'drizzle-orm';
import { API, LOAN_LIMITS_PATH, OTP_TICKET_HEADER, P } from '@loan/shared-contract';
import { queryRows } from '@loan/shared-server';
import { createTestApp, csrfHeaders, loginWithPermissions, type TestApp } from '@loan/shared-server/testing';
import { publicBorrowerServer } from '../../index';
import { CODE_EXPIRED, DUPLICATE_APPLICATION, NO_ACTIVE_CODE, TICKET_INVALID, TOO_MANY_CODES, TOO_MANY_TRIES } from './service';

jest.setTimeout(120_000);

let t: TestApp;
beforeAll(async () => {
  // No accounts needed: the form is public (branches come from migration 0300).
  t = await createTestApp({ modules: [publicBorrowerServer], seed: 'none' });
});
afterAll(() => t?.close());

let seq = 0;
/** A fresh Zambian mobile per test (rate limits and OTPs are per number). */
function newMobile() {
  seq += 1;
  return `097${String(process.pid % 1000).padStart(3, '0')}${String(seq).padStart(4, '0')}`;
}
const normal = (m: string) => `+260${m.slice(1)}`;

// Each test comes from its own address, so the per-IP rate limits of one test do not
// spill into the next.
let ip = '10.0.0.1';
let ipSeq = 1;
beforeEach(() => {
  ipSeq += 1;
  ip = `10.0.${Math.floor(ipSeq / 250)}.${(ipSeq % 250) + 1}`;
});

async function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'POST', url, payload: body as object, headers: { ...csrfHeaders(), ...headers }, remoteAddress: ip });
  return { status: res.statusCode, body: res.json() };
}

/** The code as the borrower's phone received it (the outbox row holds it masked). */
async function lastCode(mobile: string): Promise<string> {
  const code = /(\d{6})/.exec(t.inbox.last(normal(mobile), 'otp')?.body ?? '')?.[1];
  if (!code) throw new Error('no OTP delivered');
  return code;
}

async function confirm(mobile: string): Promise<string> {
  expect((await post(`${API.web}/otp/send`, { mobile })).status).toBe(200);
  const r = await post(`${API.web}/otp/validation`, { mobile, code: await lastCode(mobile) });
  expect(r.status).toBe(200);
  return r.body.ticket;
}

function form(mobile: string, nrc: string) {
  return { nrc, full_name: 'Mwila Banda', mobile, employer: 'Zambia Sugar', branch: 'Lusaka', amount: '5000', tenure: 6, purpose: 'School fees' };
}
let nrcSeq = 0;
const newNrc = () => `${String(300000 + (nrcSeq += 1))}/${String(process.pid % 100).padStart(2, '0')}/1`;

describe('OTP', () => {
  it('sends a 6-digit code through the SMS outbox, stores only a hash, and expires in 10 minutes', async () => {
    const mobile = newMobile();
    const r = await post(`${API.web}/otp/send`, { mobile });
    expect(r.status).toBe(200);
    expect(r.body.mobile).toMatch(/^\+260 \d\d \*\*\* \d{4}$/);
    const code = await lastCode(mobile);
    const [row] = await queryRows<{ code_hash: string; minutes: number }>(
      t.db,
      sql`SELECT code_hash, round(extract(epoch FROM expires_at - created_at) / 60)::int AS minutes FROM otp_codes WHERE mobile = ${normal(mobile)}`,
    );
    expect(row.code_hash).not.toContain(code);
    expect(row.minutes).toBe(10);
  });

  it('accepts the right code once: a reused code is refused', async () => {
    const mobile = newMobile();
    await post(`${API.web}/otp/send`, { mobile });
    const code = await lastCode(mobile);
    const ok = await post(`${API.web}/otp/validation`, { mobile: normal(mobile), code });
    expect(ok.status).toBe(200);
    expect(ok.body.ticket).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const again = await post(`${API.web}/otp/validation`, { mobile, code });
    expect(again).toEqual({ status: 422, body: { message: NO_ACTIVE_CODE, errors: { code: [NO_ACTIVE_CODE] } } });
  });

  it('refuses an expired code', async () => {
    const mobile = newMobile();
    await post(`${API.web}/otp/send`, { mobile });
    await t.db.execute(sql`UPDATE otp_codes SET expires_at = now() - interval '1 second' WHERE mobile = ${normal(mobile)}`);
    const r = await post(`${API.web}/otp/validation`, { mobile, code: await lastCode(mobile) });
    expect(r.status).toBe(422);
    expect(r.body.errors.code).toEqual([CODE_EXPIRED]);
  });

  it('allows 5 tries, then the code is dead even when right', async () => {
    const mobile = newMobile();
    await post(`${API.web}/otp/send`, { mobile });
    const code = await lastCode(mobile);
    const wrong = code === '000000' ? '111111' : '000000';
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await post(`${API.web}/otp/validation`, { mobile, code: wrong }));
    expect(answers.slice(0, 4).map((a) => a.body.errors.code[0])).toEqual([
      'That code is not right. You have 4 tries left.',
      'That code is not right. You have 3 tries left.',
      'That code is not right. You have 2 tries left.',
      'That code is not right. You have 1 try left.',
    ]);
    expect(answers[4]).toMatchObject({ status: 429, body: { message: TOO_MANY_TRIES } });
    const right = await post(`${API.web}/otp/validation`, { mobile, code });
    expect(right.status).toBe(422);
    expect(right.body.errors.code).toEqual([NO_ACTIVE_CODE]);
  });

  it('a new code replaces the previous one', async () => {
    const mobile = newMobile();
    await post(`${API.web}/otp/send`, { mobile });
    const first = await lastCode(mobile);
    await post(`${API.web}/otp/send`, { mobile });
    const second = await lastCode(mobile);
    if (first !== second) expect((await post(`${API.web}/otp/validation`, { mobile, code: first })).status).toBe(422);
    expect((await post(`${API.web}/otp/validation`, { mobile, code: second })).status).toBe(200);
  });

  it('limits how many codes one address may ask for', async () => {
    const answers = [];
    for (let i = 0; i < 11; i++) answers.push((await post(`${API.web}/otp/send`, { mobile: newMobile() })).status);
    expect(answers.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(answers[10]).toBe(429);
  });

  it('sends at most 5 codes to one number in 10 minutes, whatever the address', async () => {
    const mobile = newMobile();
    const answers = [];
    for (let i = 0; i < 6; i++) {
      ipSeq += 1;
      ip = `10.9.0.${ipSeq % 250}`;
      answers.push(await post(`${API.web}/otp/send`, { mobile }));
    }
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 429]);
    expect(answers[5].body.errors.mobile).toEqual([TOO_MANY_CODES]);
  });

  it('staff with the message permission see that a code went to a number, never the code (issue 11 item 4)', async () => {
    const mobile = newMobile();
    await post(`${API.web}/otp/send`, { mobile });
    const url = `${API.web}/sms-outbox?mobile=${mobile}`;
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const nobody = await loginWithPermissions(t.app, []);
    expect((await t.app.inject({ method: 'GET', url, headers: nobody })).statusCode).toBe(403);
    const staff = await loginWithPermissions(t.app, [P.viewMessage]);
    const res = await t.app.inject({ method: 'GET', url, headers: staff });
    const code = await lastCode(mobile);
    expect(res.json().data[0]).toMatchObject({ purpose: 'otp', body: expect.stringContaining('Your Loan Portal code is ******.') });
    expect(res.json().data[0].body).not.toContain(code);
    const stored = await queryRows<{ body: string }>(t.db, sql`SELECT body FROM messages WHERE recipient = ${normal(mobile)}`);
    expect(stored.map((m) => m.body).join('\n')).not.toContain(code);
    // The code works: the phone had it in clear.
    expect((await post(`${API.web}/otp/validation`, { mobile, code })).status).toBe(200);
  });

  it('validates the number and the code format with plain messages', async () => {
    const r = await post(`${API.web}/otp/validation`, { mobile: '12345', code: '12' });
    expect(r.status).toBe(422);
    expect(Object.keys(r.body.errors).sort()).toEqual(['code', 'mobile']);
  });
});

describe('calculator and IP', () => {
  it('quotes exactly and records each use', async () => {
    const before = await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM calculator_attempts`);
    const r = await post(`${API.web}/calculator/attempt`, { amount: '5000', tenure: 6 });
    expect(r).toEqual({
      status: 200,
      body: { amount: '5000.00', tenure: 6, rate_percent: '5.00', interest: '1500.00', total_due: '6500.00', monthly_instalment: '1083.34' },
    });
    const after = await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM calculator_attempts`);
    expect(after[0].n).toBe(before[0].n + 1);
    expect((await post(`${API.web}/calculator/attempt`, { amount: '10', tenure: 0 })).status).toBe(422);
  });

  it('records the IP address', async () => {
    const r = await post(`${API.web}/ip-address`, {});
    expect(r).toEqual({ status: 200, body: { ip } });
    const [row] = await queryRows<{ ip_address: string }>(t.db, sql`SELECT ip_address FROM ip_records WHERE purpose = 'apply_form' ORDER BY id DESC LIMIT 1`);
    expect(row.ip_address).toBe(ip);
  });

  it('refuses a POST without the CSRF token (419)', async () => {
    const res = await t.app.inject({ method: 'POST', url: `${API.web}/ip-address`, payload: {} });
    expect(res.statusCode).toBe(419);
  });
});

describe('save and resume', () => {
  it('saves half-way with the ticket of the mobile and gives it back only after a new OTP', async () => {
    const mobile = newMobile();
    const draft = { mobile, step: 'loan', data: { nrc: '123456/78/9', full_name: 'Mwila Banda', mobile, employer: 'ZESCO', branch: 'Ndola' } };
    const saved = await post(`${API.web}/unfinished/application`, draft, { [OTP_TICKET_HEADER]: await confirm(mobile) });
    expect(saved.status).toBe(200);
    const url = `${API.web}/unfinished/application?mobile=${encodeURIComponent(mobile)}`;
    const without = await t.app.inject({ method: 'GET', url, remoteAddress: ip });
    expect(without.statusCode).toBe(422);
    expect(without.json().errors.ticket).toEqual([TICKET_INVALID]);
    const ticket = await confirm(mobile);
    const other = await t.app.inject({ method: 'GET', url: `${API.web}/unfinished/application?mobile=${newMobile()}`, headers: { [OTP_TICKET_HEADER]: ticket }, remoteAddress: ip });
    expect(other.statusCode).toBe(422);
    const res = await t.app.inject({ method: 'GET', url, headers: { [OTP_TICKET_HEADER]: ticket }, remoteAddress: ip });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ mobile: normal(mobile), step: 'loan', data: { employer: 'ZESCO', branch: 'Ndola' } });
  });

  it('refuses to save a draft without the ticket of its mobile, and the saved draft stays (issue 11 item 6)', async () => {
    const mobile = newMobile();
    const ticket = await confirm(mobile);
    const mine = { mobile, step: 'employment', data: { full_name: 'Mwila Banda', employer: 'ZESCO' } };
    expect((await post(`${API.web}/unfinished/application`, mine, { [OTP_TICKET_HEADER]: ticket })).status).toBe(200);
    const forged = { mobile, step: 'review', data: { full_name: 'Somebody Else', employer: 'Elsewhere' } };
    const none = await post(`${API.web}/unfinished/application`, forged);
    expect(none).toEqual({ status: 422, body: { message: TICKET_INVALID, errors: { ticket: [TICKET_INVALID] } } });
    const wrong = await post(`${API.web}/unfinished/application`, forged, { [OTP_TICKET_HEADER]: 'x'.repeat(43) });
    expect(wrong.status).toBe(422);
    // A ticket proves its own mobile only.
    const otherTicket = await confirm(newMobile());
    expect((await post(`${API.web}/unfinished/application`, forged, { [OTP_TICKET_HEADER]: otherTicket })).status).toBe(422);
    const [row] = await queryRows<{ data: { full_name: string }; step: number }>(
      t.db,
      sql`SELECT data, step FROM unfinished_applications WHERE mobile = ${normal(mobile)}`,
    );
    expect(row).toMatchObject({ data: { full_name: 'Mwila Banda' }, step: 3 });
  });

  it('answers null when nothing was saved', async () => {
    const mobile = newMobile();
    const ticket = await confirm(mobile);
    const res = await t.app.inject({ method: 'GET', url: `${API.web}/unfinished/application?mobile=${mobile}`, headers: { [OTP_TICKET_HEADER]: ticket }, remoteAddress: ip });
    expect(res.json()).toEqual({ data: null });
  });
});

describe('newClient, check-record and create', () => {
  it('registers the client once the mobile is confirmed', async () => {
    const mobile = newMobile();
    const nrc = newNrc();
    const body = { nrc, full_name: 'Mwila Banda', mobile, employer: 'ZESCO', branch: 'Kitwe' };
    expect((await post(`${API.web}/newClient`, { ...body, ticket: 'nope' })).status).toBe(422);
    const ticket = await confirm(mobile);
    const r = await post(`${API.web}/newClient`, { ...body, ticket });
    expect(r).toMatchObject({ status: 200, body: { created: true } });
    const [row] = await queryRows<Record<string, string>>(t.db, sql`SELECT fullname, mobile, employer FROM clients WHERE id = ${r.body.id}`);
    expect(row).toEqual({ fullname: 'Mwila Banda', mobile: normal(mobile), employer: 'ZESCO' });
  });

  it('never changes an existing client from the public form, whoever confirms a mobile (issue 11 item 2)', async () => {
    const nrc = newNrc();
    const owner = newMobile();
    const first = await post(`${API.web}/newClient`, { nrc, full_name: 'Mwila Banda', mobile: owner, employer: 'ZESCO', branch: 'Kitwe', ticket: await confirm(owner) });
    expect(first.body.created).toBe(true);
    const stored = async () =>
      (await queryRows<Record<string, string>>(t.db, sql`SELECT fullname, mobile, employer, branch_id::text AS branch FROM clients WHERE nrc = ${nrc}`))[0];
    const before = await stored();
    // A stranger who knows the NRC confirms their own number and sends other details.
    const stranger = newMobile();
    const takeover = { nrc, full_name: 'Somebody Else', mobile: stranger, employer: 'Elsewhere', branch: 'Ndola' };
    const again = await post(`${API.web}/newClient`, { ...takeover, ticket: await confirm(stranger) });
    expect(again).toEqual({ status: 200, body: { id: first.body.id, created: false } });
    expect(await stored()).toEqual(before);
    // Submitting an application does not change the client either: the application keeps what was typed.
    const app = await post(`${API.applications}/create`, { ...form(stranger, nrc), full_name: 'Somebody Else', ticket: await confirm(stranger) });
    expect(app.status).toBe(200);
    expect(await stored()).toEqual(before);
    const [a] = await queryRows<{ fullname: string; client_id: string }>(t.db, sql`SELECT fullname, client_id::text FROM loan_applications WHERE id = ${app.body.id}`);
    expect(a).toEqual({ fullname: 'Somebody Else', client_id: String(first.body.id) });
    const audits = await queryRows(t.db, sql`SELECT 1 FROM audit_log WHERE entity = 'client' AND entity_id = ${String(first.body.id)} AND action = 'update'`);
    expect(audits).toHaveLength(0);
  });

  it('uses a ticket for one application only, also when the submissions race (issue 11 item 5)', async () => {
    const mobile = newMobile();
    const ticket = await confirm(mobile);
    const before = await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM loan_applications WHERE mobile = ${normal(mobile)}`);
    // Twenty submissions at once, each for another NRC, so only the ticket can stop them.
    // On PGlite (one connection) they run one after another; on PostgreSQL truly in parallel.
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => {
        ipSeq += 1;
        return t.app.inject({
          method: 'POST',
          url: `${API.applications}/create`,
          payload: { ...form(mobile, newNrc()), ticket },
          headers: csrfHeaders(),
          remoteAddress: `10.20.${i}.${ipSeq % 250}`,
        });
      }),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([200, ...Array(19).fill(422)]);
    expect(answers.filter((a) => a.statusCode === 422).every((a) => a.json().errors.ticket?.[0] === TICKET_INVALID)).toBe(true);
    const after = await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM loan_applications WHERE mobile = ${normal(mobile)}`);
    expect(after[0].n - before[0].n).toBe(1);
  });

  it('creates a request with a reference code, the IP address and an audit record; then the NRC is taken', async () => {
    const mobile = newMobile();
    const nrc = newNrc();
    expect(await post(`${API.applications}/check-record`, { nrc })).toEqual({ status: 200, body: { exist: false } });
    const ticket = await confirm(mobile);
    await post(`${API.web}/unfinished/application`, { mobile, step: 'review', data: { nrc } }, { [OTP_TICKET_HEADER]: ticket });
    const r = await post(`${API.applications}/create`, { ...form(mobile, nrc), ticket });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ status: 'request' });
    expect(r.body.reference_code).toMatch(new RegExp(`^LA-${new Date().getUTCFullYear()}-\\d{6}$`));
    const [row] = await queryRows<Record<string, string>>(
      t.db,
      sql`SELECT a.status, a.mobile, a.amount::text, a.interest::text, a.total_amount_due::text, a.tenure_months::text, a.ip_address, b.name AS branch
          FROM loan_applications a JOIN branches b ON b.id = a.branch_id WHERE a.id = ${r.body.id}`,
    );
    expect(row).toEqual({
      status: 'request',
      mobile: normal(mobile),
      amount: '5000.00',
      interest: '1500.00',
      total_amount_due: '6500.00',
      tenure_months: '6',
      ip_address: ip,
      branch: 'Lusaka',
    });
    // Priced with the default loan product's current version (issue 26).
    const [priced] = await queryRows<{ code: string; is_default: boolean }>(
      t.db,
      sql`SELECT p.code, p.is_default FROM loan_applications a JOIN loan_product_versions v ON v.id = a.product_version_id
            JOIN loan_products p ON p.id = v.product_id WHERE a.id = ${r.body.id}`,
    );
    expect(priced).toEqual({ code: 'STANDARD', is_default: true });
    const ipRows = await queryRows(t.db, sql`SELECT 1 FROM ip_records WHERE application_id = ${r.body.id} AND ip_address = ${ip}`);
    expect(ipRows).toHaveLength(1);
    const auditRows = await queryRows(t.db, sql`SELECT 1 FROM audit_log WHERE entity = 'loan_application' AND entity_id = ${String(r.body.id)} AND action = 'create'`);
    expect(auditRows).toHaveLength(1);
    const unfinished = await queryRows(t.db, sql`SELECT 1 FROM unfinished_applications WHERE mobile = ${normal(mobile)} AND completed_at IS NULL`);
    expect(unfinished).toHaveLength(0);

    expect(await post(`${API.applications}/check-record`, { nrc })).toEqual({ status: 200, body: { exist: true } });
    // The ticket was used up, and a fresh one meets the duplicate rule.
    expect((await post(`${API.applications}/create`, { ...form(mobile, nrc), ticket })).status).toBe(422);
    const ticket2 = await confirm(mobile);
    const dup = await post(`${API.applications}/create`, { ...form(mobile, nrc), ticket: ticket2 });
    expect(dup).toEqual({ status: 409, body: { message: DUPLICATE_APPLICATION } });
  });

  it('a closed or rejected application does not block a new one', async () => {
    const mobile = newMobile();
    const nrc = newNrc();
    const first = await post(`${API.applications}/create`, { ...form(mobile, nrc), ticket: await confirm(mobile) });
    expect(first.status).toBe(200);
    await t.db.execute(sql`UPDATE loan_applications SET status = 'rejected' WHERE id = ${first.body.id}`);
    expect((await post(`${API.applications}/check-record`, { nrc })).body).toEqual({ exist: false });
    const second = await post(`${API.applications}/create`, { ...form(mobile, nrc), ticket: await confirm(mobile) });
    expect(second).toMatchObject({ status: 200 });
    expect(second.body.reference_code).not.toBe(first.body.reference_code);
  });

  it('answers 422 with field errors and writes nothing on bad input', async () => {
    const before = await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM loan_applications`);
    const r = await post(`${API.applications}/create`, { nrc: 'x', mobile: '1', amount: 'abc', tenure: 'z', ticket: '' });
    expect(r.status).toBe(422);
    expect(Object.keys(r.body.errors)).toEqual(expect.arrayContaining(['nrc', 'mobile', 'amount', 'tenure', 'full_name', 'branch', 'ticket']));
    const malformed = await t.app.inject({ method: 'POST', url: `${API.applications}/create`, payload: '{"nrc":', headers: { ...csrfHeaders(), 'content-type': 'application/json' } });
    expect(malformed.statusCode).toBe(400);
    const after = await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM loan_applications`);
    expect(after[0].n).toBe(before[0].n);
  });
});

describe('the loan product settings (/settings/loan-product) decide the form', () => {
  const setProduct = (p: Record<string, unknown>) =>
    t.db.execute(
      sql`INSERT INTO settings (key, value, updated_at) VALUES ('loan.product', ${JSON.stringify(p)}::jsonb, now())
          ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = now()`,
    );
  afterEach(() => t.db.execute(sql`DELETE FROM settings WHERE key = 'loan.product'`));

  it('answers the limits, rate and fee as they are now (defaults before any save)', async () => {
    const before = await t.app.inject({ method: 'GET', url: LOAN_LIMITS_PATH, remoteAddress: ip });
    expect(before.json()).toEqual({ min_amount: '500.00', max_amount: '500000.00', min_tenure: 1, max_tenure: 60, flat_rate_percent: '5.00', processing_fee_percent: '0.00' });
    await setProduct({ min_amount: '1000.00', max_amount: '3000.00', min_tenure: 2, max_tenure: 4, processing_fee_percent: '2.50' });
    const after = await t.app.inject({ method: 'GET', url: LOAN_LIMITS_PATH, remoteAddress: ip });
    expect(after.json()).toMatchObject({ min_amount: '1000.00', max_amount: '3000.00', min_tenure: 2, max_tenure: 4, processing_fee_percent: '2.50' });
  });

  it('refuses an application outside the limits with 422 on the fields, and takes it once the setting allows it', async () => {
    const mobile = newMobile();
    const nrc = newNrc();
    const ticket = await confirm(mobile);
    await setProduct({ min_amount: '1000.00', max_amount: '3000.00', min_tenure: 1, max_tenure: 4 });
    const big = await post(`${API.applications}/create`, { ...form(mobile, nrc), ticket });
    expect(big.status).toBe(422);
    expect(big.body.errors).toEqual({ amount: ['The largest loan is ZMW 3,000.00.'], tenure: ['Choose at most 4 months.'] });
    const small = await post(`${API.applications}/create`, { ...form(mobile, nrc), amount: '900', tenure: 3, ticket });
    expect(small.body.errors).toEqual({ amount: ['The smallest loan is ZMW 1,000.00.'] });
    const [n] = await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM loan_applications WHERE nrc = ${nrc}`);
    expect(n.n).toBe(0);
    // The same form, after the limits were raised: accepted (the ticket was not used up by the refusals).
    await setProduct({ min_amount: '1000.00', max_amount: '10000.00', min_tenure: 1, max_tenure: 12 });
    expect((await post(`${API.applications}/create`, { ...form(mobile, nrc), ticket })).status).toBe(200);
  });

  it('the calculator keeps the same limits', async () => {
    await setProduct({ min_amount: '1000.00', max_amount: '3000.00', min_tenure: 1, max_tenure: 4 });
    const r = await post(`${API.web}/calculator/attempt`, { amount: '5000', tenure: 6 });
    expect(r.status).toBe(422);
    expect(r.body.errors).toMatchObject({ amount: ['The largest loan is ZMW 3,000.00.'] });
    expect((await post(`${API.web}/calculator/attempt`, { amount: '2000', tenure: 3 })).status).toBe(200);
  });
});
