import { MtnMomoDisbursement, SandboxMobileMoney, signCallback, verifyCallback, type TransferRequest } from './mobile-money';
import { startMtnMomoFake, type MtnMomoFake } from './mtn-momo-fake';

const transfer = (over: Partial<TransferRequest> = {}): TransferRequest => ({
  referenceId: '0b7e5d8c-1f0e-4c53-9d0a-3b8f6a7c2e11',
  amount: '1250.50',
  currency: 'ZMW',
  msisdn: '+260971234567',
  externalId: 'LA-2026-000001',
  payerMessage: 'Loan LA-2026-000001',
  payeeNote: 'Loan disbursement',
  ...over,
});

describe('SandboxMobileMoney', () => {
  it('is pending until it settles, then succeeds with a reference; a repeat of the reference is the same transfer', async () => {
    let now = 0;
    const s = new SandboxMobileMoney(1000, () => now);
    expect((await s.initiate(transfer())).state).toBe('pending');
    now = 999;
    expect((await s.status(transfer().referenceId)).state).toBe('pending');
    now = 1000;
    const done = await s.status(transfer().referenceId);
    expect(done).toMatchObject({ state: 'success', providerRef: 'SBX-0B7E5D8C1F0E' });
    expect(await s.initiate(transfer())).toEqual(done);
  });

  it('fails recipients ending in 0000', async () => {
    const s = new SandboxMobileMoney(0);
    expect(await s.initiate(transfer({ msisdn: '0977110000' }))).toMatchObject({ state: 'failed', providerRef: null });
  });
});

describe('callback signature', () => {
  it('accepts the HMAC of the raw body with the shared secret only', () => {
    const body = '{"referenceId":"x","status":"SUCCESSFUL"}';
    expect(verifyCallback('secret', body, signCallback('secret', body))).toBe(true);
    expect(verifyCallback('secret', `${body} `, signCallback('secret', body))).toBe(false);
    expect(verifyCallback('secret', body, signCallback('other', body))).toBe(false);
    expect(verifyCallback('', body, signCallback('', body))).toBe(false);
    expect(verifyCallback('secret', body, undefined)).toBe(false);
  });
});

describe('MtnMomoDisbursement against a local fake of the MTN MoMo API', () => {
  let fake: MtnMomoFake;
  beforeAll(async () => {
    fake = await startMtnMomoFake({
      product: 'disbursement',
      resource: 'transfer',
      subscriptionKey: 'sub-key',
      apiUser: 'api-user',
      apiKey: 'api-key',
      accept: (b) => ({ status: String((b['payee'] as { partyId: string }).partyId).endsWith('0000') ? 'FAILED' : 'SUCCESSFUL', financialTransactionId: '1234567' }),
    });
  });
  afterAll(() => fake.close());

  const momo = () => new MtnMomoDisbursement({ baseUrl: fake.base, subscriptionKey: 'sub-key', apiUser: 'api-user', apiKey: 'api-key', targetEnvironment: 'sandbox' });

  it('gets a token, posts the transfer in the documented shape (202 = pending) and reads the status', async () => {
    const m = momo();
    const first = await m.initiate({ ...transfer(), callbackUrl: 'https://lender.example/cb' });
    expect(first.state).toBe('pending');
    const post = fake.seen.find((r) => r.url === '/disbursement/v1_0/transfer');
    expect(post?.headers['x-reference-id']).toBe(transfer().referenceId);
    expect(post?.headers['x-target-environment']).toBe('sandbox');
    expect(post?.headers['x-callback-url']).toBe('https://lender.example/cb');
    expect(JSON.parse(post?.body ?? '{}')).toEqual({
      amount: '1250.50',
      currency: 'ZMW',
      externalId: 'LA-2026-000001',
      payee: { partyIdType: 'MSISDN', partyId: '260971234567' },
      payerMessage: 'Loan LA-2026-000001',
      payeeNote: 'Loan disbursement',
    });
    expect(await m.status(transfer().referenceId)).toMatchObject({ state: 'success', providerRef: '1234567' });
    // One token for both calls (cached until it expires).
    expect(fake.tokens()).toBe(1);
  });

  it('takes a repeated reference id (409) as the same transfer, and reads FAILED with its reason', async () => {
    const m = momo();
    expect(await m.initiate(transfer())).toMatchObject({ state: 'success' });
    const failing = transfer({ referenceId: '5f2b3c1a-0000-4000-8000-000000000001', msisdn: '0977110000' });
    await m.initiate(failing);
    expect(await m.status(failing.referenceId)).toMatchObject({ state: 'failed', providerRef: null });
    expect(await m.status('unknown-ref')).toMatchObject({ state: 'failed' });
  });
});
