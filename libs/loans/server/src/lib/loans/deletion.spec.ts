import { sql } from 'drizzle-orm';
import { API, type ListEnvelope, type LoanApplication } from '@loan/shared-contract';
import { queryRows } from '@loan/shared-server';
import { createTestApp, loginAs, type AuthHeaders, type TestApp } from '@loan/shared-server/testing';
import { loansServer } from '../../index';
import { KEPT_DISBURSED, KEPT_SIGNED } from './service';
import { SIGNED_KEPT } from '../offer-letters/service';

/**
 * Issue 11 item 10: signing and payment evidence cannot be deleted (409), and whatever
 * may be deleted is soft-deleted: kept whole in deleted_records, hidden from every list,
 * details page and figure (the stats tables agree), and audited.
 */

jest.setTimeout(120_000);

const A = API.applications;
const O = API.offerLetters;

let t: TestApp;
let admin: AuthHeaders;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp({ modules: [loansServer] });
  admin = await loginAs(t.app, 'admin');
});

afterAll(() => t?.close());

async function application(status = 'approved'): Promise<{ id: number; reference: string }> {
  seq += 1;
  const reference = `LA-2026-8${String(seq).padStart(5, '0')}`;
  const [r] = await queryRows<{ id: string }>(
    t.db,
    sql`INSERT INTO loan_applications (reference_code, fullname, nrc, mobile, amount, tenure_months, interest, total_amount_due, status, branch_id)
        VALUES (${reference}, 'Deletion Borrower', ${`5${String(seq).padStart(5, '0')}/11/1`}, '+260971234567', 5000, 6, 1500, 6500, ${status},
          (SELECT min(id) FROM branches))
        RETURNING id`,
  );
  return { id: Number(r.id), reference };
}

async function letter(applicationId: number, status: 'pending' | 'signed' | 'expired'): Promise<number> {
  const [r] = await queryRows<{ id: string }>(
    t.db,
    sql`INSERT INTO offer_letters (application_id, token_hash, status, principal, total_amount_due, tenure_months, terms_conditions,
          authorized_rep_name, authorized_rep_date, expires_at, signed_at)
        VALUES (${applicationId}, ${`del-${applicationId}-${status}-${seq}`}, ${status}, 5000, 6500, 6, 'Terms', 'Rep', current_date,
          now() + interval '7 days', ${status === 'signed' ? sql`now()` : sql`NULL`})
        RETURNING id`,
  );
  return Number(r.id);
}

async function del(url: string, ids: number[]) {
  const res = await t.app.inject({ method: 'DELETE', url, headers: admin, payload: { ids } });
  return { status: res.statusCode, body: res.json() };
}

const exists = async (table: 'loan_applications' | 'offer_letters', id: number) =>
  (await queryRows(t.db, sql`SELECT 1 FROM ${sql.raw(table)} WHERE id = ${id}`)).length === 1;

const approvedCount = async () =>
  (await t.app.inject({ method: 'GET', url: `${A}/stats/byStatus?status=approved`, headers: admin })).json().count as number;

