import {
  AirtelMoneyCollection,
  collectionAmount,
  collectionCallbackSecret,
  collectionFromEnv,
  MtnMomoCollection,
  mtnCollectionFromBody,
  refusedCallbackLog,
  SandboxCollection,
  type CollectionRequest,
} from './collection';
import { CALLBACK_SIGNATURE_HEADER, signCallback } from './mobile-money';
import { startFakeServer, startMtnMomoFake, type FakeServer, type MtnMomoFake } from './mtn-momo-fake';

const request = (over: Partial<CollectionRequest> = {}): CollectionRequest => ({
  referenceId: '7c1e2d3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f',
  amount: '600.00',
  currency: 'ZMW',
  msisdn: '+260971234567',
  externalId: 'LA-2026-000001',
  payerMessage: 'Loan LA-2026-000001 instalment',
  payeeNote: 'Repayment',
  ...over,
});

describe('SandboxCollection', () => {
  it('is pending until it settles, then succeeds with a transaction id; a repeat of the reference is the same payment', async () => {
    let now = 0;
    const s = new SandboxCollection(1000, () => now);
    expect((await s.requestToPay(request())).state).toBe('pending');
    now = 999;
    expect((await s.status(request().referenceId)).state).toBe('pending');
    now = 1000;
    const done = await s.status(request().referenceId);
    expect(done).toMatchObject({ state: 'success', providerRef: 'SBXC-7C1E2D3F4A5B', amount: '600.00', payer: '260971234567' });
    expect(await s.requestToPay(request())).toEqual(done);
  });

  it('fails payers ending in 0000, and an unknown reference', async () => {
    const s = new SandboxCollection(0);
    expect(await s.requestToPay(request({ msisdn: '0977110000' }))).toMatchObject({ state: 'failed', providerRef: null });
    expect(await s.status('nope')).toMatchObject({ state: 'failed' });
  });
});

describe('collection helpers', () => {
  it('reads amounts exactly, refusing floats and junk', () => {
    expect(collectionAmount('1250.5')).toBe('1250.50');
    expect(collectionAmount('0600')).toBe('600.00');
    expect(collectionAmount(1250.5)).toBeNull();
    expect(collectionAmount('1e3')).toBeNull();
    expect(collectionAmount('12.345')).toBeNull();
  });

  it('reads an MTN body; SUCCESSFUL without a transaction id stays pending (it could not be posted once)', () => {
    expect(mtnCollectionFromBody({ status: 'SUCCESSFUL', financialTransactionId: '99', amount: '10', payer: { partyIdType: 'MSISDN', partyId: '260971' } })).toMatchObject({
      state: 'success',
      providerRef: '99',
      amount: '10.00',
      payer: '260971',
    });
    expect(mtnCollectionFromBody({ status: 'SUCCESSFUL' })).toMatchObject({ state: 'pending', providerRef: null });
    expect(mtnCollectionFromBody({ status: 'FAILED', reason: 'APPROVAL_REJECTED' })).toMatchObject({ state: 'failed', reason: 'APPROVAL_REJECTED' });
  });

  it('takes the provider from the environment, naming a missing variable but never a value', () => {
    expect(collectionFromEnv({}).name).toBe('sandbox');
    expect(() => collectionFromEnv({ COLLECTION_PROVIDER: 'mtn', MTN_MOMO_BASE_URL: 'http://x', MTN_MOMO_COLLECTION_API_KEY: 'very-secret-key' })).toThrow(
      /MTN_MOMO_COLLECTION_SUBSCRIPTION_KEY/,
    );
    try {
      collectionFromEnv({ COLLECTION_PROVIDER: 'airtel', AIRTEL_BASE_URL: 'http://x', AIRTEL_CLIENT_SECRET: 'very-secret-key' });
    } catch (err) {
      expect(String(err)).not.toContain('very-secret-key');
    }
    expect(collectionFromEnv({ COLLECTION_PROVIDER: 'mtn', MTN_MOMO_BASE_URL: 'http://x', MTN_MOMO_COLLECTION_SUBSCRIPTION_KEY: 's', MTN_MOMO_COLLECTION_API_USER: 'u', MTN_MOMO_COLLECTION_API_KEY: 'k' }).name).toBe('mtn_momo');
    expect(collectionCallbackSecret({ MOBILE_MONEY_CALLBACK_SECRET: 'a' })).toBe('a');
    expect(collectionCallbackSecret({ MOBILE_MONEY_CALLBACK_SECRET: 'a', COLLECTION_CALLBACK_SECRET: 'b' })).toBe('b');
  });

  it('logs a refused callback without its body, signature or secret', () => {
    const body = JSON.stringify({ referenceId: 'r', status: 'SUCCESSFUL', payer: { partyId: '260971234567' } });
    const sig = signCallback('the-secret', body);
    const line = JSON.stringify(refusedCallbackLog(body, { [CALLBACK_SIGNATURE_HEADER]: sig }));
    expect(line).not.toContain('260971234567');
    expect(line).not.toContain(sig);
    expect(line).not.toContain('the-secret');
    expect(line).toContain('present');
  });
});

