import { sql } from 'drizzle-orm';
import { API, NAME_MUST_MATCH, OFFER_REPLACED, P } from '@loan/shared-contract';
import { queryRows } from '@loan/shared-server';
import { createTestApp, csrfHeaders, loginWithPermissions, type AuthHeaders, type TestApp } from '@loan/shared-server/testing';
import { loansServer } from '../../index';
import { LETTER_EXPIRED, NOT_PENDING, NOT_SIGNED } from './service';

jest.setTimeout(120_000);

// Issue 12: the evidence of a letter (opening, replaced, hash check), resending its link,
// the typed name matching the applicant, and links to the borrower app.
const O = API.offerLetters;
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const PNG_URL = `data:image/png;base64,${PNG.toString('base64')}`;

let t: TestApp;
let staff: AuthHeaders;
let viewer: AuthHeaders;
let seq = 0;
let ipSeq = 0;
const nextIp = () => `10.2.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;

beforeAll(async () => {
  t = await createTestApp({ modules: [loansServer], seed: 'none', config: { borrowerAppUrl: 'https://apply.lender.test' } });
  staff = await loginWithPermissions(t.app, [P.sendOfferLetter, P.viewOfferLetter, P.viewAllBranches]);
  viewer = await loginWithPermissions(t.app, [P.viewOfferLetter, P.viewAllBranches]);
});
afterAll(() => t?.close());

async function application(name = 'Mwíla  Banda'): Promise<number> {
  seq += 1;
  const [r] = await queryRows<{ id: string }>(
    t.db,
    sql`INSERT INTO loan_applications (reference_code, fullname, nrc, mobile, employer, purpose, amount, tenure_months, interest_rate, interest,
          total_amount_due, status, branch_id)
        VALUES (${`LA-2026-8${String(seq).padStart(5, '0')}`}, ${name}, ${`5${String(seq).padStart(5, '0')}/11/1`}, '+260971234567',
          'Zambia Sugar', 'School fees', 5000, 6, 30, 1500, 6500, 'approved', (SELECT id FROM branches WHERE name = 'Lusaka'))
        RETURNING id`,
  );
  return Number(r.id);
}

async function generate(appId: number) {
  const res = await t.app.inject({ method: 'POST', url: `${O}/generate/${appId}`, payload: { authorized_rep_signature: PNG_URL }, headers: staff });
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function lookup(token: string, ua = 'BorrowerPhone/2.0') {
  const res = await t.app.inject({ method: 'GET', url: `${O}/getByToken/${token}`, remoteAddress: nextIp(), headers: { 'user-agent': ua } });
  return { status: res.statusCode, body: res.json() };
}

async function sign(token: string, name = 'Mwila Banda') {
  const boundary = '----evidenceBoundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="borrower_name"\r\n\r\n${name}\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="borrower_date"\r\n\r\n2026-11-24\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="signature"; filename="s.png"\r\nContent-Type: image/png\r\n\r\n`),
    PNG,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: `${O}/borrower-sign-offer/${token}`,
    payload,
    headers: { ...csrfHeaders(), 'content-type': `multipart/form-data; boundary=${boundary}`, 'user-agent': 'BorrowerPhone/2.0' },
    remoteAddress: nextIp(),
  });
  return { status: res.statusCode, body: res.json() };
}

const staffView = async (id: number) => (await t.app.inject({ method: 'GET', url: `${O}/getById/${id}`, headers: viewer })).json();

it('sends the borrower app link (BORROWER_APP_URL), not the portal', async () => {
  const letter = await generate(await application());
  expect(letter.link).toBe(`https://apply.lender.test/loan-offer-letter/${letter.token}`);
  expect(letter.created_by_name).toEqual(expect.any(String));
  expect(letter.sent_at).toEqual(expect.any(String));
});

it('records the first opening of the link (time, IP, user agent) and counts the others', async () => {
  const letter = await generate(await application());
  expect((await staffView(letter.id)).opened_at).toBeNull();
  expect((await lookup(letter.token, 'FirstPhone/1.0')).status).toBe(200);
  expect((await lookup(letter.token, 'SecondPhone/1.0')).status).toBe(200);
  const view = await staffView(letter.id);
  expect(view).toMatchObject({ opened_user_agent: 'FirstPhone/1.0', open_count: 2, opened_ip: expect.stringMatching(/^10\.2\./) });
  expect(view.opened_at).toEqual(expect.any(String));
});

it('a replaced letter says so: 410 with "replaced" for the borrower, expired_reason for staff', async () => {
  const id = await application();
  const first = await generate(id);
  await generate(id);
  expect(await lookup(first.token)).toEqual({ status: 410, body: { message: OFFER_REPLACED } });
  expect(await staffView(first.id)).toMatchObject({ status: 'expired', expired_reason: 'replaced' });
  const lapsed = await generate(await application());
  await t.db.execute(sql`UPDATE offer_letters SET expires_at = now() - interval '1 minute' WHERE id = ${lapsed.id}`);
  expect(await staffView(lapsed.id)).toMatchObject({ status: 'expired', expired_reason: 'lapsed' });
  expect(await lookup(lapsed.token)).toEqual({ status: 410, body: { message: LETTER_EXPIRED } });
});

