import { addCalendarDays, businessDateOf, businessInstant, businessWallClock } from '@loan/shared-util-format';

/** Quiet hours in business time (NOTES.md "Business time"): no reminder goes out from `from` until `until` o'clock. */
export interface QuietHours {
  from: number;
  until: number;
}

export const QUIET_HOURS: QuietHours = { from: 20, until: 7 };

/**
 * When the quiet hours around `now` end (the next `until` o'clock, business time), or null
 * when `now` is outside them: a reminder due at 21:30 waits until 07:00 the next morning.
 */
export function quietUntil(now: Date, q: QuietHours = QUIET_HOURS): Date | null {
  const hour = businessWallClock(now).hour;
  const quiet = q.from > q.until ? hour >= q.from || hour < q.until : hour >= q.from && hour < q.until;
  if (!quiet) return null;
  const today = businessDateOf(now);
  const end = businessInstant(today, q.until);
  // After `from` in the evening: tomorrow's `until`.
  return end.getTime() > now.getTime() ? end : businessInstant(addCalendarDays(today, 1), q.until);
}
