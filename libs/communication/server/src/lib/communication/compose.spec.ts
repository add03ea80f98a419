import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { sql } from 'drizzle-orm';
import {
  batchProgressSchema,
  COMMUNICATION_PATHS,
  draftListSchema,
  draftSchema,
  messageListSchema,
  messagePreviewSchema,
  messageTemplateListSchema,
  messageTemplateSchema,
  P,
} from '@loan/shared-contract';
import { applyDeliveryReport, queryRows, schema, SmtpEmail, type Db, type SmsPort } from '@loan/shared-server';
import { createTestApp, loginWithPermissions, type AuthHeaders, type TestApp } from '@loan/shared-server/testing';
import { communicationPlugin, queueReminders } from '../../index';
import { quietUntil } from './quiet-hours';

// The "phones": what each number received; a number that makes the gateway fail.
const received = new Map<string, string[]>();
const senders = new Map<string, string | undefined>();
let failFor: string | null = null;
const fakeSms: SmsPort = {
  send: async () => {
    throw new Error('not used');
  },
  transmit: async (sms) => {
    if (sms.to === failFor) throw new Error('gateway says no');
    received.set(sms.to, [...(received.get(sms.to) ?? []), sms.body]);
    senders.set(sms.to, sms.senderId);
    return { provider: 'fake', providerRef: `ref-${sms.to}` };
  },
};

// A local SMTP server: the e-mails that really went out.
const mails: Array<{ to: string[]; raw: string }> = [];
let smtpServer: SMTPServer;

// The jobs' clock: noon in Lusaka, outside the quiet hours (20:00-07:00), whenever the tests run.
let clock = new Date('2026-11-25T10:00:00Z');

let t: TestApp;
let admin: AuthHeaders;
let viewer: AuthHeaders;
let branchA: number;
let branchB: number;
const client: Record<string, number> = {};

async function until(check: () => Promise<boolean>, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A business date `days` from today (Africa/Lusaka), as text. */
async function businessDate(days: number): Promise<string> {
  const [r] = await queryRows<{ d: string }>(t.db, sql`SELECT (business_today() + ${days}::int)::text AS d`);
  return r.d;
}

/** An approved loan for the client, disbursed on `disbursedOn` (business date) when given. */
async function loan(clientId: number, ref: string, total: string, tenure: number, disbursedOn?: string, status = 'approved'): Promise<number> {
  const [la] = await queryRows<{ id: string }>(
    t.db,
    sql`INSERT INTO loan_applications (reference_code, client_id, branch_id, fullname, nrc, mobile, amount, tenure_months, total_amount_due, status)
        SELECT ${ref}, c.id, c.branch_id, c.fullname, c.nrc, c.mobile, ${total}::numeric, ${tenure}, ${total}::numeric, ${status}
          FROM clients c WHERE c.id = ${clientId} RETURNING id`,
  );
  if (disbursedOn) {
    await t.db.execute(sql`INSERT INTO disbursements (application_id, client_id, amount, mode, recipient, status, created_at)
                           VALUES (${la.id}, ${clientId}, ${total}::numeric, 'instant_single', '0970', 'success', (${disbursedOn}::date + time '12:00') AT TIME ZONE 'Africa/Lusaka')`);
  }
  return Number(la.id);
}

beforeAll(async () => {
  smtpServer = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (c: Buffer) => (raw += c.toString()));
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((r) => smtpServer.listen(0, '127.0.0.1', () => r()));
  const port = (smtpServer.server.address() as AddressInfo).port;
  // transmit() only sends (the row is recorded by the queue), so it needs no database of its own.
  const email = new SmtpEmail(null as unknown as Db, { url: `smtp://127.0.0.1:${port}`, from: 'Lender <no-reply@lender.zm>', ignoreTLS: true });
  t = await createTestApp({
    modules: [communicationPlugin({ sliceMs: 1500, now: () => clock })],
    config: { jobs: true },
    ports: { sms: fakeSms, email },
  });
  [branchA, branchB] = (await queryRows<{ id: string }>(t.db, sql`SELECT id FROM branches ORDER BY id LIMIT 2`)).map((b) => Number(b.id));
  const people = [
    { key: 'ann', fullname: 'Ann Banda', mobile: '0971000001', email: 'ann@example.zm', branchId: branchA },
    { key: 'ben', fullname: 'Ben Phiri', mobile: '0971000002', email: null, branchId: branchA },
    { key: 'cat', fullname: 'Cat Mwale', mobile: '0971000003', email: 'cat@example.zm', branchId: branchB },
    { key: 'dan', fullname: 'Dan Tembo', mobile: '', email: 'dan@example.zm', branchId: branchB },
  ];
  for (const [i, p] of people.entries()) {
    const [row] = await t.db
      .insert(schema.clients)
      .values({ fullname: p.fullname, nrc: `20000${i}/10/1`, mobile: p.mobile, email: p.email, branchId: p.branchId })
      .returning({ id: schema.clients.id });
    client[p.key] = row.id;
  }
  // Ann: disbursed two months ago, nothing paid (in arrears). Cat: approved, not disbursed. Ben: a closed loan.
  await loan(client['ann'], 'LA-2026-000101', '1200.00', 6, await businessDate(-65));
  await loan(client['cat'], 'LA-2026-000102', '5000.00', 10);
  await loan(client['ben'], 'LA-2026-000103', '300.00', 1, undefined, 'closed');
  admin = await loginWithPermissions(t.app, [
    P.viewCommunicationModule,
    P.createMessage,
    P.editMessage,
    P.deleteMessage,
    P.sendEmail,
    P.viewAllBranches,
  ]);
  viewer = await loginWithPermissions(t.app, [P.viewCommunicationModule, P.createMessage, P.viewAllBranches]);
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((r) => smtpServer.close(() => r()));
});

