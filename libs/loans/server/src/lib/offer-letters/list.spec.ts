import { sql } from 'drizzle-orm';
import { API, P, offerLetterListItemSchema, type ListEnvelope, type OfferLetterListItem } from '@loan/shared-contract';
import { queryRows } from '@loan/shared-server';
import { createTestApp, createTestUser, loginAs, type AuthHeaders, type TestApp } from '@loan/shared-server/testing';
import { loansServer } from '../../index';
import { expireOverdue } from './repository';

/** The offer letters' list on the list kit: one envelope, keyset cursors, LIKE text as text, branch scope. */

jest.setTimeout(120_000);

const O = API.offerLetters;
let t: TestApp;
let admin: AuthHeaders;
let branchIds: number[];

beforeAll(async () => {
  t = await createTestApp({ modules: [loansServer] });
  admin = await loginAs(t.app, 'admin');
  branchIds = (await queryRows<{ id: string }>(t.db, sql`SELECT id FROM branches ORDER BY id LIMIT 2`)).map((b) => Number(b.id));
  // 17 letters of applications named 'Paging Borrower', alternately in two branches; 5 share one timestamp.
  for (let i = 0; i < 17; i++) {
    const [a] = await queryRows<{ id: string }>(
      t.db,
      sql`INSERT INTO loan_applications (reference_code, fullname, nrc, mobile, amount, tenure_months, interest, total_amount_due, status, branch_id)
          VALUES (${`LA-2026-77${String(i).padStart(4, '0')}`}, ${i === 3 ? 'Paging 100% Borrower' : 'Paging Borrower'}, ${`6${String(i).padStart(5, '0')}/11/1`},
            '+260971234567', 5000, 6, 1500, 6500, 'approved', ${branchIds[i % 2]}) RETURNING id`,
    );
    const at = i < 5 ? '2026-05-01T10:00:00.123456Z' : `2026-05-${String(2 + i).padStart(2, '0')}T10:00:00Z`;
    await t.db.execute(sql`INSERT INTO offer_letters (application_id, token_hash, status, principal, total_amount_due, tenure_months,
        terms_conditions, authorized_rep_name, authorized_rep_date, expires_at, created_at)
      VALUES (${Number(a.id)}, ${`page-${i}`}, 'signed', 5000, 6500, 6, 'Terms', 'Rep', current_date, now() + interval '7 days', ${at}::timestamptz)`);
  }
});

afterAll(() => t?.close());

const list = async (query: string, headers = admin) =>
  (await t.app.inject({ method: 'GET', url: `${O}/all?${query}`, headers })).json() as ListEnvelope<OfferLetterListItem>;

describe('offer letter list', () => {
  it('walks every letter once by cursor, ties broken by id, and page numbers agree', async () => {
    const first = await list('search=Paging&pageSize=15');
    expect(first.items).toHaveLength(15);
    expect(first.total).toBe(17);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await list(`search=Paging&pageSize=15&cursor=${first.nextCursor}`);
    expect(second.items).toHaveLength(2);
    expect(second.nextCursor).toBeNull();
    const ids = [...first.items, ...second.items].map((l) => l.id);
    expect(new Set(ids).size).toBe(17);
    expect((await list('search=Paging&pageSize=15&page=2')).items.map((l) => l.id)).toEqual(second.items.map((l) => l.id));
    const times = [...first.items, ...second.items].map((l) => Date.parse(l.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect((await t.app.inject({ method: 'GET', url: `${O}/all?cursor=not-a-cursor`, headers: admin })).statusCode).toBe(422);
  });

  it('lists the columns only: the terms and both signature images stay with the details', async () => {
    const signature = Buffer.from('a signature image, drawn');
    const [letter] = (await list('search=Paging')).items;
    await t.db.execute(sql`UPDATE offer_letters SET terms_conditions = 'Long terms', authorized_rep_signature = ${signature},
        authorized_rep_signature_mime = 'image/png', borrower_signature = ${signature}, borrower_signature_mime = 'image/png' WHERE id = ${letter.id}`);
    const [item] = (await list('search=Paging')).items;
    expect(offerLetterListItemSchema.parse(item)).toEqual(item);
    expect(Object.keys(item)).toEqual(expect.not.arrayContaining(['terms_conditions', 'authorized_rep_signature', 'borrower_signature', 'token']));
    expect(item).toEqual(expect.objectContaining({ id: letter.id, status: 'signed', amount: '5000.00', total_amount_due: '6500.00', tenure: 6, expired_reason: null }));
    const details = (await t.app.inject({ method: 'GET', url: `${O}/getById/${letter.id}`, headers: admin })).json();
    expect(details).toEqual(
      expect.objectContaining({
        terms_conditions: 'Long terms',
        authorized_rep_signature: `data:image/png;base64,${signature.toString('base64')}`,
        borrower_signature: `data:image/png;base64,${signature.toString('base64')}`,
      }),
    );
  });

  it('searches % as text', async () => {
    expect((await list('search=100%25')).items.map((l) => l.applicant_name)).toEqual(['Paging 100% Borrower']);
    expect((await list('search=Paging%25%25Borrower')).items).toEqual([]);
  });

  it('keeps a user without `can view all branches` to their branch', async () => {
    const u = await createTestUser(t.app, [P.viewOfferLetter]);
    await t.db.execute(sql`UPDATE users SET branch_id = ${branchIds[0]} WHERE id = ${u.userId}`);
    const mine = await list('search=Paging&pageSize=50', u.headers);
    expect(mine.total).toBe(9);
    const other = (await list('search=Paging&pageSize=50')).items.find((l) => !mine.items.some((m) => m.id === l.id)) as OfferLetterListItem;
    expect((await t.app.inject({ method: 'GET', url: `${O}/getById/${other.id}`, headers: u.headers })).statusCode).toBe(404);
  });
});

describe('a pending letter past its validity', () => {
  it('lists as expired (lapsed) without the list writing, until the lapse job marks it so', async () => {
    const [a] = await queryRows<{ id: string }>(
      t.db,
      sql`INSERT INTO loan_applications (reference_code, fullname, nrc, mobile, amount, tenure_months, interest, total_amount_due, status, branch_id)
          VALUES ('LA-2026-889901', 'Lapsing Borrower', '889901/11/1', '+260971234567', 5000, 6, 1500, 6500, 'approved', ${branchIds[0]}) RETURNING id`,
    );
    const [letter] = await queryRows<{ id: string }>(
      t.db,
      sql`INSERT INTO offer_letters (application_id, token_hash, status, principal, total_amount_due, tenure_months,
            terms_conditions, authorized_rep_name, authorized_rep_date, expires_at, created_at)
          VALUES (${Number(a.id)}, 'lapsing', 'pending', 5000, 6500, 6, 'Terms', 'Rep', current_date, now() - interval '1 minute', now() - interval '8 days')
          RETURNING id`,
    );
    const stored = async () => (await queryRows<{ status: string }>(t.db, sql`SELECT status FROM offer_letters WHERE id = ${Number(letter.id)}`))[0].status;

    expect((await list('search=Lapsing&status=pending')).items).toEqual([]);
    const expired = await list('search=Lapsing&status=expired');
    expect(expired.items).toEqual([expect.objectContaining({ id: Number(letter.id), status: 'expired', expired_reason: 'lapsed' })]);
    expect(await stored()).toBe('pending');

    expect(await expireOverdue(t.db)).toBeGreaterThanOrEqual(1);
    expect(await stored()).toBe('expired');
    expect((await list('search=Lapsing&status=expired')).items.map((l) => l.id)).toEqual([Number(letter.id)]);
  });
});
