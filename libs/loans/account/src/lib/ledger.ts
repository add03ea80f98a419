import { sql } from 'drizzle-orm';
import { fromNgwee } from '@loan/shared-contract';
import { queryRows, type Db } from '@loan/shared-server';
import {
  balancesOf,
  replay,
  RuleError,
  type Allocation,
  type Instalment,
  type LedgerEvent,
  type Part,
  type Parts,
  type ReplayResult,
  type TxKind,
} from '@loan/loans-rules';

/**
 * THE allocation engine of the loan account at run time (issue 26): the rules' `replay` driven
 * from TypeScript. For a loan: read its live ledger, its repayments and its stored schedules;
 * replay them (plus the command's new event); the rows whose effect changed are inserted again
 * and the replaced ones superseded (never updated otherwise); new events are inserted with
 * their effect; the kept balances are written from the replay. Stored ledger == replay after
 * every command (`consistent` in the tests runs it again and expects no change).
 *
 * Identity of a logical event across supersessions: a repayment's rows by (repayment_id, kind);
 * every other row by its chain of supersession (its first row's seq). Order inside a value
 * date (the rules order by value date, then seq; the engine hands them seqs in this order):
 * the disbursement, then the order the events were recorded in (the chain's first seq; a
 * repayment without a ledger row yet after every recorded event, by repayment id; a
 * reversal right after its repayment's place). For a ledger of repayments only this is the
 * SQL loan_ledger_rebuild's order (paid_at, repayment id) whenever the repayments' first rows
 * were written in id order (every path but a bulk upload's rows later edited onto one date).
 */

/** Inside a value date: the disbursement first, then the order in which the events were recorded. */
const RANK = (k: TxKind) => (k === 'disbursement' ? 0 : 1);
/** Kinds whose stored signed allocation is the opposite of the rules' (positive = paid, waived, written off). */
const NEGATED = new Set<TxKind>(['repayment', 'repayment_reversal', 'waiver', 'write_off', 'settlement']);
const PARTS: readonly Part[] = ['principal', 'interest', 'fees', 'penalty'];

/** ngwee from a decimal text as PostgreSQL prints it ('-250', '833.3', '0.00'). */
export function ngweeOf(text: string | number | null | undefined): bigint {
  const s = String(text ?? '0').trim();
  const m = /^(-?)(\d+)(?:\.(\d{0,2})\d*)?$/.exec(s);
  if (!m) throw new Error(`not an amount: ${s}`);
  const v = BigInt(m[2]) * 100n + BigInt((m[3] ?? '').padEnd(2, '0') || '0');
  return m[1] ? -v : v;
}

export interface LiveRow {
  id: number;
  seq: number;
  rootSeq: number;
  kind: TxKind;
  valueDate: string;
  bookingDate: string;
  amount: bigint;
  parts: Parts;
  /** canonical text of the stored allocation */
  allocation: string;
  instalmentNo: number | null;
  chargeMonth: number | null;
  reason: string | null;
  repaymentId: number | null;
  reversesId: number | null;
  disbursementId: number | null;
  createdBy: number | null;
}

interface RepaymentRow {
  id: number;
  amount: bigint;
  paidAt: string;
  paidBooking: string;
  reversedOn: string | null;
  reversalReason: string | null;
  createdBy: number | null;
  reversedBy: number | null;
}

export interface LoadedLoan {
  applicationId: number;
  state: 'active' | 'closed' | 'written_off';
  scheduleVersion: number;
  order: Part[];
  /** every stored schedule version: 1 is the one of the disbursement */
  versions: Map<number, Instalment[]>;
  rows: LiveRow[];
  repayments: RepaymentRow[];
}

/** A new row a command adds (its effect comes from the replay). */
export interface NewEvent {
  kind: TxKind;
  valueDate: string;
  amount: bigint;
  part?: 'penalty' | 'fees' | 'interest';
  instalmentNo?: number;
  chargeMonth?: number;
  reason?: string | null;
  /** reschedule: the new instalments (stored as schedule version `scheduleVersion`) */
  schedule?: Instalment[];
  createdBy: number | null;
}

