import { canTransition, offerLookupFromHttpStatus } from './statuses';

describe('loan status transitions', () => {
  it.each([
    ['request', 'approved', true],
    ['request', 'rejected', true],
    ['approved', 'closed', true],
    ['request', 'closed', false],
    ['rejected', 'approved', false],
    ['closed', 'request', false],
  ] as const)('%s -> %s is %s', (from, to, ok) => {
    expect(canTransition(from, to)).toBe(ok);
  });
});

describe('offer lookup', () => {
  it.each([
    [200, 'VALID'],
    [410, 'EXPIRED'],
    [404, 'NOT_FOUND'],
    [500, 'UNKNOWN'],
    [0, 'UNKNOWN'],
  ] as const)('HTTP %s reads %s', (status, result) => {
    expect(offerLookupFromHttpStatus(status)).toBe(result);
  });
});
