import {
  addCalendarDays,
  BUSINESS_TIME_ZONE,
  businessDateOf,
  businessInstant,
  businessMonthOf,
  businessWallClock,
  startOfBusinessDay,
  startOfBusinessMonth,
} from './business-time';

describe('business time (NOTES.md "Business time")', () => {
  it('is Africa/Lusaka', () => {
    expect(BUSINESS_TIME_ZONE).toBe('Africa/Lusaka');
  });
  it('reads the business date of an instant at the day boundary (23:30 / 00:30 Lusaka)', () => {
    expect(businessDateOf('2026-03-01T21:30:00Z')).toBe('2026-03-01'); // 23:30 Lusaka
    expect(businessDateOf('2026-03-01T22:30:00Z')).toBe('2026-03-02'); // 00:30 Lusaka
    expect(businessDateOf(new Date('2026-12-31T22:00:00Z'))).toBe('2027-01-01');
  });
  it('reads the business month at the month boundary', () => {
    expect(businessMonthOf('2026-02-28T21:59:59Z')).toEqual({ month: '02', year: '2026' });
    expect(businessMonthOf('2026-02-28T22:00:00Z')).toEqual({ month: '03', year: '2026' });
  });
  it('gives the instant a business day starts, and its wall clock', () => {
    expect(businessInstant('2026-03-02').toISOString()).toBe('2026-03-01T22:00:00.000Z');
    expect(businessInstant('2026-03-02', 7).toISOString()).toBe('2026-03-02T05:00:00.000Z');
    expect(startOfBusinessDay('2026-03-01T22:30:00Z').toISOString()).toBe('2026-03-01T22:00:00.000Z');
    expect(startOfBusinessMonth('2026-03-31T22:30:00Z').toISOString()).toBe('2026-03-31T22:00:00.000Z');
    expect(businessWallClock('2026-03-01T21:30:00Z')).toMatchObject({ hour: 23, minute: 30 });
  });
  it('follows another zone, daylight saving included (the zone is a setting, not an offset)', () => {
    expect(businessDateOf('2026-07-01T23:30:00Z', 'Europe/London')).toBe('2026-07-02');
    expect(businessInstant('2026-07-02', 0, 'Europe/London').toISOString()).toBe('2026-07-01T23:00:00.000Z');
    expect(businessInstant('2026-01-02', 0, 'Europe/London').toISOString()).toBe('2026-01-02T00:00:00.000Z');
  });
  it('adds calendar days across months and years', () => {
    expect(addCalendarDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addCalendarDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});
