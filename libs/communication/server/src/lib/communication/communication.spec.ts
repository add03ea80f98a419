import { sql } from 'drizzle-orm';
import { COMMUNICATION_PATHS, messageListSchema, messageSchema, P } from '@loan/shared-contract';
import { queryRows, schema, SECRET_MASK as SECRET_MASK_TEXT, type SmsPort } from '@loan/shared-server';
import { createTestApp, loginWithPermissions, type AuthHeaders, type TestApp } from '@loan/shared-server/testing';
import { communicationPlugin } from '../../index';

// A provider that counts what each number received (the "phones").
const received = new Map<string, number>();
let failFor: string | null = null;
const fakeSms: SmsPort = {
  send: async () => {
    throw new Error('not used');
  },
  transmit: async (sms) => {
    if (sms.to === failFor) throw new Error('gateway says no');
    received.set(sms.to, (received.get(sms.to) ?? 0) + 1);
    return { provider: 'fake', providerRef: `ref-${sms.to}` };
  },
};

let t: TestApp;
let allBranches: AuthHeaders;
let sender: AuthHeaders;

async function until(check: () => Promise<boolean>, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(async () => {
  t = await createTestApp({
    modules: [communicationPlugin({ claimSize: 5, sliceMs: 1500 })],
    // The provider's rate: the ports' throttle paces the batch.
    config: { jobs: true, smsRatePerSecond: 10 },
    ports: { sms: fakeSms },
  });
  const [branchA, branchB] = (await queryRows<{ id: string }>(t.db, sql`SELECT id FROM branches ORDER BY id LIMIT 2`)).map((b) => Number(b.id));
  // 12 clients: 8 in branch A, 4 in branch B.
  await t.db.insert(schema.clients).values(
    Array.from({ length: 12 }, (_, i) => ({
      fullname: `Client ${String(i).padStart(2, '0')}`,
      nrc: `1000${i}/10/1`,
      mobile: `09700000${String(i).padStart(2, '0')}`,
      branchId: i < 8 ? branchA : branchB,
    })),
  );
  const [first] = await queryRows<{ id: string }>(t.db, sql`SELECT id FROM clients ORDER BY id LIMIT 1`);
  await t.db.insert(schema.messages).values([
    { channel: 'sms', recipient: '0970000000', body: `Your code is ${SECRET_MASK_TEXT}`, purpose: 'otp', status: 'sent', clientId: Number(first.id), createdAt: new Date(Date.UTC(2026, 0, 1)) },
    { channel: 'email', recipient: 'staff@lender.zm', subject: 'Reset', body: `Open ${SECRET_MASK_TEXT}`, purpose: 'password_reset', status: 'delivered', createdAt: new Date(Date.UTC(2026, 0, 2)) },
  ]);
  allBranches = await loginWithPermissions(t.app, [P.viewCommunicationModule, P.viewAllBranches]);
  sender = await loginWithPermissions(t.app, [P.viewCommunicationModule, P.createMessage, P.viewAllBranches]);
});
afterAll(() => t?.close());

const list = (headers: AuthHeaders | undefined, query = '') => t.app.inject({ method: 'GET', url: `${COMMUNICATION_PATHS.list}${query}`, headers });
const send = (headers: AuthHeaders | undefined, payload: object) => t.app.inject({ method: 'POST', url: COMMUNICATION_PATHS.sendSms, headers, payload });

describe(`GET ${COMMUNICATION_PATHS.list}`, () => {
  it('answers 401 without a session and 403 without its permission', async () => {
    expect((await list(undefined)).statusCode).toBe(401);
    expect((await list(await loginWithPermissions(t.app, [P.viewAllBranches]))).statusCode).toBe(403);
  });

  it('lists newest first with the client name, secrets masked; filters and search', async () => {
    const page = messageListSchema.parse((await list(allBranches)).json());
    expect(page.items.map((m) => m.purpose)).toEqual(['password_reset', 'otp']);
    expect(page.items[1]).toMatchObject({ client_name: 'Client 00', body: `Your code is ${SECRET_MASK_TEXT}` });
    expect(messageListSchema.parse((await list(allBranches, '?channel=email')).json()).items.map((m) => m.recipient)).toEqual(['staff@lender.zm']);
    expect(messageListSchema.parse((await list(allBranches, '?status=sent')).json()).total).toBe(1);
    expect(messageListSchema.parse((await list(allBranches, '?search=client%2000')).json()).total).toBe(1);
    expect((await list(allBranches, '?status=nope')).statusCode).toBe(422);
  });
});

describe(`GET ${COMMUNICATION_PATHS.byId}`, () => {
  it('answers one message, 404 for an unknown id', async () => {
    const page = messageListSchema.parse((await list(allBranches)).json());
    const one = await t.app.inject({ method: 'GET', url: COMMUNICATION_PATHS.byId.replace(':id', String(page.items[0].id)), headers: allBranches });
    expect(messageSchema.parse(one.json())).toMatchObject({ subject: 'Reset', status: 'delivered' });
    expect((await t.app.inject({ method: 'GET', url: COMMUNICATION_PATHS.byId.replace(':id', '999999'), headers: allBranches })).statusCode).toBe(404);
  });
});

describe(`POST ${COMMUNICATION_PATHS.sendSms}`, () => {
  it('401, 403 without can create message, 422 without recipients or text', async () => {
    expect((await send(undefined, { all: true, body: 'x' })).statusCode).toBe(419);
    expect((await send(allBranches, { all: true, body: 'x' })).statusCode).toBe(403);
    const bad = await send(sender, { body: '' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['body', 'client_ids']);
  });

  it('a bulk send to all answers at once, then sends each client once in the background, throttled', async () => {
    received.clear();
    failFor = '0970000003';
    const started = Date.now();
    const res = await send(sender, { all: true, body: 'Dear {name}, your statement is ready.' });
    expect(res.statusCode).toBe(202);
    expect(Date.now() - started).toBeLessThan(5000);
    const { batch_id, queued } = res.json();
    expect(queued).toBe(12);
    const counts = () => queryRows<{ status: string; n: number }>(t.db, sql`SELECT status, count(*)::int AS n FROM messages WHERE batch_id = ${batch_id} GROUP BY 1`);
    await until(async () => !(await counts()).some((c) => c.status === 'queued'));
    // 12 at 10 a second: at least two ticks.
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(Object.fromEntries((await counts()).map((c) => [c.status, Number(c.n)]))).toEqual({ sent: 11, failed: 1 });
    expect([...received.values()].every((n) => n === 1)).toBe(true);
    expect(received.size).toBe(11);
    const [row] = await queryRows<{ body: string; provider_ref: string }>(t.db, sql`SELECT body, provider_ref FROM messages WHERE batch_id = ${batch_id} AND recipient = '0970000001'`);
    expect(row).toEqual({ body: 'Dear Client 01, your statement is ready.', provider_ref: 'ref-0970000001' });
    failFor = null;
  });

  it('an api stopped in the middle of a bulk send and started again sends the rest, nobody twice', async () => {
    received.clear();
    const ok = await send(sender, { all: true, body: 'Stopped mid-send' });
    expect(ok.statusCode).toBe(202);
    const { batch_id } = ok.json();
    const queued = async () => Number((await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM messages WHERE batch_id = ${batch_id} AND status = 'queued'`))[0].n);
    // The shutdown of a deploy, while the batch is sending (10 a second, 5 claimed at a time).
    await until(async () => received.size >= 2, 10_000);
    await t.app.jobs.stop();
    const before = new Map(received);
    expect(before.size).toBeLessThan(12);
    expect(await queued()).toBe(12 - before.size);
    // Nothing goes out while stopped; started again, the batch's next job sends the rest.
    await new Promise((r) => setTimeout(r, 300));
    expect(received).toEqual(before);
    await t.app.jobs.start();
    await until(async () => (await queued()) === 0);
    expect(received.size).toBe(12);
    expect([...received.values()].every((n) => n === 1)).toBe(true);
    const statuses = await queryRows<{ status: string; n: number }>(t.db, sql`SELECT status, count(*)::int AS n FROM messages WHERE batch_id = ${batch_id} GROUP BY 1`);
    expect(statuses.map((s) => [s.status, Number(s.n)])).toEqual([['sent', 12]]);
  });

  it('resumes after a restart without sending anyone twice', async () => {
    received.clear();
    await t.app.jobs.stop();
    // Queued while no worker runs (an api instance that only sends)...
    await t.app.jobs.start({ work: false });
    const ok = await send(sender, { all: true, body: 'Restart test' });
    expect(ok.statusCode).toBe(202);
    const { batch_id } = ok.json();
    // A run that crashed after claiming one row (in flight: sent_at set, still queued).
    await t.db.execute(sql`UPDATE messages SET sent_at = now() WHERE id = (SELECT min(id) FROM messages WHERE batch_id = ${batch_id})`);
    await t.app.jobs.stop();
    await t.app.jobs.start();
    await until(async () => (await queryRows(t.db, sql`SELECT 1 FROM messages WHERE batch_id = ${batch_id} AND status = 'queued'`)).length === 0);
    const statuses = await queryRows<{ status: string; n: number }>(t.db, sql`SELECT status, count(*)::int AS n FROM messages WHERE batch_id = ${batch_id} GROUP BY 1 ORDER BY 1`);
    expect(statuses.map((s) => [s.status, Number(s.n)])).toEqual([
      ['failed', 1],
      ['sent', 11],
    ]);
    expect(received.size).toBe(11);
    expect([...received.values()].every((n) => n === 1)).toBe(true);
  });
});