interface Origin {
  row?: LiveRow;
  repayment?: RepaymentRow;
  reversal?: boolean;
  fresh?: NewEvent;
}

const idList = (ids: readonly number[]) => sql`string_to_array(${ids.join(',')}, ',')::bigint[]`;

/** Reads what the replay needs of these loans (no lock: the caller holds the accounts' locks). */
export async function loadLoans(tx: Db, ids: readonly number[]): Promise<Map<number, LoadedLoan>> {
  const out = new Map<number, LoadedLoan>();
  if (!ids.length) return out;
  const arr = idList(ids);
  const accs = await queryRows<{ id: number; state: LoadedLoan['state']; v: number; ord: string[] | string }>(
    tx,
    sql`SELECT application_id::int AS id, state, schedule_version AS v, allocation_order AS ord FROM loan_accounts WHERE application_id = ANY (${arr})`,
  );
  for (const a of accs) {
    const ord = Array.isArray(a.ord) ? a.ord : String(a.ord).replace(/[{}]/g, '').split(',');
    out.set(Number(a.id), { applicationId: Number(a.id), state: a.state, scheduleVersion: Number(a.v), order: ord as Part[], versions: new Map(), rows: [], repayments: [] });
  }
  const inst = await queryRows<{ id: number; v: number; no: number; due: string; p: string; i: string; f: string }>(
    tx,
    sql`SELECT application_id::int AS id, schedule_version AS v, no, due_date::text AS due, principal::text AS p, interest::text AS i, fees::text AS f
          FROM loan_instalments WHERE application_id = ANY (${arr}) ORDER BY application_id, schedule_version, no`,
  );
  for (const r of inst) {
    const l = out.get(Number(r.id));
    if (!l) continue;
    const list = l.versions.get(Number(r.v)) ?? [];
    list.push({ no: Number(r.no), dueDate: r.due, principal: ngweeOf(r.p), interest: ngweeOf(r.i), fees: ngweeOf(r.f) });
    l.versions.set(Number(r.v), list);
  }
  const all = await queryRows<{
    id: number; app: number; seq: number; kind: TxKind; vd: string; bd: string; amount: string; p: string; i: string; f: string; n: string;
    alloc: string; ino: number | null; cm: number | null; reason: string | null; rep: number | null; rev: number | null; disb: number | null;
    by: number | null; sup: number | null;
  }>(
    tx,
    sql`SELECT id::int AS id, application_id::int AS app, seq, kind, value_date::text AS vd, booking_date::text AS bd, amount::text AS amount,
               principal::text AS p, interest::text AS i, fees::text AS f, penalty::text AS n,
               coalesce((SELECT string_agg(concat_ws(':', e->>'no', e->>'principal', e->>'interest', e->>'fees', e->>'penalty'), ';')
                           FROM jsonb_array_elements(allocation) e), '') AS alloc,
               instalment_no AS ino, charge_month AS cm, reason, repayment_id::int AS rep, reverses_id::int AS rev,
               disbursement_id::int AS disb, created_by::int AS by, superseded_by::int AS sup
          FROM loan_transactions WHERE application_id = ANY (${arr}) ORDER BY application_id, seq`,
  );
  const prevOf = new Map<number, number>(); // row id -> the row it replaced
  const seqOf = new Map<number, number>();
  for (const r of all) {
    seqOf.set(Number(r.id), Number(r.seq));
    if (r.sup !== null) prevOf.set(Number(r.sup), Number(r.id));
  }
  const rootSeq = (id: number) => {
    let cur = id;
    for (let k = 0; k < 10_000 && prevOf.has(cur); k++) cur = prevOf.get(cur) as number;
    return seqOf.get(cur) as number;
  };
  for (const r of all) {
    if (r.sup !== null) continue;
    const l = out.get(Number(r.app));
    if (!l) continue;
    l.rows.push({
      id: Number(r.id),
      seq: Number(r.seq),
      rootSeq: rootSeq(Number(r.id)),
      kind: r.kind,
      valueDate: r.vd,
      bookingDate: r.bd,
      amount: ngweeOf(r.amount),
      parts: { principal: ngweeOf(r.p), interest: ngweeOf(r.i), fees: ngweeOf(r.f), penalty: ngweeOf(r.n) },
      allocation: canonicalStored(r.alloc),
      instalmentNo: r.ino === null ? null : Number(r.ino),
      chargeMonth: r.cm === null ? null : Number(r.cm),
      reason: r.reason,
      repaymentId: r.rep === null ? null : Number(r.rep),
      reversesId: r.rev === null ? null : Number(r.rev),
      disbursementId: r.disb === null ? null : Number(r.disb),
      createdBy: r.by === null ? null : Number(r.by),
    });
  }
  const reps = await queryRows<{ id: number; app: number; amount: string; paid_at: string; bd: string; rd: string | null; reason: string | null; cb: number | null; rb: number | null }>(
    tx,
    sql`SELECT id::int AS id, application_id::int AS app, amount::text AS amount, paid_at::text AS paid_at,
               (created_at AT TIME ZONE business_time_zone())::date::text AS bd,
               (reversed_at AT TIME ZONE business_time_zone())::date::text AS rd, reversal_reason AS reason,
               created_by::int AS cb, reversed_by::int AS rb
          FROM repayments WHERE application_id = ANY (${arr}) ORDER BY id`,
  );
  for (const r of reps) {
    out.get(Number(r.app))?.repayments.push({
      id: Number(r.id),
      amount: ngweeOf(r.amount),
      paidAt: r.paid_at,
      paidBooking: r.bd,
      reversedOn: r.rd,
      reversalReason: r.reason,
      createdBy: r.cb === null ? null : Number(r.cb),
      reversedBy: r.rb === null ? null : Number(r.rb),
    });
  }
  return out;
}

