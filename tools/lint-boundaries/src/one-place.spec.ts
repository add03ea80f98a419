/* eslint-disable no-restricted-syntax -- the probes below are the copies lint must refuse */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

// Issue 33: a rule lives in one place, and lint refuses a copy of it coming back. Each probe
// is a virtual file (linted by path, nothing is written) holding a copy that once existed.
const root = join(__dirname, '../../..');

const probes = {
  // transactions/server disburse.ts, before: today in Lusaka by hand.
  disburseToday: {
    filePath: 'libs/transactions/server/src/lib/disbursements/probe.ts',
    code: 'export const today = new Date(Date.now() + 2 * 3600_000).toISOString().slice(0, 10);\n',
  },
  // transactions/server auto.ts, before: the start of the Lusaka day.
  autoDayStart: {
    filePath: 'libs/transactions/server/src/lib/disbursements/probe.ts',
    code: 'export const dayStart = (now: Date) => new Date(`${now.toISOString().slice(0, 10)}T00:00:00+02:00`);\n',
  },
  // dashboard/server period.ts, before.
  dashboardOffset: {
    filePath: 'libs/dashboard/server/src/lib/dashboard/probe.ts',
    code: 'export const BUSINESS_UTC_OFFSET_MS = 2 * 60 * 60 * 1000;\n',
  },
  // loans/data-access applications-api.ts, before (a web lib).
  webMonth: {
    filePath: 'libs/loans/data-access/src/lib/probe.ts',
    code: 'export const month = (at: Date) => new Date(at.getTime() + 7_200_000).getUTCMonth();\n',
  },
  // The zone's name written again (web), and in server SQL.
  webZoneName: {
    filePath: 'libs/transactions/feature/src/lib/probe.ts',
    code: "export const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lusaka' }).format(new Date());\n",
  },
  serverZoneName: {
    filePath: 'libs/rbac/server/src/lib/probe.ts',
    code: "import { sql } from 'drizzle-orm';\nexport const dayStart = (d: string) => sql`(${d}::date::timestamp AT TIME ZONE 'Africa/Lusaka')`;\n",
  },
  // A test may name the zone (SQL fixtures), never add the offset.
  specOffset: {
    filePath: 'libs/loans/server/src/lib/probe.spec.ts',
    code: 'export const day = (at: Date) => new Date(at.getTime() + 2 * 3_600_000).toISOString().slice(0, 10);\n',
  },
  specZoneName: {
    filePath: 'libs/loans/server/src/lib/probe.spec.ts',
    code: "export const q = `SELECT (now() AT TIME ZONE 'Africa/Lusaka')::date`;\n",
  },
  // Money formatted by hand: loan actions, the disbursement SMS, receipts, the month total (before).
  moneyAfter: {
    filePath: 'libs/loans/feature/src/lib/probe.ts',
    code: 'export const m = (row: { amount: string }) => `lent ${row.amount} ZMW over 3 months`;\n',
  },
  moneyBefore: {
    filePath: 'libs/transactions/server/src/lib/disbursements/probe.ts',
    code: 'export const m = (amount: string) => `Your loan of ZMW ${amount} has been sent.`;\n',
  },
  moneyLocale: {
    filePath: 'libs/transactions/server/src/lib/repayments/probe.ts',
    code: "export const m = (v: string) => Number(v).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });\n",
  },
  moneyCurrency: {
    filePath: 'libs/loans/feature/src/lib/probe.tsx',
    code: "import { CURRENCY } from '@loan/shared-contract';\nexport const M = ({ v }: { v: string }) => <p>{CURRENCY} {v}</p>;\n",
  },
  moneyAllowed: {
    filePath: 'libs/transactions/server/src/lib/repayments/probe.ts',
    code: "import { formatMoney } from '@loan/shared-util-format';\nexport const m = (v: string) => `We received ${formatMoney(v)}. Amounts in ZMW.`;\n",
  },
  // The one helper, used as meant.
  allowed: {
    filePath: 'libs/transactions/feature/src/lib/probe.ts',
    code: [
      "import { businessDateOf, businessInstant, BUSINESS_TIME_ZONE } from '@loan/shared-util-format';",
      "export const x = [businessDateOf(new Date()), businessInstant('2026-03-01', 7), BUSINESS_TIME_ZONE, 60 * 60 * 1000, 24 * 3600_000];",
    ].join('\n'),
  },
};
type Key = keyof typeof probes;

let results: Record<Key, string>;

beforeAll(() => {
  const keys = Object.keys(probes) as Key[];
  const out = execFileSync(process.execPath, [join(__dirname, 'lint-probes.mjs'), root, JSON.stringify(keys.map((k) => probes[k])), 'no-restricted-syntax'], {
    cwd: root,
    env: { ...process.env, NX_DAEMON: 'false' },
    encoding: 'utf8',
  });
  // The last line: Nx may print a warning before it (no cached project graph).
  const messages = JSON.parse(out.trim().split('\n').pop() ?? '[]') as string[][];
  results = Object.fromEntries(keys.map((k, i) => [k, messages[i].join('\n')])) as Record<Key, string>;
});

describe('money is formatted in one place (lint refuses a copy)', () => {
  it.each(['moneyAfter', 'moneyBefore', 'moneyLocale', 'moneyCurrency'] as const)('refuses %s', (k) => {
    expect(results[k]).toMatch(/Money is shown by the one formatter/);
  });
  it('accepts formatMoney, and the currency named in prose', () => {
    expect(results.moneyAllowed).toBe('');
  });
});

describe('business time lives in one place (lint refuses a copy)', () => {
  it.each(['disburseToday', 'autoDayStart', 'dashboardOffset', 'webMonth', 'webZoneName', 'serverZoneName', 'specOffset'] as const)('refuses %s', (k) => {
    expect(results[k]).toMatch(/Business time comes from one place/);
  });
  it('lets tests name the zone, and code use the helper', () => {
    expect(results.specZoneName).toBe('');
    expect(results.allowed).toBe('');
  });
});