it('the typed name must match the applicant (case, spacing and accents ignored)', async () => {
  const letter = await generate(await application());
  expect(await sign(letter.token, 'John Phiri')).toEqual({ status: 422, body: { message: NAME_MUST_MATCH, errors: { borrower_name: [NAME_MUST_MATCH] } } });
  expect((await sign(letter.token, '  mwila BANDA ')).status).toBe(200);
});

it('checks a signed letter: intact, then altered once the stored content changes', async () => {
  const letter = await generate(await application());
  expect((await t.app.inject({ method: 'GET', url: `${O}/verify/${letter.id}`, headers: viewer })).json()).toEqual({ message: NOT_SIGNED });
  expect((await sign(letter.token)).status).toBe(200);
  const check = async () => (await t.app.inject({ method: 'GET', url: `${O}/verify/${letter.id}`, headers: viewer })).json();
  const ok = await check();
  expect(ok).toMatchObject({ id: letter.id, result: 'intact' });
  expect(ok.computed_sha256).toBe(ok.stored_sha256);
  await t.db.execute(sql`UPDATE offer_letters SET total_amount_due = 1.00 WHERE id = ${letter.id}`);
  expect(await check()).toMatchObject({ result: 'altered' });
  expect((await t.app.inject({ method: 'GET', url: `${O}/verify/${letter.id}` })).statusCode).toBe(401);
});

it('resends a pending letter with a new link (the old one stops working); only for the send permission', async () => {
  const letter = await generate(await application());
  const forbidden = await t.app.inject({ method: 'POST', url: `${O}/resend/${letter.id}`, headers: viewer });
  expect(forbidden.statusCode).toBe(403);
  const res = await t.app.inject({ method: 'POST', url: `${O}/resend/${letter.id}`, headers: staff });
  expect(res.statusCode).toBe(200);
  const again = res.json();
  expect(again.id).toBe(letter.id);
  expect(again.link).toBe(`https://apply.lender.test/loan-offer-letter/${again.token}`);
  expect(again.token).not.toBe(letter.token);
  expect((await lookup(letter.token)).status).toBe(404);
  expect((await lookup(again.token)).status).toBe(200);
  expect(t.inbox.last(again.mobile, 'offer_letter')?.body).toContain(again.token);
  const audits = await queryRows(t.db, sql`SELECT 1 FROM audit_log WHERE entity = 'offer_letter' AND action = 'resend' AND entity_id = ${String(letter.id)}`);
  expect(audits).toHaveLength(1);
  expect((await sign(again.token)).status).toBe(200);
  const late = await t.app.inject({ method: 'POST', url: `${O}/resend/${letter.id}`, headers: staff });
  expect(late.json()).toEqual({ message: NOT_PENDING });
  expect(late.statusCode).toBe(409);
});

it('byId?relations=history: status changes and letter events with who and when (issue 12 item 3)', async () => {
  const officer = await loginWithPermissions(t.app, [P.viewApplication, P.approveApplication, P.sendOfferLetter, P.viewAllBranches]);
  const id = await application();
  await t.db.execute(sql`UPDATE loan_applications SET status = 'request' WHERE id = ${id}`);
  const approve = await t.app.inject({ method: 'PUT', url: `${API.applications}/update`, payload: { id, status: 'approved' }, headers: officer });
  expect(approve.statusCode).toBe(200);
  const gen = await t.app.inject({ method: 'POST', url: `${O}/generate/${id}`, payload: { authorized_rep_signature: PNG_URL }, headers: officer });
  expect((await sign(gen.json().token)).status).toBe(200);
  const res = await t.app.inject({ method: 'GET', url: `${API.applications}/byId/${id}?relations=history`, headers: officer });
  expect(res.statusCode).toBe(200);
  const history = res.json().history as { action: string; actor: string | null; label: string }[];
  expect(history.map((h) => h.action)).toEqual(['approved', 'generate', 'sign']);
  expect(history[0].actor).toEqual(expect.any(String));
  expect(history[1]).toMatchObject({ label: 'Offer letter generated and sent', actor: history[0].actor });
  expect(history[2]).toMatchObject({ actor: 'the borrower' });
});

it('generates letters for approved top-ups too', async () => {
  const id = await application();
  await t.db.execute(sql`UPDATE loan_applications SET kind = 'topup', reference_code = replace(reference_code, 'LA-', 'TU-') WHERE id = ${id}`);
  const letter = await generate(id);
  expect(letter.reference_code).toMatch(/^TU-/);
});