function canonicalStored(text: string): string {
  if (!text) return '';
  return text
    .split(';')
    .map((e) => {
      const [no, ...ps] = e.split(':');
      return [Number(no), ...ps.map((p) => ngweeOf(p).toString())].join(':');
    })
    .sort((a, b) => Number(a.split(':')[0]) - Number(b.split(':')[0]))
    .join(';');
}

/** The stored (signed) allocation of an effect, canonical text and JSON for the insert. */
function storedAllocation(kind: TxKind, allocation: Allocation[]): { canonical: string; json: string } {
  const sign = NEGATED.has(kind) ? -1n : 1n;
  const list = [...allocation].sort((a, b) => a.no - b.no);
  return {
    canonical: list.map((a) => [a.no, ...PARTS.map((p) => (sign * a.parts[p]).toString())].join(':')).join(';'),
    // jsonb numbers written as exact decimals (never through a float)
    json: `[${list.map((a) => `{"no":${a.no},${PARTS.map((p) => `"${p}":${fromNgwee(sign * a.parts[p])}`).join(',')}}`).join(',')}]`,
  };
}

export interface Planned {
  result: ReplayResult;
  /** rows to insert: changed ones (oldId set), missing repayment rows, the new events */
  writes: Array<{
    oldId: number | null;
    kind: TxKind;
    valueDate: string;
    bookingDate: string | null;
    amount: bigint;
    parts: Parts;
    /** JSON text */
    allocation: string;
    instalmentNo: number | null;
    chargeMonth: number | null;
    reason: string | null;
    repaymentId: number | null;
    /** reversal: the repayment whose live row it names */
    reversesRepaymentId: number | null;
    reversesId: number | null;
    disbursementId: number | null;
    createdBy: number | null;
    /** order of insertion inside the loan (repayments before their reversals) */
    ord: number;
  }>;
}

/**
 * Replays one loan (its live rows, its repayments, plus `fresh` new events) and lists what to
 * write. Throws the rules' RuleError when the ledger would be invalid (the command refuses).
 */
