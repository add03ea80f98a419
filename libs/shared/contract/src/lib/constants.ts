/** Business constants shared by the api and the web apps (spec §9, NOTES.md). */
export const CURRENCY = 'ZMW';
export const PAGE_SIZES = [15, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 15;
export const PERSISTED_STATE_TTL_MS = 3 * 60 * 60 * 1000;
export const SESSION_IDLE_MINUTES_DEFAULT = 30;
export const SESSION_MAX_HOURS_DEFAULT = 12;
export const LOGIN_MAX_FAILURES_PER_MINUTE = 5;
export const OFFER_VALID_DAYS_DEFAULT = 7;
export const OTP_LENGTH = 6;
export const OTP_VALID_MINUTES = 10;
export const OTP_MAX_TRIES = 5;
export const SIGNATURE_MAX_BYTES = 1024 * 1024;
export const STYLES = ['basic', 'white'] as const;
export type StyleName = (typeof STYLES)[number];
export const DEFAULT_STYLE: StyleName = 'basic';
export const MONTHS = [
  { code: '01', name: 'January', abbr: 'jan' },
  { code: '02', name: 'February', abbr: 'feb' },
  { code: '03', name: 'March', abbr: 'mar' },
  { code: '04', name: 'April', abbr: 'apr' },
  { code: '05', name: 'May', abbr: 'may' },
  { code: '06', name: 'June', abbr: 'jun' },
  { code: '07', name: 'July', abbr: 'jul' },
  { code: '08', name: 'August', abbr: 'aug' },
  { code: '09', name: 'September', abbr: 'sep' },
  { code: '10', name: 'October', abbr: 'oct' },
  { code: '11', name: 'November', abbr: 'nov' },
  { code: '12', name: 'December', abbr: 'dec' },
] as const;
export type MonthAbbr = (typeof MONTHS)[number]['abbr'];
export const DEMO_PASSWORD = 'Demo#2026';
