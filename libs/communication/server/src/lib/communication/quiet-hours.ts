/** Quiet hours in business time (Africa/Lusaka): no reminder goes out from `from` until `until` o'clock. */
export interface QuietHours {
  from: number;
  until: number;
}

export const QUIET_HOURS: QuietHours = { from: 20, until: 7 };

/** Zambia keeps UTC+2 all year (no daylight saving): business time is UTC plus two hours. */
const LUSAKA_OFFSET_MS = 2 * 3600_000;

/**
 * When the quiet hours around `now` end (the next `until` o'clock, business time), or null
 * when `now` is outside them: a reminder due at 21:30 waits until 07:00 the next morning.
 */
export function quietUntil(now: Date, q: QuietHours = QUIET_HOURS): Date | null {
  const local = new Date(now.getTime() + LUSAKA_OFFSET_MS);
  const hour = local.getUTCHours();
  const quiet = q.from > q.until ? hour >= q.from || hour < q.until : hour >= q.from && hour < q.until;
  if (!quiet) return null;
  const end = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate(), q.until) - LUSAKA_OFFSET_MS);
  // After `from` in the evening: tomorrow's `until`.
  return end.getTime() > now.getTime() ? end : new Date(end.getTime() + 24 * 3600_000);
}