export function planLoan(l: LoadedLoan, today: string, fresh: NewEvent[] = []): Planned {
  type Keyed = { date: string; rank: number; key: number; sub: number; origin: Origin; ev: Omit<LedgerEvent, 'seq'> };
  const items: Keyed[] = [];
  let rescheduleNo = 0;
  const reschedules: Keyed[] = [];
  for (const row of l.rows) {
    if (row.kind === 'repayment' || row.kind === 'repayment_reversal') {
      if (row.repaymentId !== null) continue; // from the repayments table below
    }
    const ev: Omit<LedgerEvent, 'seq'> = { kind: row.kind, valueDate: row.valueDate, amount: row.amount };
    if (row.instalmentNo !== null) ev.instalmentNo = row.instalmentNo;
    if (row.kind === 'waiver') ev.part = row.parts.penalty !== 0n ? 'penalty' : row.parts.fees !== 0n ? 'fees' : 'interest';
    const k: Keyed = { date: row.valueDate, rank: RANK(row.kind), key: row.rootSeq, sub: 0, origin: { row }, ev };
    if (row.kind === 'reschedule') reschedules.push(k);
    items.push(k);
  }
  const maxRoot = Math.max(0, ...l.rows.map((r) => r.rootSeq));
  const repRoot = new Map<number, number>();
  for (const row of l.rows) if (row.kind === 'repayment' && row.repaymentId !== null) repRoot.set(row.repaymentId, row.rootSeq);
  let next = maxRoot;
  const keyOf = (r: RepaymentRow) => repRoot.get(r.id) ?? (repRoot.set(r.id, ++next), next);
  for (const r of l.repayments) {
    items.push({ date: r.paidAt, rank: 1, key: keyOf(r), sub: 0, origin: { repayment: r }, ev: { kind: 'repayment', valueDate: r.paidAt, amount: r.amount } });
    if (r.reversedOn)
      items.push({
        date: r.reversedOn,
        rank: 1,
        key: keyOf(r),
        sub: 1,
        origin: { repayment: r, reversal: true },
        ev: { kind: 'repayment_reversal', valueDate: r.reversedOn, amount: r.amount },
      });
  }
  fresh.forEach((f, k) => {
    const ev: Omit<LedgerEvent, 'seq'> = { kind: f.kind, valueDate: f.valueDate, amount: f.amount };
    if (f.part) ev.part = f.part;
    if (f.instalmentNo !== undefined) ev.instalmentNo = f.instalmentNo;
    if (f.schedule) ev.schedule = f.schedule;
    items.push({ date: f.valueDate, rank: RANK(f.kind), key: next + 1 + k, sub: 0, origin: { fresh: f }, ev });
  });
  items.sort((a, b) => (a.date !== b.date ? (a.date < b.date ? -1 : 1) : a.rank - b.rank || a.key - b.key || a.sub - b.sub));
  // Stored reschedules, in that order, are schedule versions 2, 3, ...
  for (const it of items) {
    if (it.origin.row?.kind !== 'reschedule') continue;
    rescheduleNo += 1;
    const s = l.versions.get(rescheduleNo + 1);
    if (!s) throw new Error(`loan ${l.applicationId}: no stored schedule version ${rescheduleNo + 1}`);
    it.ev.schedule = s;
  }
  void reschedules;
  const events: LedgerEvent[] = [];
  const seqOfRepayment = new Map<number, number>();
  items.forEach((it, k) => {
    const e: LedgerEvent = { ...it.ev, seq: k + 1 };
    if (it.origin.repayment && !it.origin.reversal) seqOfRepayment.set(it.origin.repayment.id, k + 1);
    events.push(e);
  });
  items.forEach((it, k) => {
    if (it.origin.reversal && it.origin.repayment) events[k].reverses = seqOfRepayment.get(it.origin.repayment.id);
  });
  const schedule = l.versions.get(1) ?? [];
  const result = replay(schedule, events, l.order, today);

  const liveRep = new Map<string, LiveRow>();
  for (const row of l.rows) if (row.repaymentId !== null) liveRep.set(`${row.kind}:${row.repaymentId}`, row);
  const writes: Planned['writes'] = [];
  items.forEach((it, k) => {
    const eff = result.effects.get(k + 1);
    if (!eff) return;
    const kind = it.ev.kind;
    if (kind === 'disbursement') return; // its parts are the schedule's sums, written when opened
    const alloc = storedAllocation(kind, eff.allocation);
    const o = it.origin;
    const base = {
      kind,
      valueDate: it.ev.valueDate,
      amount: eff.amount,
      parts: eff.parts,
      allocation: alloc.json,
      ord: k,
    };
    if (o.fresh) {
      writes.push({
        ...base,
        oldId: null,
        bookingDate: null,
        instalmentNo: o.fresh.instalmentNo ?? null,
        chargeMonth: o.fresh.chargeMonth ?? null,
        reason: o.fresh.reason ?? null,
        repaymentId: null,
        reversesRepaymentId: null,
        reversesId: null,
        disbursementId: null,
        createdBy: o.fresh.createdBy,
      });
      return;
    }
    const old = o.row ?? (o.repayment ? liveRep.get(`${kind}:${o.repayment.id}`) : undefined);
    if (
      old &&
      old.valueDate === base.valueDate &&
      old.amount === base.amount &&
      PARTS.every((p) => old.parts[p] === base.parts[p]) &&
      old.allocation === alloc.canonical
    )
      return;
    const r = o.repayment;
    writes.push({
      ...base,
      oldId: old?.id ?? null,
      bookingDate: old?.bookingDate ?? (r ? (o.reversal ? r.reversedOn : r.paidBooking) : null),
      instalmentNo: old?.instalmentNo ?? null,
      chargeMonth: old?.chargeMonth ?? null,
      reason: old ? old.reason : o.reversal && r ? r.reversalReason : null,
      repaymentId: r?.id ?? old?.repaymentId ?? null,
      reversesRepaymentId: o.reversal && r ? r.id : null,
      reversesId: o.reversal ? null : (old?.reversesId ?? null),
      disbursementId: old?.disbursementId ?? null,
      createdBy: old ? old.createdBy : r ? (o.reversal ? r.reversedBy : r.createdBy) : null,
    });
  });
  return { result, writes };
}

