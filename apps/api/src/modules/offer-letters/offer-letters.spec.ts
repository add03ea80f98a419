import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { API, P } from '@loan/shared-contract';
import { queryRows } from '../../db';
import { createTestApp, csrfHeaders, loginWithPermissions, type AuthHeaders, type TestApp } from '../../test/harness';
import { LETTER_EXPIRED, LETTER_NOT_FOUND, LETTER_SIGNED, NOT_AN_IMAGE, TOO_LARGE, CANNOT_OFFER } from './service';

jest.setTimeout(120_000);

const O = API.offerLetters;
// A real 1x1 PNG and a minimal JPEG (SOI ... EOI).
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9]);
const PNG_URL = `data:image/png;base64,${PNG.toString('base64')}`;

let t: TestApp;
let staff: AuthHeaders;
let viewer: AuthHeaders;
let nobody: AuthHeaders;
let seq = 0;
let ipSeq = 0;

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  staff = await loginWithPermissions(t.app, [P.sendOfferLetter, P.viewOfferLetter]);
  viewer = await loginWithPermissions(t.app, [P.viewOfferLetter]);
  nobody = await loginWithPermissions(t.app, []);
});
afterAll(() => t?.close());

/** An application as the public form would have made it. */
async function application(status = 'request'): Promise<number> {
  seq += 1;
  const [r] = await queryRows<{ id: string }>(
    t.db,
    sql`INSERT INTO loan_applications (reference_code, fullname, nrc, mobile, employer, purpose, amount, tenure_months, interest_rate, interest,
          total_amount_due, status, branch_id)
        VALUES (${`LA-2026-9${String(seq).padStart(5, '0')}`}, 'Mwila Banda', ${`4${String(seq).padStart(5, '0')}/11/1`}, '+260971234567',
          'Zambia Sugar', 'School fees', 5000, 6, 30, 1500, 6500, ${status}, (SELECT id FROM branches WHERE name = 'Lusaka'))
        RETURNING id`,
  );
  return Number(r.id);
}

async function generate(appId: number, headers: AuthHeaders = staff, body: object = { authorized_rep_signature: PNG_URL }) {
  const res = await t.app.inject({ method: 'POST', url: `${O}/generate/${appId}`, payload: body, headers });
  return { status: res.statusCode, body: res.json() };
}

function nextIp() {
  ipSeq += 1;
  return `10.1.${Math.floor(ipSeq / 250)}.${(ipSeq % 250) + 1}`;
}

async function lookup(token: string, ip = nextIp()) {
  const res = await t.app.inject({ method: 'GET', url: `${O}/getByToken/${token}`, remoteAddress: ip });
  return { status: res.statusCode, body: res.json() };
}

