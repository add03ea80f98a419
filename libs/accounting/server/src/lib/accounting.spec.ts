import { sql, type SQL } from 'drizzle-orm';
import {
  ACCOUNTING_PATHS,
  accountStatementSchema,
  glAccountListSchema,
  glAccountSchema,
  journalEntrySchema,
  P,
  trialBalanceSchema,
  type TrialBalance,
} from '@loan/shared-contract';
import { queryRows, setBusinessDate, type Db } from '@loan/shared-server';
import { createTestApp, loginWithPermissions, type AuthHeaders, type TestApp } from '@loan/shared-server/testing';
import { openAccount, repay, reverseRepayment, type AccountActor } from '@loan/loans-account';
import { accountingServer } from '../index';

// One app for the file (migrating is the slow part); demo data so the set-based posting of a
// bulk seed (statement-level triggers) is exercised too. Both drivers: DB_DRIVER=pg.
let t: TestApp;
let db: Db;
let viewer: AuthHeaders;
let editor: AuthHeaders;
let poster: AuthHeaders;
const actor: AccountActor = { userId: null, who: { userId: null, ip: null, userAgent: null } };
let seq = 0;

beforeAll(async () => {
  t = await createTestApp({ modules: [accountingServer], demoData: 30 });
  db = t.db;
  await setBusinessDate(db, '2026-06-30');
  viewer = await loginWithPermissions(t.app, [P.viewAccounting]);
  editor = await loginWithPermissions(t.app, [P.viewAccounting, P.editAccounting]);
  poster = await loginWithPermissions(t.app, [P.viewAccounting, P.postJournalEntries]);
}, 300_000);
afterAll(() => t?.close());

/** A loan of 5000 repaying 6500 over 6 months (Legacy flat), paid out by mobile money on 2026-01-15. */
async function paidOut(): Promise<{ id: number; code: string }> {
  seq += 1;
  const code = `LA-2026-7${String(seq).padStart(5, '0')}`;
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO loan_applications (reference_code, fullname, nrc, mobile, amount, tenure_months, total_amount_due, status)
        VALUES (${code}, 'Test Borrower', '123456/78/9', '+260971234567', '5000.00', 6, '6500.00', 'approved') RETURNING id::int AS id`,
  );
  const [d] = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO disbursements (application_id, amount, mode, recipient, status, created_at)
        VALUES (${row.id}, '5000.00', 'instant_single', '+260971234567', 'success', '2026-01-15T08:00:00Z') RETURNING id::int AS id`,
  );
  await db.transaction((tx) => openAccount(tx, actor, row.id, d.id));
  return { id: row.id, code };
}
const pay = (l: { id: number; code: string }, amount: string, paidAt: string, method = 'cash') =>
  db.transaction((tx) =>
    repay(tx, actor, { applicationId: l.id, clientId: null, referenceCode: l.code, amount, paidAt, method, reference: `GL-${++seq}`, note: null }),
  );

const balances = async () =>
  Object.fromEntries(
    (
      await queryRows<{ code: string; b: string }>(
        db,
        sql`SELECT a.code, coalesce(sum(l.debit - l.credit), 0)::text AS b FROM gl_accounts a LEFT JOIN journal_lines l ON l.account_id = a.id GROUP BY a.code`,
      )
    ).map((r) => [r.code, r.b]),
  );