/**
 * Writes a plan: inserts (repayments before reversals, which name the live repayment row),
 * supersedes the replaced rows, and keeps the balances from the replay. Answers the new rows' ids
 * in the order of `plan.writes`.
 */
export async function applyPlan(tx: Db, applicationId: number, plan: Planned, today: string): Promise<number[]> {
  const ids: number[] = new Array(plan.writes.length).fill(0);
  const phases = [plan.writes.map((w, k) => [w, k] as const).filter(([w]) => w.kind !== 'repayment_reversal'), plan.writes.map((w, k) => [w, k] as const).filter(([w]) => w.kind === 'repayment_reversal')];
  for (const phase of phases) {
    if (!phase.length) continue;
    const payload = phase.map(([w, k]) => ({
      k,
      old_id: w.oldId,
      kind: w.kind,
      value_date: w.valueDate,
      booking_date: w.bookingDate,
      amount: fromNgwee(w.amount),
      principal: fromNgwee(w.parts.principal),
      interest: fromNgwee(w.parts.interest),
      fees: fromNgwee(w.parts.fees),
      penalty: fromNgwee(w.parts.penalty),
      allocation: w.allocation,
      instalment_no: w.instalmentNo,
      charge_month: w.chargeMonth,
      reason: w.reason,
      repayment_id: w.repaymentId,
      reverses_repayment_id: w.reversesRepaymentId,
      reverses_id: w.reversesId,
      disbursement_id: w.disbursementId,
      created_by: w.createdBy,
      ord: w.ord,
    }));
    const rows = await queryRows<{ id: number; k: number; old_id: number | null }>(
      tx,
      sql`WITH w AS (
            SELECT * FROM jsonb_to_recordset(${JSON.stringify(payload)}::jsonb) AS x(
              k int, old_id bigint, kind text, value_date date, booking_date date, amount numeric, principal numeric, interest numeric,
              fees numeric, penalty numeric, allocation text, instalment_no int, charge_month int, reason text, repayment_id bigint,
              reverses_repayment_id bigint, reverses_id bigint, disbursement_id bigint, created_by bigint, ord int)
          ), base AS (SELECT coalesce(max(seq), 0) AS seq FROM loan_transactions WHERE application_id = ${applicationId}),
          ins AS (
            INSERT INTO loan_transactions (application_id, seq, kind, booking_date, value_date, amount, principal, interest, fees, penalty,
                                           allocation, instalment_no, charge_month, reason, repayment_id, reverses_id, disbursement_id, created_by)
            SELECT ${applicationId}, base.seq + row_number() OVER (ORDER BY w.ord), w.kind, coalesce(w.booking_date, business_today()), w.value_date,
                   w.amount, w.principal, w.interest, w.fees, w.penalty, w.allocation::jsonb, w.instalment_no, w.charge_month, w.reason, w.repayment_id,
                   coalesce(w.reverses_id, (SELECT t.id FROM loan_transactions t WHERE t.repayment_id = w.reverses_repayment_id
                                               AND t.kind = 'repayment' AND t.superseded_by IS NULL)),
                   w.disbursement_id, w.created_by
              FROM w, base
             ORDER BY w.ord
            RETURNING id, seq)
          SELECT ins.id::int AS id, w.k, w.old_id::int AS old_id
            FROM ins JOIN (SELECT w.*, base.seq + row_number() OVER (ORDER BY w.ord) AS seq FROM w, base) w ON w.seq = ins.seq`,
    );
    for (const r of rows) {
      ids[Number(r.k)] = Number(r.id);
      if (r.old_id !== null) await tx.execute(sql`UPDATE loan_transactions SET superseded_by = ${r.id} WHERE id = ${r.old_id}`);
    }
  }
  await keepBalances(tx, applicationId, plan.result, today);
  return ids;
}