describe('deleting applications', () => {
  it('refuses (409) an application with a signed offer letter, and deletes nothing of the batch', async () => {
    const signed = await application();
    const letterId = await letter(signed.id, 'signed');
    const plain = await application();
    const res = await del(`${A}/delete`, [plain.id, signed.id]);
    expect(res.status).toBe(409);
    expect(res.body.message).toContain(`${signed.reference} ${KEPT_SIGNED}`);
    expect(res.body.errors.ids).toEqual([`${signed.reference} ${KEPT_SIGNED}.`]);
    expect(await exists('loan_applications', signed.id)).toBe(true);
    expect(await exists('loan_applications', plain.id)).toBe(true);
    expect(await exists('offer_letters', letterId)).toBe(true);
  });

  it('refuses (409) an application with a disbursement, whatever its state', async () => {
    const paid = await application();
    await letter(paid.id, 'expired');
    await t.db.execute(sql`INSERT INTO disbursements (application_id, amount, mode, recipient, status)
                           VALUES (${paid.id}, 5000, 'instant_single', '+260971234567', 'failed')`);
    const res = await del(`${A}/delete`, [paid.id]);
    expect(res.status).toBe(409);
    expect(res.body.errors.ids).toEqual([`${paid.reference} ${KEPT_DISBURSED}.`]);
    expect(await exists('loan_applications', paid.id)).toBe(true);
  });

  it('deletes softly: kept whole with its letters and comments, hidden from details, lists and figures, audited', async () => {
    const gone = await application();
    const pendingLetter = await letter(gone.id, 'pending');
    await t.app.inject({ method: 'PUT', url: `${A}/comment`, headers: admin, payload: { id: gone.id, comment: 'Duplicate of another request' } });
    const before = await approvedCount();
    const res = await del(`${A}/delete`, [gone.id]);
    expect(res).toEqual({ status: 200, body: { deleted: 1, ids: [gone.id] } });
    expect((await t.app.inject({ method: 'GET', url: `${A}/byId/${gone.id}`, headers: admin })).statusCode).toBe(404);
    const list = (await t.app.inject({ method: 'GET', url: `${A}/byStatus?status=approved&search=${gone.reference}`, headers: admin })).json() as ListEnvelope<LoanApplication>;
    expect(list.items).toEqual([]);
    expect(await approvedCount()).toBe(before - 1);
    // The maintained stats still equal a count of the live rows.
    const [diff] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM (
            SELECT kind, status, branch_id, count(*) AS c FROM loan_applications GROUP BY 1, 2, 3
            EXCEPT SELECT kind, status, branch_id, sum(count) FROM loan_stats_monthly GROUP BY 1, 2, 3 HAVING sum(count) > 0) d`,
    );
    expect(diff.n).toBe(0);
    const [kept] = await queryRows<{ entity: string; reference: string; record: Record<string, unknown>; deleted_by: string }>(
      t.db,
      sql`SELECT entity, reference, record, deleted_by::text FROM deleted_records WHERE entity = 'application' AND entity_id = ${gone.id}`,
    );
    expect(kept).toMatchObject({ entity: 'application', reference: gone.reference });
    expect(kept.deleted_by).toMatch(/^\d+$/);
    expect(kept.record).toMatchObject({ id: gone.id, reference_code: gone.reference, status: 'approved', total_amount_due: 6500 });
    expect((kept.record['offer_letters'] as { id: number }[]).map((l) => l.id)).toEqual([pendingLetter]);
    expect((kept.record['comments'] as { body: string }[]).map((c) => c.body)).toEqual(['Duplicate of another request']);
    const [audit] = await queryRows<{ before: unknown; ip_address: string | null }>(
      t.db,
      sql`SELECT before, ip_address FROM audit_log WHERE action = 'deleted' AND entity = 'application' AND entity_id = ${String(gone.id)}`,
    );
    expect(audit.before).toEqual({ status: 'approved' });
    expect(audit.ip_address).toBeTruthy();
  });
});

describe('deleting offer letters', () => {
  it('refuses (409) a signed letter and deletes nothing of the batch', async () => {
    const app = await application();
    const signed = await letter(app.id, 'signed');
    const other = await letter((await application()).id, 'pending');
    const res = await del(`${O}/delete`, [other, signed]);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(SIGNED_KEPT);
    expect(await exists('offer_letters', signed)).toBe(true);
    expect(await exists('offer_letters', other)).toBe(true);
  });

  it('deletes an unsigned letter softly: kept, hidden from details and lists, audited', async () => {
    const app = await application();
    const id = await letter(app.id, 'expired');
    const res = await del(`${O}/delete`, [id]);
    expect(res).toEqual({ status: 200, body: { deleted: [id] } });
    expect((await t.app.inject({ method: 'GET', url: `${O}/getById/${id}`, headers: admin })).statusCode).toBe(404);
    const list = (await t.app.inject({ method: 'GET', url: `${O}/all?search=${app.reference}`, headers: admin })).json();
    expect(list.items).toEqual([]);
    const kept = await queryRows(t.db, sql`SELECT 1 FROM deleted_records WHERE entity = 'offer_letter' AND entity_id = ${id} AND reference = ${app.reference}`);
    expect(kept).toHaveLength(1);
    const audit = await queryRows(t.db, sql`SELECT 1 FROM audit_log WHERE action = 'delete' AND entity = 'offer_letter' AND entity_id = ${String(id)}`);
    expect(audit).toHaveLength(1);
  });
});
