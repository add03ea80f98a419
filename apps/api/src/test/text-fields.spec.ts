import { schemaFields, routeName, type TestApp } from '@loan/shared-server/testing';
import { createTestApp } from './test-app';

/**
 * Issue 11 item 7: a NUL byte (PostgreSQL refuses it: a 500) or another control character
 * in any text answers 422 at the schema layer, on every route. For each top-level field of
 * every route's body, query and params schema that accepts some ordinary text, the same
 * text with a NUL or a BEL inside must be refused by the schema itself: a field written as
 * a bare z.string() instead of the contract's textField vocabulary fails here.
 */
const SAMPLES = [
  'abc',
  'Bwalya Mwale',
  'Loan for school fees',
  '0977123456',
  '+260977123456',
  '123456/78/9',
  'officer@demo.zm',
  '2026-01-15',
  'LA-2026-000001',
  'request',
  'sms',
  'email',
  '12',
  'Str0ng#Passw0rd-2026',
  'A'.repeat(43),
];

/**
 * Exempt, with the reason: the contract token of the borrower's letter link is only hashed
 * (SHA-256) before the lookup, never stored or compared as text, and junk links answer 404
 * whatever they contain (commit 641100a), not 422.
 */
const EXEMPT = new Set(['GET /api/loan-offer-letter/getByToken/:token params.token', 'POST /api/loan-offer-letter/borrower-sign-offer/:token params.token']);

describe('control characters in text fields of every route', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('refuses NUL and other control characters in every text field, by schema', () => {
    const failures: string[] = [];
    let checked = 0;
    for (const r of t.app.routeTable) {
      for (const [part, schema] of [['body', r.body], ['query', r.query], ['params', r.params]] as const) {
        for (const [key, field] of schemaFields(schema)) {
          if (EXEMPT.has(`${routeName(r)} ${part}.${key}`)) continue;
          const sample = SAMPLES.find((s) => field.safeParse(s).success);
          if (sample === undefined) continue;
          checked += 1;
          const mid = Math.max(1, sample.length >> 1);
          for (const [label, c] of [['NUL', '\u0000'], ['BEL', '\u0007'], ['ESC', '\u001b'], ['DEL', '\u007f']] as const) {
            const bad = sample.slice(0, mid) + c + sample.slice(mid);
            if (field.safeParse(bad).success) failures.push(`${routeName(r)} ${part}.${key} accepts ${label} (in '${sample}')`);
          }
        }
      }
    }
    // The walk really reached the text fields (names, searches, NRCs, mobiles, passwords...).
    expect(checked).toBeGreaterThan(40);
    expect(failures).toEqual([]);
  });
});