/** The kept balances of an account from its replay (= the sums of its live rows). */
async function keepBalances(tx: Db, applicationId: number, r: ReplayResult, today: string): Promise<void> {
  const b = balancesOf(r, today);
  const o = r.outstanding;
  const owed = o.principal + o.interest + o.fees + o.penalty > 0n;
  const next = owed ? b.nextDue : null;
  await tx.execute(sql`UPDATE loan_accounts
       SET principal_outstanding = ${fromNgwee(o.principal)}, interest_outstanding = ${fromNgwee(o.interest)},
           fees_outstanding = ${fromNgwee(o.fees)}, penalty_outstanding = ${fromNgwee(o.penalty)}, paid_total = ${fromNgwee(r.paidTotal)},
           next_due_no = ${next?.no ?? null}, next_due_date = ${next?.date ?? null}::date,
           next_due_amount = ${next ? fromNgwee(next.amount) : null}::numeric,
           oldest_unpaid_due_date = ${next?.date ?? null}::date, updated_at = now()
     WHERE application_id = ${applicationId}`);
}

/** Replays and rewrites these loans (their accounts locked by the caller). Answers the rows written. */
export async function replayLoans(tx: Db, ids: readonly number[], today: string): Promise<number> {
  let n = 0;
  for (let k = 0; k < ids.length; k += 200) {
    const part = ids.slice(k, k + 200);
    const loaded = await loadLoans(tx, part);
    for (const id of part) {
      const l = loaded.get(id);
      if (!l) continue;
      const plan = planLoan(l, today);
      n += plan.writes.length;
      await applyPlan(tx, id, plan, today);
    }
  }
  return n;
}

export { RuleError };