/** The ledger's invariants: every entry balances, 1200/1210/1220/1230 = the loans' outstanding parts, the trial balance sums to 0. */
async function invariants(): Promise<void> {
  const unbalanced = await queryRows(
    db,
    sql`SELECT entry_id FROM journal_lines GROUP BY entry_id HAVING sum(debit) <> sum(credit)`,
  );
  expect(unbalanced).toEqual([]);
  const [book] = await queryRows<{ p: string; i: string; f: string; n: string }>(
    db,
    sql`SELECT coalesce(sum(principal_outstanding), 0)::text AS p, coalesce(sum(interest_outstanding), 0)::text AS i,
               coalesce(sum(fees_outstanding), 0)::text AS f, coalesce(sum(penalty_outstanding), 0)::text AS n FROM loan_accounts`,
  );
  const b = await balances();
  expect([b['1200'], b['1210'], b['1220'], b['1230']].map(Number)).toEqual([book.p, book.i, book.f, book.n].map(Number));
  // Every live or superseded loan transaction with a non-zero part is posted once, and its opposite once when superseded.
  const [missing] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM loan_transactions t
         WHERE (principal <> 0 OR interest <> 0 OR fees <> 0 OR penalty <> 0)
           AND (NOT EXISTS (SELECT 1 FROM journal_entries e WHERE e.source_kind = 'loan_transaction' AND e.source_id = t.id)
                OR (t.superseded_by IS NOT NULL
                    AND NOT EXISTS (SELECT 1 FROM journal_entries e WHERE e.source_kind = 'loan_transaction_superseded' AND e.source_id = t.id)))`,
  );
  expect(missing.n).toBe(0);
  const tb = await t.app.inject({ method: 'GET', url: `${ACCOUNTING_PATHS.trialBalance}?from=2000-01-01&to=2100-12-31`, headers: viewer });
  expect(tb.statusCode).toBe(200);
  const { totals } = trialBalanceSchema.parse(tb.json());
  expect(totals.debit).toBe(totals.credit);
  expect(totals.closing).toBe('0.00');
}

/** The database's message of a refused statement (drizzle wraps it: the cause holds it). */
async function refusal(what: SQL | (() => Promise<unknown>)): Promise<string> {
  try {
    await (typeof what === 'function' ? what() : db.execute(what));
  } catch (e) {
    const err = e as { message?: string; cause?: { message?: string } };
    return `${err.message ?? ''} ${err.cause?.message ?? ''}`;
  }
  return 'not refused';
}

describe('posting from the loan ledger (triggers on loan_transactions)', () => {
  it('posts a book opened in bulk (one statement, set-based) and keeps the invariants', async () => {
    // The demo loans paid out without an account: opened all at once, as the 1710 migration does.
    await queryRows(db, sql`SELECT loan_accounts_open_legacy(NULL) AS n`);
    const [n] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM journal_entries WHERE source_kind = 'loan_transaction'`);
    expect(n.n).toBeGreaterThan(0);
    await invariants();
    // Posting again (the migration's backfill) finds nothing new.
    const [again] = await queryRows<{ a: number; b: number }>(
      db,
      sql`SELECT gl_post_loan_transactions(NULL, false) AS a, gl_post_loan_transactions(NULL, true) AS b`,
    );
    expect([Number(again.a), Number(again.b)]).toEqual([0, 0]);
  });

  it('posts a disbursement: Dr portfolio and interest receivable, Cr the float paid out and unearned interest', async () => {
    const l = await paidOut();
    const lines = await queryRows<{ code: string; debit: string; credit: string }>(
      db,
      sql`SELECT a.code, l.debit::text AS debit, l.credit::text AS credit
            FROM journal_entries e JOIN loan_transactions t ON t.id = e.source_id JOIN journal_lines l ON l.entry_id = e.id
            JOIN gl_accounts a ON a.id = l.account_id
           WHERE e.source_kind = 'loan_transaction' AND t.application_id = ${l.id} AND t.kind = 'disbursement' ORDER BY a.code`,
    );
    expect(lines).toEqual([
      { code: '1110', debit: '0.00', credit: '5000.00' },
      { code: '1200', debit: '5000.00', credit: '0.00' },
      { code: '1210', debit: '1500.00', credit: '0.00' },
      { code: '2300', debit: '0.00', credit: '1500.00' },
    ]);
  });

  it('posts a repayment by its allocation against the cash account of its method', async () => {
    const l = await paidOut();
    await pay(l, '1300.00', '2026-02-10', 'bank');
    const lines = await queryRows<{ code: string; debit: string; credit: string }>(
      db,
      sql`SELECT a.code, l.debit::text AS debit, l.credit::text AS credit
            FROM journal_entries e JOIN loan_transactions t ON t.id = e.source_id JOIN journal_lines l ON l.entry_id = e.id
            JOIN gl_accounts a ON a.id = l.account_id
           WHERE e.source_kind = 'loan_transaction' AND t.application_id = ${l.id} AND t.kind = 'repayment' ORDER BY a.code`,
    );
    expect(lines).toEqual([
      { code: '1100', debit: '1300.00', credit: '0.00' },
      { code: '1200', debit: '0.00', credit: '833.34' },
      { code: '1210', debit: '0.00', credit: '466.66' },
    ]);
  });

  it('after a random sequence of repayments, backdated ones and reversals: GL 1200 = the book, the trial balance sums to 0', async () => {
    let rnd = 27;
    const next = (n: number) => {
      rnd = (rnd * 1103515245 + 12345) % 2147483648;
      return rnd % n;
    };
    const loans = [await paidOut(), await paidOut(), await paidOut()];
    const paid: number[] = [];
    for (let step = 0; step < 18; step++) {
      const l = loans[next(loans.length)];
      const action = next(4);
      if (action === 0 && paid.length > 0) {
        const id = paid.splice(next(paid.length), 1)[0];
        await db.transaction((tx) => reverseRepayment(tx, actor, id, 'Bounced', null));
      } else {
        const [acc] = await queryRows<{ owed: string }>(
          db,
          sql`SELECT (principal_outstanding + interest_outstanding + fees_outstanding + penalty_outstanding)::text AS owed
                FROM loan_accounts WHERE application_id = ${l.id} AND state = 'active'`,
        );
        if (!acc || Number(acc.owed) <= 0) continue;
        const amount = Math.min(Number(acc.owed), 100 + next(2000) + next(100) / 100).toFixed(2);
        const day = `2026-0${2 + next(4)}-${String(1 + next(28)).padStart(2, '0')}`; // some backdated before others: re-allocation
        const r = await pay(l, amount, day, next(2) ? 'mobile_money' : 'cash');
        paid.push(r.repaymentId);
      }
      await invariants();
    }
    const [superseded] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM journal_entries WHERE source_kind = 'loan_transaction_superseded'`);
    expect(superseded.n).toBeGreaterThan(0);
  }, 300_000);

  it('is append-only: UPDATE and DELETE of entries and lines are refused; an unbalanced entry fails at commit', async () => {
    expect(await refusal(sql`UPDATE journal_lines SET debit = debit + 1 WHERE id = (SELECT min(id) FROM journal_lines)`)).toMatch(/append-only/);
    expect(await refusal(sql`DELETE FROM journal_lines WHERE id = (SELECT min(id) FROM journal_lines)`)).toMatch(/append-only/);
    expect(await refusal(sql`UPDATE journal_entries SET memo = 'x' WHERE id = (SELECT min(id) FROM journal_entries)`)).toMatch(/append-only/);
    expect(await refusal(sql`DELETE FROM journal_entries WHERE id = (SELECT min(id) FROM journal_entries)`)).toMatch(/append-only/);
    expect(await refusal(sql`TRUNCATE journal_lines, journal_entries`)).toMatch(/append-only/);
    const before = await balances();
    expect(
      await refusal(async () => db.transaction(async (tx) => {
        const [e] = await queryRows<{ id: string }>(tx, sql`INSERT INTO journal_entries (value_date, source_kind, memo) VALUES ('2026-06-30', 'manual', 'x') RETURNING id::text AS id`);
        await tx.execute(sql`INSERT INTO journal_lines (entry_id, account_id, booking_date, debit) SELECT ${e.id}::bigint, id, '2026-06-30', 10 FROM gl_accounts WHERE code = '1100'`);
        await tx.execute(sql`INSERT INTO journal_lines (entry_id, account_id, booking_date, credit) SELECT ${e.id}::bigint, id, '2026-06-30', 9.99 FROM gl_accounts WHERE code = '3100'`);
      })),
    ).toMatch(/does not balance/);
    expect(await balances()).toEqual(before);
  });
});

describe('the chart of accounts', () => {
  const list = (headers?: AuthHeaders, q = '') => t.app.inject({ method: 'GET', url: `${ACCOUNTING_PATHS.list}${q}`, headers });
  const byId = (id: number) => ACCOUNTING_PATHS.byId.replace(':id', String(id));

  it('answers 401 without a session and 403 without the permission', async () => {
    expect((await list()).statusCode).toBe(401);
    expect((await list(await loginWithPermissions(t.app, [P.viewAllBranches]))).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: ACCOUNTING_PATHS.list, headers: viewer, payload: { code: '1105', name: 'X', type: 'asset' } })).statusCode).toBe(403);
  });

  it('lists the default chart by code, searchable', async () => {
    const page = glAccountListSchema.parse((await list(viewer, '?pageSize=50')).json());
    expect(page.items.slice(0, 4).map((a) => a.code)).toEqual(['1100', '1110', '1111', '1200']);
    expect(page.items.find((a) => a.code === '1290')).toMatchObject({ type: 'asset', contra: true, system_key: 'loan_loss_allowance' });
    const found = glAccountListSchema.parse((await list(viewer, '?search=float')).json());
    expect(found.items.map((a) => a.code)).toEqual(['1110', '1111']);
  });

  it('creates, edits and deletes an account; 422 names the field; an account with postings cannot be deleted (409)', async () => {
    const bad = await t.app.inject({ method: 'POST', url: ACCOUNTING_PATHS.list, headers: editor, payload: { code: '1100', name: 'Again', type: 'asset' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toHaveProperty('code');
    const badType = await t.app.inject({ method: 'POST', url: ACCOUNTING_PATHS.list, headers: editor, payload: { code: '6100', name: 'Bank charges', type: 'cost' } });
    expect(badType.statusCode).toBe(422);
    expect(badType.json().errors).toHaveProperty('type');
    const created = await t.app.inject({ method: 'POST', url: ACCOUNTING_PATHS.list, headers: editor, payload: { code: '6100', name: 'Bank charges', type: 'expense' } });
    expect(created.statusCode).toBe(200);
    const acc = glAccountSchema.parse(created.json());
    expect(acc).toMatchObject({ code: '6100', type: 'expense', contra: false, system_key: null, has_postings: false, balance: '0.00' });
    const edited = await t.app.inject({ method: 'PUT', url: byId(acc.id), headers: editor, payload: { code: '6110', name: 'Bank charges and fees' } });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ code: '6110', name: 'Bank charges and fees' });
    expect((await t.app.inject({ method: 'DELETE', url: byId(acc.id), headers: editor })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'DELETE', url: byId(acc.id), headers: editor })).statusCode).toBe(404);
    const portfolio = glAccountListSchema.parse((await list(viewer, '?search=portfolio')).json()).items[0];
    expect(portfolio.has_postings).toBe(true);
    expect((await t.app.inject({ method: 'DELETE', url: byId(portfolio.id), headers: editor })).statusCode).toBe(409);
    expect((await t.app.inject({ method: 'PUT', url: byId(portfolio.id), headers: editor, payload: { type: 'expense' } })).statusCode).toBe(409);
    // Codes of the default accounts are editable: the postings find them by role, not by code.
    expect((await t.app.inject({ method: 'PUT', url: byId(portfolio.id), headers: editor, payload: { code: '1201' } })).statusCode).toBe(200);
    await paidOut();
    await invariantsByCode('1201');
    expect((await t.app.inject({ method: 'PUT', url: byId(portfolio.id), headers: editor, payload: { code: '1200' } })).statusCode).toBe(200);
  });
});

async function invariantsByCode(code: string): Promise<void> {
  const [r] = await queryRows<{ gl: string; book: string }>(
    db,
    sql`SELECT (SELECT sum(l.debit - l.credit) FROM journal_lines l JOIN gl_accounts a ON a.id = l.account_id WHERE a.code = ${code})::text AS gl,
               (SELECT sum(principal_outstanding) FROM loan_accounts)::text AS book`,
  );
  expect(r.gl).toBe(r.book);
}

describe('manual journal entries, the trial balance and an account statement', () => {
  const accountId = async (code: string) =>
    Number((await queryRows<{ id: string }>(db, sql`SELECT id::text AS id FROM gl_accounts WHERE code = ${code}`))[0].id);
  const post = (payload: Record<string, unknown>, headers = poster) => t.app.inject({ method: 'POST', url: ACCOUNTING_PATHS.journalEntries, headers, payload });

  it('refuses without the permission, fewer than two lines, an unbalanced entry, a line on both sides, and writes nothing', async () => {
    const bank = await accountId('1100');
    const capital = await accountId('3100');
    const [before] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM journal_entries`);
    expect((await post({ reason: 'Capital', lines: [] }, viewer)).statusCode).toBe(403);
    const one = await post({ reason: 'Capital paid in', lines: [{ account_id: bank, debit: '100.00' }] });
    expect(one.statusCode).toBe(422);
    expect(one.json().errors).toHaveProperty('lines');
    const unbalanced = await post({ reason: 'Capital paid in', lines: [{ account_id: bank, debit: '100.00' }, { account_id: capital, credit: '99.99' }] });
    expect(unbalanced.statusCode).toBe(422);
    expect(unbalanced.json().errors.lines[0]).toMatch(/does not balance/);
    const both = await post({ reason: 'Capital paid in', lines: [{ account_id: bank, debit: '100.00', credit: '100.00' }, { account_id: capital, credit: '0.00' }] });
    expect(both.statusCode).toBe(422);
    expect(both.json().errors).toHaveProperty(['lines.0.debit']);
    const noReason = await post({ reason: '', lines: [{ account_id: bank, debit: '100.00' }, { account_id: capital, credit: '100.00' }] });
    expect(noReason.json().errors).toHaveProperty('reason');
    const unknown = await post({ reason: 'Capital paid in', lines: [{ account_id: bank, debit: '100.00' }, { account_id: 999999, credit: '100.00' }] });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toHaveProperty(['lines.1.account_id']);
    const [after] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM journal_entries`);
    expect(after.n).toBe(before.n);
  });

  it('posts a balanced entry; the trial balance and the statement show it', async () => {
    const bank = await accountId('1100');
    const capital = await accountId('3100');
    // A month after anything the demo book holds.
    await setBusinessDate(db, '2031-03-01');
    const res = await post({ reason: 'Capital paid in', lines: [{ account_id: bank, debit: '250000.00' }, { account_id: capital, credit: '250000', memo: 'Shareholders' }] });
    expect(res.statusCode).toBe(200);
    const entry = journalEntrySchema.parse(res.json());
    expect(entry).toMatchObject({ booking_date: '2031-03-01', source_kind: 'manual', memo: 'Capital paid in' });
    expect(entry.lines.map((l) => [l.code, l.debit, l.credit])).toEqual([['1100', '250000.00', '0.00'], ['3100', '0.00', '250000.00']]);

    const tb = trialBalanceSchema.parse(
      (await t.app.inject({ method: 'GET', url: `${ACCOUNTING_PATHS.trialBalance}?from=2031-03-01&to=2031-03-31`, headers: viewer })).json(),
    ) as TrialBalance;
    expect(tb.rows.find((r) => r.code === '3100')).toMatchObject({ opening: '0.00', credit: '250000.00', closing: '-250000.00' });
    expect(tb.totals.debit).toBe(tb.totals.credit);
    expect(tb.totals.closing).toBe('0.00');
    const badRange = await t.app.inject({ method: 'GET', url: `${ACCOUNTING_PATHS.trialBalance}?from=2026-07-31&to=2026-07-01`, headers: viewer });
    expect(badRange.statusCode).toBe(422);
    expect(badRange.json().errors).toHaveProperty('to');

    const url = (q: string) => `${ACCOUNTING_PATHS.statement.replace(':id', String(bank))}?${q}`;
    const before = accountStatementSchema.parse((await t.app.inject({ method: 'GET', url: url('from=2026-01-01&to=2031-02-28&pageSize=15'), headers: viewer })).json());
    const march = accountStatementSchema.parse((await t.app.inject({ method: 'GET', url: url('from=2031-03-01&to=2031-03-31'), headers: viewer })).json());
    expect(march.opening).toBe(before.closing);
    expect(march.items).toHaveLength(1);
    expect(march.items[0]).toMatchObject({ source_kind: 'manual', debit: '250000.00', memo: 'Capital paid in' });
    expect(Number(march.closing)).toBeCloseTo(Number(march.opening) + 250000, 2);
    expect(march.items[0].balance).toBe(march.closing);
    // Paged: the running balance of a later page continues the earlier one.
    if (before.total > 15) {
      const p2 = accountStatementSchema.parse((await t.app.inject({ method: 'GET', url: url('from=2026-01-01&to=2031-02-28&pageSize=15&page=2'), headers: viewer })).json());
      const last = before.items[before.items.length - 1];
      const first = p2.items[0];
      expect(Number(first.balance)).toBeCloseTo(Number(last.balance) + Number(first.debit) - Number(first.credit), 2);
    }
    expect((await t.app.inject({ method: 'GET', url: `${ACCOUNTING_PATHS.statement.replace(':id', '999999')}?from=2026-01-01&to=2026-01-31`, headers: viewer })).statusCode).toBe(404);
  });
});
