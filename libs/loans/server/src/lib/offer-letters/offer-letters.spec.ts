import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { API, P } from '@loan/shared-contract';
import { queryRows } from '@loan/shared-server';
import { createTestApp, csrfHeaders, loginWithPermissions, type AuthHeaders, type TestApp } from '@loan/shared-server/testing';
import { loansServer } from '../../index';
import { LETTER_EXPIRED, LETTER_NOT_FOUND, LETTER_SIGNED, NOT_AN_IMAGE, TOO_LARGE, CANNOT_OFFER } from './service';

jest.setTimeout(120_000);

const O = API.offerLetters;
// A real 1x1 PNG and a minimal JPEG (SOI ... EOI).
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
/** A real (decodable) JPEG: images are decoded and re-encoded, so magic bytes alone are refused. */
let JPEG: Buffer;
const PNG_URL = `data:image/png;base64,${PNG.toString('base64')}`;

let t: TestApp;
let staff: AuthHeaders;
let viewer: AuthHeaders;
let nobody: AuthHeaders;
let seq = 0;
let ipSeq = 0;

/** The pixels of an image, to compare a stored (re-encoded) image with what was sent. */
async function pixels(image: Buffer): Promise<string> {
  return (await sharp(image).ensureAlpha().raw().toBuffer()).toString('base64');
}
const fromDataUrl = (url: string) => Buffer.from(url.slice(url.indexOf(',') + 1), 'base64');