const post = (url: string, headers: AuthHeaders | undefined, payload: object) => t.app.inject({ method: 'POST', url, headers, payload });
const batchCounts = async (batchId: string) =>
  batchProgressSchema.parse((await t.app.inject({ method: 'GET', url: COMMUNICATION_PATHS.batch.replace(':batchId', batchId), headers: admin })).json());

describe('recipients and templates', () => {
  it('previews each recipient with the placeholders filled by the server, and counts them', async () => {
    const res = await post(COMMUNICATION_PATHS.preview, admin, {
      channel: 'sms',
      all: true,
      body: 'Dear {name}, loan {reference} of K{amount}: balance K{balance}, due {due_date}.',
    });
    expect(res.statusCode).toBe(200);
    const preview = messagePreviewSchema.parse(res.json());
    // Dan has no mobile: three of four.
    expect(preview.total).toBe(3);
    const ann = preview.items.find((i) => i.client_id === client['ann']);
    expect(ann?.body).toMatch(/^Dear Ann Banda, loan LA-2026-000101 of K1,200\.00: balance K1,200\.00, due \d{2}\/\d{2}\/\d{4}\.$/);
    // Cat's loan is approved but not disbursed: no due date yet, that placeholder stays empty.
    expect(preview.items.find((i) => i.client_id === client['cat'])?.body).toBe('Dear Cat Mwale, loan LA-2026-000102 of K5,000.00: balance K5,000.00, due .');
    // Ben's only loan is closed and paid nothing: its figures.
    expect(preview.items.find((i) => i.client_id === client['ben'])?.body).toMatch(/^Dear Ben Phiri, loan LA-2026-000103 of K300\.00/);
  });

  it('resolves a branch, a loan state, and both; e-mail reaches only clients with an address', async () => {
    const total = async (payload: object) => messagePreviewSchema.parse((await post(COMMUNICATION_PATHS.preview, admin, { channel: 'sms', body: 'x', ...payload })).json()).total;
    expect(await total({ branch_id: branchA })).toBe(2);
    expect(await total({ branch_id: branchB })).toBe(1);
    expect(await total({ loan_state: 'in_arrears' })).toBe(1);
    expect(await total({ loan_state: 'disbursed' })).toBe(1);
    expect(await total({ loan_state: 'approved' })).toBe(2);
    expect(await total({ loan_state: 'closed' })).toBe(1);
    expect(await total({ loan_state: 'approved', branch_id: branchB })).toBe(1);
    expect(await total({ client_ids: [client['ann'], client['dan']] })).toBe(1);
    const mail = messagePreviewSchema.parse((await post(COMMUNICATION_PATHS.preview, admin, { channel: 'email', all: true, subject: 'Hi {name}', body: 'x' })).json());
    expect(mail.items.map((i) => i.recipient)).toEqual(['ann@example.zm', 'cat@example.zm', 'dan@example.zm']);
    expect(mail.items[0].subject).toBe('Hi Ann Banda');
  });

  it('422 without recipients, with an unknown loan state, or an e-mail without subject', async () => {
    expect((await post(COMMUNICATION_PATHS.preview, admin, { channel: 'sms', body: 'x' })).statusCode).toBe(422);
    const bad = await post(COMMUNICATION_PATHS.sendSms, admin, { loan_state: 'happy', body: 'x' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toContain('loan_state');
    const noSubject = await post(COMMUNICATION_PATHS.sendEmail, admin, { all: true, body: 'x' });
    expect(noSubject.statusCode).toBe(422);
    expect(Object.keys(noSubject.json().errors)).toEqual(['subject']);
  });

  it('sends what the preview showed', async () => {
    received.clear();
    const body = 'Dear {name}, balance K{balance} on {reference}.';
    const preview = messagePreviewSchema.parse((await post(COMMUNICATION_PATHS.preview, admin, { channel: 'sms', loan_state: 'in_arrears', body })).json());
    const res = await post(COMMUNICATION_PATHS.sendSms, admin, { loan_state: 'in_arrears', body });
    expect(res.statusCode).toBe(202);
    const { batch_id } = res.json();
    await until(async () => (await batchCounts(batch_id)).queued === 0);
    expect(received.get('0971000001')).toEqual([preview.items[0].body]);
    // The gateway's report: the message is delivered, and counts as sent too (cumulative).
    expect(await applyDeliveryReport(t.db, 'fake', 'ref-0971000001', 'delivered')).toBe(1);
    expect(await batchCounts(batch_id)).toEqual({ batch_id, total: 1, queued: 0, sent: 1, delivered: 1, failed: 0 });
  });

  it('audits the send as one row (who, how many, which audience, the text); each message carries its sender and batch', async () => {
    const res = await post(COMMUNICATION_PATHS.sendSms, admin, { branch_id: branchA, body: 'Audit {name}' });
    const { batch_id, queued } = res.json();
    expect(queued).toBe(2);
    const rows = await queryRows<{ entity: string; action: string; user_id: string | null; details: Record<string, unknown> }>(
      t.db,
      sql`SELECT a.entity, a.action, a.user_id, a.details FROM audit_log a
           WHERE (a.entity = 'message_batch' AND a.entity_id = ${batch_id})
              OR (a.entity = 'message' AND a.entity_id IN (SELECT id::text FROM messages WHERE batch_id = ${batch_id}))
           ORDER BY a.id`,
    );
    const [sender] = await queryRows<{ created_by: string }>(t.db, sql`SELECT DISTINCT created_by FROM messages WHERE batch_id = ${batch_id}`);
    expect(sender.created_by).not.toBeNull();
    expect(rows).toEqual([
      {
        entity: 'message_batch',
        action: 'send_sms',
        user_id: sender.created_by,
        details: { recipients: 2, all: false, clients: 0, branch_id: branchA, loan_state: null, channel: 'sms', body: 'Audit {name}' },
      },
    ]);
    const ids = await queryRows<{ id: string }>(t.db, sql`SELECT id FROM messages WHERE batch_id = ${batch_id} ORDER BY id`);
    // The preview and the details never show a whole mobile number.
    const preview = messagePreviewSchema.parse((await post(COMMUNICATION_PATHS.preview, admin, { channel: 'sms', branch_id: branchA, body: 'x' })).json());
    expect(preview.items.map((i) => i.recipient)).toEqual(['*******001', '*******002']);
    const list = messageListSchema.parse((await t.app.inject({ method: 'GET', url: `${COMMUNICATION_PATHS.list}?channel=sms`, headers: admin })).json());
    expect(list.items.length).toBeGreaterThan(0);
    expect(list.items.every((m) => /^\*+\d{3}$/.test(m.recipient))).toBe(true);
    const one = await t.app.inject({ method: 'GET', url: COMMUNICATION_PATHS.byId.replace(':id', ids[0].id), headers: admin });
    expect(one.json().recipient).toBe('*******001');
    await until(async () => (await batchCounts(batch_id)).queued === 0);
  });
});

describe(`GET ${COMMUNICATION_PATHS.branches}`, () => {
  it('answers the branches a sender may address: all with can view all branches, else their own', async () => {
    const all = await t.app.inject({ method: 'GET', url: COMMUNICATION_PATHS.branches, headers: admin });
    expect(all.json().map((b: { id: number }) => b.id)).toEqual(expect.arrayContaining([branchA, branchB]));
    const own = await loginWithPermissions(t.app, [P.createMessage]);
    // The user just made: put them in branch B.
    await t.db.execute(sql`UPDATE users SET branch_id = ${branchB} WHERE id = (SELECT max(id) FROM users)`);
    const mine = (await t.app.inject({ method: 'GET', url: COMMUNICATION_PATHS.branches, headers: own })).json() as Array<{ id: number }>;
    expect(mine.map((b) => b.id)).toEqual([branchB]);
    expect((await t.app.inject({ method: 'GET', url: COMMUNICATION_PATHS.branches, headers: await loginWithPermissions(t.app, [P.viewCommunicationModule]) })).statusCode).toBe(403);
  });
});

describe(`POST ${COMMUNICATION_PATHS.sendEmail}`, () => {
  it('403 without can send email', async () => {
    expect((await post(COMMUNICATION_PATHS.sendEmail, viewer, { all: true, subject: 'S', body: 'x' })).statusCode).toBe(403);
  });

  it('queues a bulk e-mail at once and the job sends each through SMTP, with progress', async () => {
    const res = await post(COMMUNICATION_PATHS.sendEmail, admin, { branch_id: branchB, subject: 'Statement for {name}', body: 'Dear {name}, your statement is ready.' });
    expect(res.statusCode).toBe(202);
    const { batch_id, queued } = res.json();
    expect(queued).toBe(2);
    await until(async () => (await batchCounts(batch_id)).queued === 0);
    const errors = await queryRows<{ error: string | null }>(t.db, sql`SELECT error FROM messages WHERE batch_id = ${batch_id}`);
    expect(errors.map((e) => e.error)).toEqual([null, null]);
    expect(await batchCounts(batch_id)).toEqual({ batch_id, total: 2, queued: 0, sent: 2, delivered: 0, failed: 0 });
    const cat = mails.find((m) => m.to.includes('cat@example.zm'));
    expect(cat?.raw).toContain('Subject: Statement for Cat Mwale');
    expect(cat?.raw).toContain('Dear Cat Mwale, your statement is ready.');
    expect(mails.filter((m) => m.to.includes('dan@example.zm'))).toHaveLength(1);
    const list = messageListSchema.parse((await t.app.inject({ method: 'GET', url: `${COMMUNICATION_PATHS.list}?channel=email`, headers: admin })).json());
    expect(list.items[0]).toMatchObject({ channel: 'email', status: 'sent', provider: 'smtp', batch_id });
    expect(list.items[0].provider_ref).toMatch(/@/);
  });

  it('409 when nobody chosen has an e-mail address', async () => {
    const res = await post(COMMUNICATION_PATHS.sendEmail, admin, { client_ids: [client['ben']], subject: 'S', body: 'x' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('None of the chosen clients has an e-mail address.');
  });
});

describe(`POST ${COMMUNICATION_PATHS.retry}`, () => {
  it('sends a failed message again once; a second retry changes nothing', async () => {
    received.clear();
    failFor = '0971000002';
    const res = await post(COMMUNICATION_PATHS.sendSms, admin, { client_ids: [client['ben']], body: 'Hello {name}' });
    const { batch_id } = res.json();
    await until(async () => (await batchCounts(batch_id)).queued === 0);
    expect(await batchCounts(batch_id)).toMatchObject({ failed: 1, sent: 0 });
    const [row] = await queryRows<{ id: string }>(t.db, sql`SELECT id FROM messages WHERE batch_id = ${batch_id}`);
    const url = COMMUNICATION_PATHS.retry.replace(':id', String(row.id));
    expect((await post(url, await loginWithPermissions(t.app, [P.viewCommunicationModule, P.viewAllBranches]), {})).statusCode).toBe(403);
    failFor = null;
    const first = await post(url, admin, {});
    expect(first.json()).toEqual({ id: Number(row.id), status: 'queued', retried: true });
    await until(async () => (await batchCounts(batch_id)).queued === 0);
    const again = await post(url, admin, {});
    expect(again.json()).toEqual({ id: Number(row.id), status: 'sent', retried: false });
    await new Promise((r) => setTimeout(r, 500));
    expect(await batchCounts(batch_id)).toMatchObject({ failed: 0, sent: 1 });
    expect(received.get('0971000002')).toEqual(['Hello Ben Phiri']);
    expect((await post(COMMUNICATION_PATHS.retry.replace(':id', '999999'), admin, {})).statusCode).toBe(404);
  });
});

describe('drafts', () => {
  it('saves, edits and deletes a draft, each with its permission', async () => {
    const created = await post(COMMUNICATION_PATHS.drafts, admin, { channel: 'email', subject: 'Hi', body: 'Dear {name}', branch_id: branchA });
    expect(created.statusCode).toBe(201);
    const draft = draftSchema.parse(created.json());
    expect(draft).toMatchObject({ channel: 'email', subject: 'Hi', branch_id: branchA, client_ids: [], all: false });
    const url = COMMUNICATION_PATHS.draft.replace(':id', String(draft.id));
    // can create message but not edit / delete.
    expect((await t.app.inject({ method: 'PUT', url, headers: viewer, payload: { channel: 'sms', body: 'x' } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url, headers: viewer })).statusCode).toBe(403);
    const edited = await t.app.inject({ method: 'PUT', url, headers: admin, payload: { channel: 'sms', body: 'Changed', client_ids: [client['ann'], client['ann'], client['ben']] } });
    expect(edited.statusCode).toBe(200);
    expect(draftSchema.parse(edited.json())).toMatchObject({ channel: 'sms', subject: null, body: 'Changed', client_ids: [client['ann'], client['ben']], branch_id: null });
    expect((await t.app.inject({ method: 'PUT', url, headers: admin, payload: { channel: 'sms', body: '' } })).statusCode).toBe(422);
    const list = draftListSchema.parse((await t.app.inject({ method: 'GET', url: COMMUNICATION_PATHS.drafts, headers: admin })).json());
    expect(list.items.map((d) => d.id)).toContain(draft.id);
    expect((await t.app.inject({ method: 'DELETE', url, headers: admin })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url, headers: admin })).statusCode).toBe(404);
  });
});

describe('list filters', () => {
  it('filters by date range (business days) and refuses a range that ends before it starts', async () => {
    const today = await businessDate(0);
    const list = (q: string) => t.app.inject({ method: 'GET', url: `${COMMUNICATION_PATHS.list}?${q}`, headers: admin });
    const all = messageListSchema.parse((await list('')).json()).total;
    expect(all).toBeGreaterThan(0);
    expect(messageListSchema.parse((await list(`fromDate=${today}&toDate=${today}`)).json()).total).toBe(all);
    expect(messageListSchema.parse((await list(`toDate=${await businessDate(-1)}`)).json()).total).toBe(0);
    expect((await list(`fromDate=${today}&toDate=${await businessDate(-1)}`)).statusCode).toBe(422);
  });
});

describe('reminders job', () => {
  it('reminds 3 days before a due date and 1 and 7 days after, once per instalment and day', async () => {
    received.clear();
    // Eve: disbursed so that instalment 1 falls due in 3 days (one month before that).
    const [eve] = await t.db.insert(schema.clients).values({ fullname: 'Eve Zulu', nrc: '300000/10/1', mobile: '0971000009', branchId: branchA }).returning({ id: schema.clients.id });
    const [d] = await queryRows<{ due: string; disbursed: string }>(
      t.db,
      sql`SELECT (business_today() + 3)::text AS due, ((business_today() + 3) - interval '1 month')::date::text AS disbursed`,
    );
    const eveLoan = await loan(eve.id, 'LA-2026-000201', '900.00', 3, d.disbursed);
    const first = await queueReminders(t.db, t.app.jobs, undefined, undefined, clock);
    // Eve's instalment in 3 days; Ann's first instalment (disbursed 65 days ago) fell due
    // 35 or so days ago: not a reminder day.
    const rows = await queryRows<{ recipient: string; body: string; dedupe_key: string; purpose: string }>(
      t.db,
      sql`SELECT recipient, body, dedupe_key, purpose FROM messages WHERE batch_id = ${first.batch_id}`,
    );
    expect(rows).toEqual([
      {
        recipient: '0971000009',
        body: `Dear Eve Zulu, your instalment on loan LA-2026-000201 is due on ${d.due.split('-').reverse().join('/')}. Balance: K900.00.`,
        dedupe_key: `reminder:${eveLoan}:1:-3`,
        purpose: 'reminder',
      },
    ]);
    // One audit row for the run's batch, by nobody (the job); none per message.
    const audits = await queryRows<{ user_id: string | null; action: string; entity: string; details: unknown }>(
      t.db,
      sql`SELECT user_id, action, entity, details FROM audit_log
           WHERE (entity = 'message_batch' AND entity_id = ${first.batch_id})
              OR (entity = 'message' AND entity_id IN (SELECT id::text FROM messages WHERE batch_id = ${first.batch_id}))`,
    );
    expect(audits).toEqual([{ user_id: null, action: 'send_reminder', entity: 'message_batch', details: { recipients: 1 } }]);
    // A second run the same day (another instance, a retry) queues nobody again.
    expect((await queueReminders(t.db, t.app.jobs, undefined, undefined, clock)).queued).toBe(0);
    await until(async () => (received.get('0971000009') ?? []).length > 0);
    // 1 day past due (today is 4 days after "today - 3"): the overdue text, once.
    const later = await queueReminders(t.db, t.app.jobs, { days: [-3, 1, 7] }, await businessDate(4), clock);
    expect(later.queued).toBe(1);
    const [late] = await queryRows<{ body: string }>(t.db, sql`SELECT body FROM messages WHERE batch_id = ${later.batch_id}`);
    expect(late.body).toMatch(/^Dear Eve Zulu, your instalment on loan LA-2026-000201 was due on /);
    // Paid instalments are not reminded.
    await t.db.execute(sql`INSERT INTO repayments (application_id, client_id, amount, paid_at, reference) VALUES (${eveLoan}, ${eve.id}, 900, business_today(), 'R-1')`);
    expect((await queueReminders(t.db, t.app.jobs, { days: [-3, 1, 7] }, await businessDate(10), clock)).queued).toBe(0);
    await until(async () => (received.get('0971000009') ?? []).length === 2);
    expect(received.get('0971000009')).toHaveLength(2);
  });
});

describe('message templates', () => {
  const url = (id: string) => COMMUNICATION_PATHS.template.replace(':key', id);
  it('lists the composer and reminder texts; can edit message changes one (audited), others get 403', async () => {
    const list = messageTemplateListSchema.parse((await t.app.inject({ method: 'GET', url: COMMUNICATION_PATHS.templates, headers: viewer })).json());
    expect(list.items.map((i) => i.id)).toEqual(['reminder', 'approved', 'arrears', 'statement', 'reminder_before', 'reminder_after']);
    expect((await t.app.inject({ method: 'PUT', url: url('statement'), headers: viewer, payload: { body: 'x' } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PUT', url: url('statement'), headers: admin, payload: { body: '' } })).statusCode).toBe(422);
    expect((await t.app.inject({ method: 'PUT', url: url('nothing_here'), headers: admin, payload: { body: 'x' } })).statusCode).toBe(404);
    const res = await t.app.inject({ method: 'PUT', url: url('statement'), headers: admin, payload: { subject: 'Statement {reference}', body: 'Hi {name}, here is your statement.' } });
    expect(res.statusCode).toBe(200);
    expect(messageTemplateSchema.parse(res.json())).toMatchObject({ id: 'statement', subject: 'Statement {reference}', body: 'Hi {name}, here is your statement.' });
    const [audit] = await queryRows<{ before: { body: string }; after: { body: string } }>(
      t.db,
      sql`SELECT before, after FROM audit_log WHERE entity = 'message_template' AND entity_id = 'statement' ORDER BY id DESC LIMIT 1`,
    );
    expect(audit.before.body).toBe('Dear {name}, your loan statement is ready. Balance: K{balance}.');
    expect(audit.after.body).toBe('Hi {name}, here is your statement.');
  });
});

describe('reminders: edited texts, branch sender names, quiet hours', () => {
  it('sends the edited text from the branch sender name; queued in the quiet hours, it waits until 07:00', async () => {
    const [fay] = await t.db.insert(schema.clients).values({ fullname: 'Fay Lungu', nrc: '300001/10/1', mobile: '0971000010', branchId: branchB }).returning({ id: schema.clients.id });
    const [d] = await queryRows<{ disbursed: string }>(t.db, sql`SELECT ((business_today() + 3) - interval '1 month')::date::text AS disbursed`);
    await loan(fay.id, 'LA-2026-000202', '600.00', 2, d.disbursed);
    await t.db.execute(sql`UPDATE branches SET sms_sender_name = 'KITWE LOANS' WHERE id = ${branchB}`);
    const edited = await t.app.inject({
      method: 'PUT',
      url: COMMUNICATION_PATHS.template.replace(':key', 'reminder_before'),
      headers: admin,
      payload: { subject: 'ignored for an SMS', body: 'Hello {name}: K{balance} due {due_date} on {reference}.' },
    });
    expect(edited.json()).toMatchObject({ subject: null });
    // 21:30 in Lusaka: inside the quiet hours.
    clock = new Date('2026-11-25T19:30:00Z');
    const night = await queueReminders(t.db, t.app.jobs, { days: [-3] }, undefined, clock);
    expect(night.queued).toBe(1);
    const [job] = await queryRows<{ start_after: Date | string }>(t.db, sql`SELECT start_after FROM pgboss.job WHERE name = 'communication.sms-batch' AND data->>'batchId' = ${night.batch_id}`);
    // 07:00 the next morning, business time (05:00 UTC).
    expect(new Date(job.start_after).toISOString()).toBe('2026-11-26T05:00:00.000Z');
    await new Promise((r) => setTimeout(r, 1500));
    expect(received.has('0971000010')).toBe(false);
    const [row] = await queryRows<{ status: string; body: string; sender_id: string }>(t.db, sql`SELECT status, body, sender_id FROM messages WHERE batch_id = ${night.batch_id}`);
    expect(row).toMatchObject({ status: 'queued', sender_id: 'KITWE LOANS' });
    expect(row.body).toMatch(/^Hello Fay Lungu: K600\.00 due \d{2}\/\d{2}\/\d{4} on LA-2026-000202\.$/);
    // Morning: the batch runs (as pg-boss would at 07:00) and goes out from the branch's name.
    clock = new Date('2026-11-26T05:00:00Z');
    await t.app.jobs.send('communication.sms-batch', { batchId: night.batch_id, part: 1, quiet: true });
    await until(async () => received.has('0971000010'));
    expect(senders.get('0971000010')).toBe('KITWE LOANS');
    clock = new Date('2026-11-25T10:00:00Z');
  });

  it('a reminder batch that reaches the quiet hours stops and continues at 07:00', async () => {
    clock = new Date('2026-11-25T18:00:00Z'); // 20:00 in Lusaka
    const [r] = await queryRows<{ id: string }>(
      t.db,
      sql`INSERT INTO messages (channel, recipient, body, purpose, status, provider, batch_id) VALUES ('sms', '0971000099', 'Late', 'reminder', 'queued', 'pending', 'reminders-late') RETURNING id`,
    );
    await t.app.jobs.send('communication.sms-batch', { batchId: 'reminders-late', quiet: true });
    await until(async () => (await queryRows(t.db, sql`SELECT 1 FROM pgboss.job WHERE name = 'communication.sms-batch' AND data->>'batchId' = 'reminders-late' AND (data->>'part')::int = 1`)).length === 1);
    const [job] = await queryRows<{ start_after: Date | string }>(t.db, sql`SELECT start_after FROM pgboss.job WHERE name = 'communication.sms-batch' AND data->>'batchId' = 'reminders-late' AND (data->>'part')::int = 1`);
    expect(new Date(job.start_after).toISOString()).toBe('2026-11-26T05:00:00.000Z');
    const [m] = await queryRows<{ status: string }>(t.db, sql`SELECT status FROM messages WHERE id = ${r.id}`);
    expect(m.status).toBe('queued');
    expect(received.has('0971000099')).toBe(false);
    clock = new Date('2026-11-25T10:00:00Z');
  });
});

describe('quietUntil', () => {
  it('is null outside 20:00-07:00 Lusaka, else the next 07:00', () => {
    expect(quietUntil(new Date('2026-11-25T10:00:00Z'))).toBeNull();
    expect(quietUntil(new Date('2026-11-25T17:59:59Z'))).toBeNull(); // 19:59:59
    expect(quietUntil(new Date('2026-11-25T18:00:00Z'))?.toISOString()).toBe('2026-11-26T05:00:00.000Z'); // 20:00
    expect(quietUntil(new Date('2026-11-25T23:30:00Z'))?.toISOString()).toBe('2026-11-26T05:00:00.000Z'); // 01:30 on the 26th
    expect(quietUntil(new Date('2026-11-26T04:59:00Z'))?.toISOString()).toBe('2026-11-26T05:00:00.000Z'); // 06:59
    expect(quietUntil(new Date('2026-11-26T05:00:00Z'))).toBeNull(); // 07:00
  });
});