function multipart(fields: Record<string, string>, file?: { name: string; type: string; data: Buffer }) {
  const boundary = '----borrowerTestBoundary';
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  if (file) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="signature"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`));
    chunks.push(file.data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function sign(token: string, fields: Record<string, string> = { borrower_name: 'Mwila Banda', borrower_date: '2026-11-21' }, file: { name: string; type: string; data: Buffer } | null = { name: 'signature.png', type: 'image/png', data: PNG }) {
  const m = multipart(fields, file ?? undefined);
  const res = await t.app.inject({
    method: 'POST',
    url: `${O}/borrower-sign-offer/${token}`,
    payload: m.payload,
    headers: { ...csrfHeaders(), 'content-type': m.contentType, 'user-agent': 'BorrowerPhone/1.0' },
    remoteAddress: nextIp(),
  });
  return { status: res.statusCode, body: res.json() };
}

describe('generate', () => {
  it('needs a session and the send permission', async () => {
    const id = await application();
    const anon = await t.app.inject({ method: 'POST', url: `${O}/generate/${id}`, payload: { authorized_rep_signature: PNG_URL }, headers: csrfHeaders() });
    expect(anon.statusCode).toBe(401);
    expect((await generate(id, viewer)).status).toBe(403);
    expect((await generate(id, nobody)).status).toBe(403);
  });

  it('creates a pending letter with a fresh token, an expiry and an SMS with the link', async () => {
    const id = await application();
    const r = await generate(id);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      status: 'pending',
      application_id: id,
      amount: '5000.00',
      interest: '1500.00',
      total_amount_due: '6500.00',
      monthly_instalment: '1083.34',
      rate_percent: '5.00',
      authorized_rep_signature: PNG_URL,
    });
    expect(r.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const days = (Date.parse(r.body.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    const [row] = await queryRows<{ token_hash: string }>(t.db, sql`SELECT token_hash FROM offer_letters WHERE id = ${r.body.id}`);
    expect(row.token_hash).toBe(createHash('sha256').update(r.body.token).digest('hex'));
    const sms = await queryRows<{ body: string }>(t.db, sql`SELECT body FROM messages WHERE purpose = 'offer_letter' AND application_id = ${id}`);
    expect(sms).toHaveLength(1);
    expect(sms[0].body).toContain(`/loan-offer-letter/${r.body.token}`);
    const audits = await queryRows(t.db, sql`SELECT 1 FROM audit_log WHERE entity = 'offer_letter' AND action = 'generate' AND entity_id = ${String(r.body.id)}`);
    expect(audits).toHaveLength(1);
  });

  it('POST /generate takes the application id in the body; two letters never share a token', async () => {
    const id = await application('approved');
    const res = await t.app.inject({ method: 'POST', url: `${O}/generate`, payload: { application_id: id, authorized_rep_signature: PNG_URL, authorized_rep_name: 'Chanda Mulenga' }, headers: staff });
    expect(res.statusCode).toBe(200);
    expect(res.json().authorized_rep_name).toBe('Chanda Mulenga');
    const again = await generate(id);
    expect(again.body.token).not.toBe(res.json().token);
    // The earlier link stops working.
    expect((await lookup(res.json().token)).status).toBe(410);
    expect((await lookup(again.body.token)).status).toBe(200);
  });

  it('refuses a signature that is not an image, unknown and closed applications', async () => {
    const id = await application();
    const fake = await generate(id, staff, { authorized_rep_signature: `data:image/png;base64,${Buffer.from('<svg onload=alert(1)>').toString('base64')}` });
    expect(fake).toEqual({ status: 422, body: { message: NOT_AN_IMAGE, errors: { authorized_rep_signature: [NOT_AN_IMAGE] } } });
    expect((await generate(id, staff, { authorized_rep_signature: 'javascript:alert(1)' })).status).toBe(422);
    expect((await generate(999_999)).status).toBe(404);
    expect((await generate(await application('closed'))).body).toEqual({ message: CANNOT_OFFER });
  });
});

describe('getByToken', () => {
  it('answers 200 VALID with the letter, 404 for unknown and malformed tokens', async () => {
    const { body } = await generate(await application());
    const r = await lookup(body.token);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ status: 'pending', applicant_name: 'Mwila Banda', total_amount_due: '6500.00' });
    expect(r.body).not.toHaveProperty('token');
    expect(r.body).not.toHaveProperty('signed_ip');
    expect(await lookup('A'.repeat(43))).toEqual({ status: 404, body: { message: LETTER_NOT_FOUND } });
    expect((await lookup('short')).status).toBe(404);
    expect((await lookup(`${'x'.repeat(60)}`)).status).toBe(404);
    // Longer than the router's default parameter limit: still the calm 404, not a 414.
    expect(await lookup('x'.repeat(300))).toEqual({ status: 404, body: { message: LETTER_NOT_FOUND } });
  });

  it('answers 410 once the letter is past its expiry and records it as expired', async () => {
    const { body } = await generate(await application());
    await t.db.execute(sql`UPDATE offer_letters SET expires_at = now() - interval '1 minute' WHERE id = ${body.id}`);
    expect(await lookup(body.token)).toEqual({ status: 410, body: { message: LETTER_EXPIRED } });
    const [row] = await queryRows<{ status: string }>(t.db, sql`SELECT status FROM offer_letters WHERE id = ${body.id}`);
    expect(row.status).toBe('expired');
  });

  it('is rate limited per address', async () => {
    const ip = nextIp();
    const statuses = [];
    for (let i = 0; i < 31; i++) statuses.push((await lookup('B'.repeat(43), ip)).status);
    expect(statuses.slice(0, 30).every((s) => s === 404)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});

describe('borrower-sign-offer', () => {
  it('signs: stores name, date, image, IP, user agent and the SHA-256, audits, and then shows as signed', async () => {
    const { body } = await generate(await application());
    const r = await sign(body.token);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ status: 'signed', reference_code: body.reference_code });
    const [row] = await queryRows<Record<string, string>>(
      t.db,
      sql`SELECT status, borrower_name, to_char(borrower_date, 'YYYY-MM-DD') AS borrower_date, translate(encode(borrower_signature, 'base64'), E'\n', '') AS sig,
            borrower_signature_mime, signed_ip, signed_user_agent, signed_sha256 FROM offer_letters WHERE id = ${body.id}`,
    );
    expect(row).toMatchObject({
      status: 'signed',
      borrower_name: 'Mwila Banda',
      borrower_date: '2026-11-21',
      sig: PNG.toString('base64'),
      borrower_signature_mime: 'image/png',
      signed_user_agent: 'BorrowerPhone/1.0',
    });
    expect(row.signed_ip).toMatch(/^10\.1\./);
    expect(row.signed_sha256).toMatch(/^[0-9a-f]{64}$/);
    const audits = await queryRows(t.db, sql`SELECT 1 FROM audit_log WHERE entity = 'offer_letter' AND action = 'sign' AND entity_id = ${String(body.id)}`);
    expect(audits).toHaveLength(1);
    const after = await lookup(body.token);
    expect(after.body).toMatchObject({ status: 'signed', borrower_name: 'Mwila Banda', borrower_signature: `data:image/png;base64,${PNG.toString('base64')}` });
    const staffView = await t.app.inject({ method: 'GET', url: `${O}/getById/${body.id}`, headers: viewer });
    expect(staffView.json()).toMatchObject({ status: 'signed', signed_content_sha256: row.signed_sha256, signed_user_agent: 'BorrowerPhone/1.0' });
  });

  it('a replayed signature answers 409 and changes nothing', async () => {
    const { body } = await generate(await application());
    expect((await sign(body.token)).status).toBe(200);
    const replay = await sign(body.token, { borrower_name: 'Someone Else', borrower_date: '2026-11-22' }, { name: 'x.jpg', type: 'image/jpeg', data: JPEG });
    expect(replay).toEqual({ status: 409, body: { message: LETTER_SIGNED } });
    const [row] = await queryRows<{ borrower_name: string }>(t.db, sql`SELECT borrower_name FROM offer_letters WHERE id = ${body.id}`);
    expect(row.borrower_name).toBe('Mwila Banda');
    // And a letter cannot be generated again for a signed application.
    expect((await generate(body.application_id)).status).toBe(409);
  });

  it('checks the image by its content: a renamed text file, a missing or a too large image are refused', async () => {
    const { body } = await generate(await application());
    const text = await sign(body.token, undefined, { name: 'signature.png', type: 'image/png', data: Buffer.from('not really a png') });
    expect(text).toEqual({ status: 422, body: { message: NOT_AN_IMAGE, errors: { signature: [NOT_AN_IMAGE] } } });
    const big = Buffer.concat([PNG.subarray(0, 8), Buffer.alloc(1024 * 1024)]);
    const large = await sign(body.token, undefined, { name: 's.png', type: 'image/png', data: big });
    expect(large).toEqual({ status: 422, body: { message: TOO_LARGE, errors: { signature: [TOO_LARGE] } } });
    const missing = await sign(body.token, undefined, null);
    expect(missing.body.errors).toEqual({ signature: ['Draw your signature before you sign.'] });
    const fields = await sign(body.token, { borrower_name: '', borrower_date: 'yesterday' });
    expect(Object.keys(fields.body.errors).sort()).toEqual(['borrower_date', 'borrower_name']);
    const notMultipart = await t.app.inject({ method: 'POST', url: `${O}/borrower-sign-offer/${body.token}`, payload: { borrower_name: 'x' }, headers: csrfHeaders() });
    expect(notMultipart.statusCode).toBe(422);
    // Nothing was signed; a JPEG then works.
    expect((await sign(body.token, undefined, { name: 'photo', type: 'application/octet-stream', data: JPEG })).status).toBe(200);
  });

  it('answers 410 for an expired letter and 404 for an unknown token', async () => {
    const { body } = await generate(await application());
    await t.db.execute(sql`UPDATE offer_letters SET expires_at = now() - interval '1 second' WHERE id = ${body.id}`);
    expect(await sign(body.token)).toEqual({ status: 410, body: { message: LETTER_EXPIRED } });
    expect((await sign('C'.repeat(43))).status).toBe(404);
  });
});

describe('staff lists', () => {
  it('getById needs the view permission; all and filter page and filter; delete removes', async () => {
    const { body } = await generate(await application());
    expect((await t.app.inject({ method: 'GET', url: `${O}/getById/${body.id}`, headers: nobody })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `${O}/getById/999999`, headers: viewer })).statusCode).toBe(404);
    const all = await t.app.inject({ method: 'GET', url: `${O}/all?status=pending&search=${encodeURIComponent(body.reference_code)}`, headers: viewer });
    expect(all.json()).toMatchObject({ total: 1, current_page: 1, per_page: 15, data: [{ id: body.id, token: null }] });
    const today = new Date().toISOString().slice(0, 10);
    const filter = await t.app.inject({ method: 'GET', url: `${O}/filter?fromDate=${today}&toDate=${today}&status=pending`, headers: viewer });
    expect(filter.json().data.map((d: { id: number }) => d.id)).toContain(body.id);
    expect((await t.app.inject({ method: 'GET', url: `${O}/all?status=bogus`, headers: viewer })).statusCode).toBe(422);
    expect((await t.app.inject({ method: 'DELETE', url: `${O}/delete`, payload: { ids: [body.id] }, headers: viewer })).statusCode).toBe(403);
    const del = await t.app.inject({ method: 'DELETE', url: `${O}/delete`, payload: { ids: [body.id] }, headers: staff });
    expect(del.json()).toEqual({ deleted: [body.id] });
    expect((await lookup(body.token)).status).toBe(404);
  });
});
