/**
 * Business time (NOTES.md "Business time") in TypeScript, for web and server alike: the
 * business date of an instant, today's business date, the instant a business day starts.
 * Built on Intl.DateTimeFormat with the business time zone: no offset is written anywhere,
 * so a change of the zone (or a zone with daylight saving) needs no code change.
 *
 * On the server, "today" comes from the one clock (`businessToday(db)` of
 * @loan/shared-server, `business_today()` in SQL), which tests and the demo can fix; these
 * helpers turn instants into business dates and back.
 *
 * A lint rule (eslint.config.mjs, "business time") refuses hour-offset arithmetic and the
 * zone's name anywhere else.
 */

/** The business time zone: the one place its name is written in TypeScript (the api's setting defaults to it). */
export const BUSINESS_TIME_ZONE = 'Africa/Lusaka';

type Instant = Date | string | number;

const formats = new Map<string, Intl.DateTimeFormat>();
function formatIn(timeZone: string): Intl.DateTimeFormat {
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formats.set(timeZone, f);
  }
  return f;
}

function toInstant(at: Instant): Date {
  const d = at instanceof Date ? at : new Date(at);
  if (Number.isNaN(d.getTime())) throw new RangeError(`not an instant: ${String(at)}`);
  return d;
}

/** The wall clock of an instant in a time zone. */
export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The wall clock (year, month 1-12, day, hour 0-23, ...) of an instant in the business time zone. */
export function businessWallClock(at: Instant, timeZone = BUSINESS_TIME_ZONE): WallClock {
  const parts: Record<string, number> = {};
  for (const p of formatIn(timeZone).formatToParts(toInstant(at))) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return { year: parts['year'], month: parts['month'], day: parts['day'], hour: parts['hour'], minute: parts['minute'], second: parts['second'] };
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** The business date ('2026-03-01') of an instant. */
export function businessDateOf(at: Instant, timeZone = BUSINESS_TIME_ZONE): string {
  const w = businessWallClock(at, timeZone);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`;
}

/** Today's business date by the machine's clock (web code; server code reads `businessToday(db)`). */
export function businessTodayOf(now: Instant = new Date(), timeZone = BUSINESS_TIME_ZONE): string {
  return businessDateOf(now, timeZone);
}

/** The business month of an instant: month '01'-'12' and year. */
export function businessMonthOf(at: Instant, timeZone = BUSINESS_TIME_ZONE): { month: string; year: string } {
  const w = businessWallClock(at, timeZone);
  return { month: pad(w.month), year: String(w.year) };
}

/** The zone's offset from UTC at an instant, in milliseconds (read from the zone, never assumed). */
function offsetAt(t: number, timeZone: string): number {
  const w = businessWallClock(t, timeZone);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(t / 1000) * 1000;
}

/**
 * The instant at which a business date's wall clock reads `hour`:00 (midnight by default):
 * `businessInstant('2026-03-01')` is the start of that business day.
 */
export function businessInstant(date: string, hour = 0, timeZone = BUSINESS_TIME_ZONE): Date {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) throw new RangeError(`not a date: ${date}`);
  const wall = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), hour);
  // Twice: the offset at the first guess may differ from the one at the answer (a DST change).
  let t = wall - offsetAt(wall, timeZone);
  t = wall - offsetAt(t, timeZone);
  return new Date(t);
}

/** The start of the business day that contains `at`. */
export function startOfBusinessDay(at: Instant, timeZone = BUSINESS_TIME_ZONE): Date {
  return businessInstant(businessDateOf(at, timeZone), 0, timeZone);
}

/** The start of the business month that contains `at`. */
export function startOfBusinessMonth(at: Instant, timeZone = BUSINESS_TIME_ZONE): Date {
  const { month, year } = businessMonthOf(at, timeZone);
  return businessInstant(`${year}-${month}-01`, 0, timeZone);
}

/** A calendar date `days` after `date` (negative: before), both 'YYYY-MM-DD'. */
export function addCalendarDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) throw new RangeError(`not a date: ${date}`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
