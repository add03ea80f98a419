import { totalFromPage } from './rows';

/** A page by number that shows the end of its list carries its total without a count query. */
describe('totalFromPage', () => {
  it('counts a last page: offset plus its rows', () => {
    expect(totalFromPage(3, 15, 0, undefined)).toBe(3);
    expect(totalFromPage(0, 15, 0, undefined)).toBe(0);
    expect(totalFromPage(15, 15, 30, undefined)).toBe(45);
  });

  it('says nothing when more follow, past the end, or after a cursor', () => {
    expect(totalFromPage(16, 15, 0, undefined)).toBeUndefined();
    expect(totalFromPage(0, 15, 30, undefined)).toBeUndefined();
    expect(totalFromPage(3, 15, 0, { createdAt: '2026-01-01', id: 1 })).toBeUndefined();
  });
});