/** A local fake of MTN MoMo's Collection API (the payout fake's pattern), which settles what it is told. */
describe('MtnMomoCollection against a local fake of the MTN MoMo Collection API', () => {
  let fake: MtnMomoFake;
  // Pending at first (the payer has not approved yet); the test settles it.
  beforeAll(async () => {
    fake = await startMtnMomoFake({ product: 'collection', resource: 'requesttopay', subscriptionKey: 'col-key', apiUser: 'col-user', apiKey: 'col-secret', accept: () => ({ status: 'PENDING' }) });
  });
  afterAll(() => fake.close());

  const momo = () => new MtnMomoCollection({ baseUrl: fake.base, subscriptionKey: 'col-key', apiUser: 'col-user', apiKey: 'col-secret', targetEnvironment: 'sandbox' });

  it('posts the request to pay in the documented shape (202 = pending); a lost callback is found by polling', async () => {
    const m = momo();
    const first = await m.requestToPay({ ...request(), callbackUrl: 'https://lender.example/cb' });
    expect(first.state).toBe('pending');
    const post = fake.seen.find((r) => r.url === '/collection/v1_0/requesttopay');
    expect(post?.headers['x-reference-id']).toBe(request().referenceId);
    expect(post?.headers['x-target-environment']).toBe('sandbox');
    expect(post?.headers['x-callback-url']).toBe('https://lender.example/cb');
    expect(JSON.parse(post?.body ?? '{}')).toEqual({
      amount: '600.00',
      currency: 'ZMW',
      externalId: 'LA-2026-000001',
      payer: { partyIdType: 'MSISDN', partyId: '260971234567' },
      payerMessage: 'Loan LA-2026-000001 instalment',
      payeeNote: 'Repayment',
    });
    expect(await m.status(request().referenceId)).toMatchObject({ state: 'pending' });
    // The payer approves; no callback ever comes: the poll sees it.
    Object.assign(fake.records.get(request().referenceId) as object, { status: 'SUCCESSFUL', financialTransactionId: '55501234' });
    expect(await m.status(request().referenceId)).toMatchObject({ state: 'success', providerRef: '55501234', amount: '600.00', payer: '260971234567' });
    expect(fake.tokens()).toBe(1);
  });

  it('takes a repeated reference id (409) as the same request, reads FAILED with its reason and a 404 as failed', async () => {
    const m = momo();
    expect(await m.requestToPay(request())).toMatchObject({ state: 'success', providerRef: '55501234' });
    const failing = request({ referenceId: '1f2e3d4c-0000-4000-8000-000000000001', msisdn: '0977110000' });
    await m.requestToPay(failing);
    Object.assign(fake.records.get(failing.referenceId) as object, { status: 'FAILED', reason: 'PAYER_NOT_FOUND' });
    expect(await m.status(failing.referenceId)).toMatchObject({ state: 'failed', providerRef: null, reason: 'PAYER_NOT_FOUND' });
    expect(await m.status('unknown-ref')).toMatchObject({ state: 'failed' });
  });

  it('keeps its credentials out of its errors', async () => {
    const bad = new MtnMomoCollection({ baseUrl: fake.base, subscriptionKey: 'col-key', apiUser: 'col-user', apiKey: 'wrong-secret-value', targetEnvironment: 'sandbox' });
    await expect(bad.status('x')).rejects.toThrow('HTTP 401');
    await bad.status('x').catch((err: Error) => expect(`${err.message}${err.stack}`).not.toContain('wrong-secret-value'));
  });
});

describe('AirtelMoneyCollection against a local fake (request, then poll TS / TF)', () => {
  let fake: FakeServer;
  const tx = new Map<string, { status: string; id: string }>();

  beforeAll(async () => {
    fake = await startFakeServer((req, json) => {
      if (req.method === 'POST' && req.url === '/auth/oauth2/token') {
        const b = JSON.parse(req.body);
        return b.client_secret === 'air-secret' ? json(200, { access_token: 'air-tok', expires_in: '180' }) : json(401, {});
      }
      if (req.headers.authorization !== 'Bearer air-tok' || req.headers['x-country'] !== 'ZM') return json(401, {});
      if (req.method === 'POST' && req.url === '/merchant/v1/payments/') {
        const b = JSON.parse(req.body);
        tx.set(b.transaction.id, { status: b.subscriber.msisdn.endsWith('0000') ? 'TF' : 'TIP', id: b.transaction.id });
        return json(200, { data: { transaction: { id: b.transaction.id, status: 'Success.' } }, status: { code: '200', success: true } });
      }
      const m = /^\/standard\/v1\/payments\/(.+)$/.exec(req.url);
      if (req.method === 'GET' && m) {
        const t = tx.get(decodeURIComponent(m[1]));
        if (!t) return json(404, {});
        return json(200, { data: { transaction: { id: t.id, status: t.status, airtel_money_id: t.status === 'TS' ? 'AM-777' : null, message: t.status === 'TF' ? 'Insufficient funds' : '' } } });
      }
      json(404, {});
    });
  });
  afterAll(() => fake.close());

  it('requests, polls pending, then success with the Airtel Money id; TF is failed with its message', async () => {
    const a = new AirtelMoneyCollection({ baseUrl: fake.base, clientId: 'air-id', clientSecret: 'air-secret' });
    expect((await a.requestToPay(request())).state).toBe('pending');
    expect((await a.status(request().referenceId)).state).toBe('pending');
    (tx.get(request().referenceId) as { status: string }).status = 'TS';
    expect(await a.status(request().referenceId)).toMatchObject({ state: 'success', providerRef: 'AM-777' });
    const f = request({ referenceId: 'f-1', msisdn: '0977110000' });
    await a.requestToPay(f);
    expect(await a.status(f.referenceId)).toMatchObject({ state: 'failed', reason: 'Insufficient funds' });
  });
});