beforeAll(async () => {
  JPEG = await sharp({ create: { width: 4, height: 2, channels: 3, background: '#123456' } }).jpeg().toBuffer();
  t = await createTestApp({ modules: [loansServer], seed: 'none' });
  staff = await loginWithPermissions(t.app, [P.sendOfferLetter, P.viewOfferLetter, P.viewAllBranches]);
  viewer = await loginWithPermissions(t.app, [P.viewOfferLetter, P.viewAllBranches]);
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
      authorized_rep_signature: expect.stringMatching(/^data:image\/png;base64,/),
    });
    expect(await pixels(fromDataUrl(r.body.authorized_rep_signature))).toBe(await pixels(PNG));
    expect(r.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const days = (Date.parse(r.body.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    const [row] = await queryRows<{ token_hash: string }>(t.db, sql`SELECT token_hash FROM offer_letters WHERE id = ${r.body.id}`);
    expect(row.token_hash).toBe(createHash('sha256').update(r.body.token).digest('hex'));
    const sms = await queryRows<{ body: string }>(t.db, sql`SELECT body FROM messages WHERE purpose = 'offer_letter' AND application_id = ${id}`);
    expect(sms).toHaveLength(1);
    // The phone gets the link; the outbox, which staff read, only its masked shape (issue 11 item 4).
    expect(sms[0].body).toContain('/loan-offer-letter/******');
    expect(sms[0].body).not.toContain(r.body.token);
    expect(t.inbox.last(r.body.mobile, 'offer_letter')?.body).toContain(`/loan-offer-letter/${r.body.token}`);
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

  it('a repeat with the same Idempotency-Key answers the first letter and sends no second SMS (issue 11 item 15)', async () => {
    const id = await application();
    const key = `gen-${id}-${Date.now()}`;
    const smsCount = async () =>
      (await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM messages WHERE purpose = 'offer_letter' AND application_id = ${id}`))[0].n;
    const send = () =>
      t.app.inject({ method: 'POST', url: `${O}/generate/${id}`, payload: { authorized_rep_signature: PNG_URL }, headers: { ...staff, 'idempotency-key': key } });
    // Parallel repeats (a double click): on PostgreSQL truly at once, on PGlite one after another.
    const answers = await Promise.all([send(), send(), send()]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    const bodies = answers.map((a) => a.json());
    expect(new Set(bodies.map((b) => b.id)).size).toBe(1);
    expect(bodies.filter((b) => b.token !== null)).toHaveLength(1);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(2);
    expect(await smsCount()).toBe(1);
    const later = await send();
    expect(later.json()).toMatchObject({ id: bodies[0].id, status: 'pending', token: null, link: null });
    expect(await smsCount()).toBe(1);
    const [n] = await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM offer_letters WHERE application_id = ${id}`);
    expect(n.n).toBe(1);
    // The same key for another application is a mistake of the sender; another key is a new letter.
    const other = await application();
    const misuse = await t.app.inject({ method: 'POST', url: `${O}/generate/${other}`, payload: { authorized_rep_signature: PNG_URL }, headers: { ...staff, 'idempotency-key': key } });
    expect(misuse.statusCode).toBe(409);
    expect((await generate(id)).status).toBe(200);
    expect(await smsCount()).toBe(2);
    const bad = await t.app.inject({ method: 'POST', url: `${O}/generate/${id}`, payload: { authorized_rep_signature: PNG_URL }, headers: { ...staff, 'idempotency-key': 'not ok' } });
    expect(bad.statusCode).toBe(422);
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
    expect(await pixels(Buffer.from(row.sig, 'base64'))).toBe(await pixels(PNG));
    expect(row).toMatchObject({
      status: 'signed',
      borrower_name: 'Mwila Banda',
      borrower_date: '2026-11-21',
      borrower_signature_mime: 'image/png',
      signed_user_agent: 'BorrowerPhone/1.0',
    });
    expect(row.signed_ip).toMatch(/^10\.1\./);
    expect(row.signed_sha256).toMatch(/^[0-9a-f]{64}$/);
    const audits = await queryRows(t.db, sql`SELECT 1 FROM audit_log WHERE entity = 'offer_letter' AND action = 'sign' AND entity_id = ${String(body.id)}`);
    expect(audits).toHaveLength(1);
    const after = await lookup(body.token);
    expect(after.body).toMatchObject({ status: 'signed', borrower_name: 'Mwila Banda', borrower_signature: `data:image/png;base64,${row.sig}` });
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

  it('refuses a 30 MB body with 413 before reading it (issue 11 item 12)', async () => {
    const { body } = await generate(await application());
    const size = 30 * 1024 * 1024;
    let pulled = 0;
    const chunk = Buffer.alloc(64 * 1024, 0x41);
    const payload = new Readable({
      read() {
        if (pulled >= size) return this.push(null);
        pulled += chunk.length;
        this.push(chunk);
      },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: `${O}/borrower-sign-offer/${body.token}`,
      payload,
      headers: { ...csrfHeaders(), 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(size) },
      remoteAddress: nextIp(),
    });
    expect(res.statusCode).toBe(413);
    expect(res.headers.connection).toBe('close');
    expect(pulled).toBeLessThan(2 * 1024 * 1024);
    expect((await lookup(body.token)).body.status).toBe('pending');
  });

  it('stores a PNG that is also something else as a clean PNG: same pixels, nothing after the image (issue 11 item 12)', async () => {
    const { body } = await generate(await application());
    const payload = Buffer.from('<html><script>alert(document.cookie)</script></html>PK\x03\x04');
    const polyglot = Buffer.concat([PNG, payload]);
    expect((await sign(body.token, undefined, { name: 'signature.png', type: 'image/png', data: polyglot })).status).toBe(200);
    const [row] = await queryRows<{ sig: string }>(t.db, sql`SELECT translate(encode(borrower_signature, 'base64'), E'\n', '') AS sig FROM offer_letters WHERE id = ${body.id}`);
    const stored = Buffer.from(row.sig, 'base64');
    expect(stored.includes(Buffer.from('<script>'))).toBe(false);
    expect(stored.includes(Buffer.from('PK'))).toBe(false);
    // A PNG ends with its IEND chunk (and its CRC): nothing may follow.
    expect(stored.subarray(stored.length - 12, stored.length - 4).toString('latin1')).toBe('\0\0\0\0IEND');
    expect(await pixels(stored)).toBe(await pixels(PNG));
    // The representative's signature goes through the same cleaning.
    const rep = await generate(await application(), staff, { authorized_rep_signature: `data:image/png;base64,${polyglot.toString('base64')}` });
    expect(fromDataUrl(rep.body.authorized_rep_signature).includes(Buffer.from('<script>'))).toBe(false);
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
    expect(all.json()).toEqual({ total: 1, page: 1, pageSize: 15, nextCursor: null, items: [expect.objectContaining({ id: body.id, status: 'pending' })] });
    const today = new Date().toISOString().slice(0, 10);
    const filter = await t.app.inject({ method: 'GET', url: `${O}/filter?fromDate=${today}&toDate=${today}&status=pending`, headers: viewer });
    expect(filter.json().items.map((d: { id: number }) => d.id)).toContain(body.id);
    expect((await t.app.inject({ method: 'GET', url: `${O}/all?status=bogus`, headers: viewer })).statusCode).toBe(422);
    expect((await t.app.inject({ method: 'DELETE', url: `${O}/delete`, payload: { ids: [body.id] }, headers: viewer })).statusCode).toBe(403);
    const del = await t.app.inject({ method: 'DELETE', url: `${O}/delete`, payload: { ids: [body.id] }, headers: staff });
    expect(del.json()).toEqual({ deleted: [body.id] });
    expect((await lookup(body.token)).status).toBe(404);
  });
});

describe('deleting while signing (issue 11 item 10)', () => {
  it('an application is never deleted together with a letter signed at the same moment', async () => {
    const admin = await loginWithPermissions(t.app, [P.deleteApplication, P.viewAllBranches]);
    // On PostgreSQL the two requests truly race; on PGlite they run one after the other.
    for (let round = 0; round < 4; round++) {
      const appId = await application();
      const { body } = await generate(appId);
      const [signed, deleted] = await Promise.all([
        sign(body.token),
        t.app.inject({ method: 'DELETE', url: `${API.applications}/delete`, payload: { ids: [appId] }, headers: admin }),
      ]);
      const [letter] = await queryRows<{ status: string }>(t.db, sql`SELECT status FROM offer_letters WHERE id = ${body.id}`);
      if (signed.status === 200) {
        // Signed first: the deletion is refused and the evidence stays.
        expect(deleted.statusCode).toBe(409);
        expect(letter?.status).toBe('signed');
      } else {
        // Deleted first: the letter went with the application (kept in deleted_records), nothing was signed.
        expect(deleted.statusCode).toBe(200);
        expect(letter).toBeUndefined();
        expect([404, 410]).toContain(signed.status);
      }
    }
  });
});

describe('the loan product (/settings/loan-product) decides a new letter', () => {
  const setProduct = (p: Record<string, unknown>) =>
    t.db.execute(
      sql`INSERT INTO settings (key, value, updated_at) VALUES ('loan.product', ${JSON.stringify(p)}::jsonb, now())
          ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = now()`,
    );
  afterEach(() => t.db.execute(sql`DELETE FROM settings WHERE key = 'loan.product'`));
  const days = (l: { created_at: string; expires_at: string }) => Math.round((Date.parse(l.expires_at) - Date.parse(l.created_at)) / 86_400_000);

  it('before any save: the default terms, no fee, the configured validity', async () => {
    const g = await generate(await application());
    expect(g.status).toBe(200);
    const letter = g.body;
    expect(letter).toMatchObject({ processing_fee: '0.00', terms_version: 0, valid_days: t.config.offerValidDays });
    expect(days(letter)).toBe(t.config.offerValidDays);
  });

  it('takes validity, terms and fee from the settings as they are now, and keeps them when the settings change', async () => {
    await setProduct({ offer_valid_days: 3, processing_fee_percent: '2.50', terms_conditions: 'Terms version two: repay on the 25th of each month.', terms_version: 2 });
    const first = await generate(await application());
    const a = first.body;
    expect(a).toMatchObject({ processing_fee: '125.00', terms_version: 2, valid_days: 3, terms_conditions: 'Terms version two: repay on the 25th of each month.' });
    expect(days(a)).toBe(3);
    // The borrower's page shows the same.
    expect((await lookup(a.token)).body).toMatchObject({ processing_fee: '125.00', valid_days: 3, terms_conditions: 'Terms version two: repay on the 25th of each month.' });
    const [sms] = await queryRows<{ body: string }>(t.db, sql`SELECT body FROM messages WHERE application_id = ${a.application_id} ORDER BY id DESC LIMIT 1`);
    expect(sms.body).toContain('within 3 days');

    await setProduct({ offer_valid_days: 14, processing_fee_percent: '1.00', terms_conditions: 'Terms version three: repay on the last day of each month.', terms_version: 3 });
    const second = await generate(await application());
    const b = second.body;
    expect(b).toMatchObject({ processing_fee: '50.00', terms_version: 3, valid_days: 14, terms_conditions: 'Terms version three: repay on the last day of each month.' });
    // The earlier letter keeps what it was generated with.
    expect((await lookup(a.token)).body).toMatchObject({ processing_fee: '125.00', valid_days: 3, terms_conditions: 'Terms version two: repay on the 25th of each month.' });
  });

  it('a text staff wrote for the letter wins over the product terms (no version)', async () => {
    await setProduct({ terms_conditions: 'Product terms, long enough to be valid.', terms_version: 4 });
    const g = await generate(await application(), staff, { authorized_rep_signature: PNG_URL, terms_conditions: 'Special terms for this borrower only, agreed by phone.' });
    expect(g.body).toMatchObject({ terms_conditions: 'Special terms for this borrower only, agreed by phone.', terms_version: null });
  });
});
