// The ledger, replayed: allocation of every live event in value-date order, and the balances.
import type {
  Allocation,
  Balances,
  EventEffect,
  Instalment,
  InstalmentState,
  LedgerEvent,
  Ngwee,
  Part,
  Parts,
  ReplayResult,
} from './types';
import { PARTS, RuleError, zeroParts } from './types';
import { addParts, assertIsoDate, copyParts, daysBetween, negParts, sumParts } from './money';

/** Throws RuleError 'invalid_allocation_order' unless `order` is a permutation of the four parts. */
export function assertAllocationOrder(order: readonly Part[]): void {
  if (!Array.isArray(order) || order.length !== 4 || !PARTS.every((p) => order.includes(p)))
    throw new RuleError('invalid_allocation_order', 'The allocation order must name each of penalty, fees, interest and principal once.', 'allocationOrder');
}

function dueOf(s: InstalmentState): Parts {
  return { principal: s.principal, interest: s.interest, fees: s.fees, penalty: s.penalty };
}

function refresh(s: InstalmentState): void {
  const due = dueOf(s);
  for (const p of PARTS) s.outstanding[p] = due[p] - s.paid[p] - s.waived[p] - s.writtenOff[p];
}

function stateOf(i: Instalment): InstalmentState {
  const s: InstalmentState = {
    no: i.no,
    dueDate: i.dueDate,
    principal: i.principal,
    interest: i.interest,
    fees: i.fees,
    penalty: 0n,
    paid: zeroParts(),
    waived: zeroParts(),
    writtenOff: zeroParts(),
    outstanding: zeroParts(),
    status: 'due',
  };
  refresh(s);
  return s;
}

function checkSchedule(schedule: Instalment[], field: string): void {
  if (!Array.isArray(schedule) || schedule.length === 0) throw new RuleError('invalid_schedule', 'A schedule needs at least one instalment.', field);
  schedule.forEach((i, k) => {
    assertIsoDate(i.dueDate, field);
    if (i.principal < 0n || i.interest < 0n || i.fees < 0n) throw new RuleError('invalid_schedule', `Instalment ${i.no} has a negative part.`, field);
    if (k > 0 && (i.no <= schedule[k - 1].no || i.dueDate < schedule[k - 1].dueDate))
      throw new RuleError('invalid_schedule', 'Instalments must be in order of number and due date.', field);
  });
}

const total = (ss: InstalmentState[]): Parts => ss.reduce((acc, s) => addParts(acc, s.outstanding), zeroParts());

/**
 * Allocates `amount` over the instalments, oldest first, the parts of each in `order`.
 * Returns the allocation and what is left over (not allocated).
 */
function allocate(ss: InstalmentState[], amount: Ngwee, order: readonly Part[], only?: Part): { allocation: Allocation[]; left: Ngwee } {
  let left = amount;
  const allocation: Allocation[] = [];
  for (const s of ss) {
    if (left === 0n) break;
    const parts = zeroParts();
    for (const p of only ? [only] : order) {
      const take = s.outstanding[p] < left ? s.outstanding[p] : left;
      if (take > 0n) {
        parts[p] = take;
        left -= take;
      }
    }
    if (sumParts(parts) > 0n) allocation.push({ no: s.no, parts });
  }
  return { allocation, left };
}

const sumAllocation = (a: Allocation[]): Parts => a.reduce((acc, x) => addParts(acc, x.parts), zeroParts());

function findInstalment(ss: InstalmentState[], e: LedgerEvent): InstalmentState {
  const s = e.instalmentNo === undefined ? undefined : ss.find((x) => x.no === e.instalmentNo);
  if (!s) throw new RuleError('unknown_instalment', `Event ${e.seq}: no instalment ${String(e.instalmentNo)}.`, 'instalmentNo');
  return s;
}

/**
 * Replays a loan's live ledger events over its (first) schedule. Events are applied in value-date
 * order, ties by seq; an event dated before the disbursement counts as of the disbursement date.
 * A reversed repayment and its reversal are left out of the allocation; the repayment's effect is
 * what it would have done at its place, the reversal's exactly the opposite.
 */
export function replay(schedule: Instalment[], events: LedgerEvent[], order: readonly Part[], today: string): ReplayResult {
  assertAllocationOrder(order);
  assertIsoDate(today, 'today');
  checkSchedule(schedule, 'schedule');
  const disb = events.filter((e) => e.kind === 'disbursement');
  if (disb.length > 1) throw new RuleError('already_disbursed', 'A loan has one disbursement event.');
  const disbursedOn = disb.length ? disb[0].valueDate : null;
  const seqs = new Set<number>();
  for (const e of events) {
    if (seqs.has(e.seq)) throw new RuleError('duplicate_seq', `Two events with seq ${e.seq}.`);
    seqs.add(e.seq);
    assertIsoDate(e.valueDate, 'valueDate');
    if (typeof e.amount !== 'bigint' || e.amount < 0n) throw new RuleError('invalid_amount', `Event ${e.seq}: the amount must not be negative.`, 'amount');
  }
  const bySeq = new Map(events.map((e) => [e.seq, e]));
  const reversed = new Map<number, number>(); // repayment seq -> reversal seq
  for (const e of events) {
    if (e.kind !== 'repayment_reversal') continue;
    const r = e.reverses === undefined ? undefined : bySeq.get(e.reverses);
    if (!r || r.kind !== 'repayment') throw new RuleError('unknown_repayment', `Event ${e.seq} reverses no repayment.`, 'reverses');
    if (reversed.has(r.seq)) throw new RuleError('already_reversed', `Repayment ${r.seq} is reversed twice.`, 'reverses');
    reversed.set(r.seq, e.seq);
  }
  const at = (e: LedgerEvent) => (e.kind !== 'disbursement' && disbursedOn && e.valueDate < disbursedOn ? disbursedOn : e.valueDate);
  const sorted = [...events].sort((a, b) => {
    const da = at(a);
    const db = at(b);
    if (da !== db) return da < db ? -1 : 1;
    if ((a.kind === 'disbursement') !== (b.kind === 'disbursement')) return a.kind === 'disbursement' ? -1 : 1;
    return a.seq - b.seq;
  });

  let ss: InstalmentState[] = [];
  const effects = new Map<number, EventEffect>();
  let state: ReplayResult['state'] = 'active';
  let disbursed = false;
  let paidTotal = 0n;
  let recoveredTotal = 0n;
  let closedOn: string | null = null;
  let scheduleVersion = 1;

  const mustBeActive = (e: LedgerEvent) => {
    if (!disbursed) throw new RuleError('not_disbursed', `Event ${e.seq} (${e.kind}) comes before the disbursement.`);
    if (state === 'written_off') throw new RuleError('written_off', `Event ${e.seq} (${e.kind}): the loan is written off.`);
    if (state === 'closed') throw new RuleError('closed', `Event ${e.seq} (${e.kind}): the loan is closed.`);
  };
  const afterPayment = (e: LedgerEvent) => {
    if (sumParts(total(ss)) === 0n) {
      state = 'closed';
      closedOn = e.valueDate;
    }
  };

  for (const e of sorted) {
    switch (e.kind) {
      case 'disbursement': {
        ss = schedule.map(stateOf);
        disbursed = true;
        effects.set(e.seq, {
          parts: total(ss),
          allocation: ss.map((s) => ({ no: s.no, parts: copyParts(s.outstanding) })),
          amount: e.amount,
        });
        afterPayment(e);
        break;
      }
      case 'repayment': {
        if (e.amount <= 0n) throw new RuleError('invalid_amount', `Repayment ${e.seq}: the amount must be more than zero.`, 'amount');
        if (reversed.has(e.seq)) {
          // What it would have done here; nothing is applied (its reversal cancels it).
          if (!disbursed) throw new RuleError('not_disbursed', `Event ${e.seq} (${e.kind}) comes before the disbursement.`);
          const { allocation, left } = allocate(ss, e.amount, order);
          if (left > 0n) {
            const lastNo = ss[ss.length - 1].no;
            const last = allocation.find((a) => a.no === lastNo);
            if (last) last.parts.principal += left;
            else allocation.push({ no: lastNo, parts: { ...zeroParts(), principal: left } });
          }
          effects.set(e.seq, { parts: negParts(sumAllocation(allocation)), allocation, amount: e.amount });
          break;
        }
        mustBeActive(e);
        const owed = sumParts(total(ss));
        if (e.amount > owed) throw new RuleError('exceeds_balance', `Repayment ${e.seq} is more than the balance (${owed} ngwee).`, 'amount');
        const { allocation } = allocate(ss, e.amount, order);
        for (const a of allocation) {
          const s = ss.find((x) => x.no === a.no) as InstalmentState;
          s.paid = addParts(s.paid, a.parts);
          refresh(s);
        }
        paidTotal += e.amount;
        effects.set(e.seq, { parts: negParts(sumAllocation(allocation)), allocation, amount: e.amount });
        afterPayment(e);
        break;
      }
      case 'repayment_reversal':
        break; // after the loop: the opposite of the repayment's effect
      case 'fee_charge':
      case 'penalty_charge':
      case 'interest_accrual': {
        mustBeActive(e);
        const s = findInstalment(ss, e);
        const part: Part = e.kind === 'fee_charge' ? 'fees' : e.kind === 'penalty_charge' ? 'penalty' : 'interest';
        s[part] += e.amount;
        refresh(s);
        const parts = { ...zeroParts(), [part]: e.amount } as Parts;
        effects.set(e.seq, { parts, allocation: [{ no: s.no, parts: copyParts(parts) }], amount: e.amount });
        afterPayment(e); // a zero charge on a fully paid loan
        break;
      }
      case 'waiver': {
        mustBeActive(e);
        const part = e.part;
        if (part !== 'penalty' && part !== 'fees' && part !== 'interest')
          throw new RuleError('invalid_part', `Waiver ${e.seq}: the part must be penalty, fees or interest.`, 'part');
        if (e.amount <= 0n) throw new RuleError('invalid_amount', `Waiver ${e.seq}: the amount must be more than zero.`, 'amount');
        const owed = total(ss)[part];
        if (e.amount > owed) throw new RuleError('exceeds_balance', `Waiver ${e.seq} is more than the ${part} owed (${owed} ngwee).`, 'amount');
        const { allocation } = allocate(ss, e.amount, order, part);
        for (const a of allocation) {
          const s = ss.find((x) => x.no === a.no) as InstalmentState;
          s.waived = addParts(s.waived, a.parts);
          refresh(s);
        }
        effects.set(e.seq, { parts: negParts(sumAllocation(allocation)), allocation, amount: e.amount });
        afterPayment(e);
        break;
      }
      case 'write_off': {
        mustBeActive(e);
        const allocation: Allocation[] = [];
        for (const s of ss) {
          const parts = copyParts(s.outstanding);
          if (sumParts(parts) > 0n) allocation.push({ no: s.no, parts });
          s.writtenOff = addParts(s.writtenOff, parts);
          refresh(s);
        }
        const all = sumAllocation(allocation);
        effects.set(e.seq, { parts: negParts(all), allocation, amount: sumParts(all), forgiven: all });
        state = 'written_off';
        closedOn = e.valueDate;
        break;
      }
      case 'recovery': {
        if (state !== 'written_off') throw new RuleError('not_written_off', `Recovery ${e.seq}: the loan is not written off.`);
        if (e.amount <= 0n) throw new RuleError('invalid_amount', `Recovery ${e.seq}: the amount must be more than zero.`, 'amount');
        recoveredTotal += e.amount;
        effects.set(e.seq, { parts: zeroParts(), allocation: [], amount: e.amount });
        break;
      }
      case 'settlement': {
        mustBeActive(e);
        const out = total(ss);
        const floor = out.principal + out.fees + out.penalty;
        if (e.amount > sumParts(out)) throw new RuleError('exceeds_balance', `Settlement ${e.seq} is more than the balance.`, 'amount');
        if (e.amount < floor)
          throw new RuleError('settlement_short', `Settlement ${e.seq} does not cover the principal, fees and penalties owed (${floor} ngwee).`, 'amount');
        let interestLeft = e.amount - floor;
        const allocation: Allocation[] = [];
        const forgiven = zeroParts();
        for (const s of ss) {
          const paid = copyParts(s.outstanding);
          paid.interest = s.outstanding.interest < interestLeft ? s.outstanding.interest : interestLeft;
          interestLeft -= paid.interest;
          const waived = s.outstanding.interest - paid.interest;
          forgiven.interest += waived;
          s.paid = addParts(s.paid, paid);
          s.waived.interest += waived;
          refresh(s);
          if (sumParts(paid) > 0n) allocation.push({ no: s.no, parts: paid });
        }
        paidTotal += e.amount;
        effects.set(e.seq, { parts: negParts(out), allocation, amount: e.amount, forgiven });
        state = 'closed';
        closedOn = e.valueDate;
        break;
      }
      case 'reschedule': {
        mustBeActive(e);
        const next = e.schedule;
        checkSchedule(next ?? [], 'schedule');
        const out = total(ss);
        const newPrincipal = (next as Instalment[]).reduce((a, i) => a + i.principal, 0n);
        if (newPrincipal !== out.principal)
          throw new RuleError('invalid_schedule', `Reschedule ${e.seq}: the new principal (${newPrincipal}) must be the outstanding principal (${out.principal}).`, 'schedule');
        const fresh = (next as Instalment[]).map(stateOf);
        // Penalties still owed move to the first new instalment.
        fresh[0].penalty += out.penalty;
        refresh(fresh[0]);
        const now = total(fresh);
        effects.set(e.seq, {
          parts: { principal: 0n, interest: now.interest - out.interest, fees: now.fees - out.fees, penalty: 0n },
          allocation: fresh.map((s) => ({ no: s.no, parts: copyParts(s.outstanding) })),
          amount: e.amount,
        });
        ss = fresh;
        scheduleVersion += 1;
        afterPayment(e);
        break;
      }
      default:
        throw new RuleError('invalid_kind', `Unknown event kind: ${String((e as LedgerEvent).kind)}`, 'kind');
    }
  }
  for (const [rep, rev] of reversed) {
    const eff = effects.get(rep) as EventEffect;
    effects.set(rev, {
      parts: negParts(eff.parts),
      allocation: eff.allocation.map((a) => ({ no: a.no, parts: negParts(a.parts) })),
      amount: bySeq.get(rev)?.amount ?? eff.amount,
    });
  }
  for (const s of ss) s.status = statusOf(s, today);
  return {
    instalments: ss,
    effects,
    outstanding: total(ss),
    state,
    paidTotal,
    recoveredTotal,
    disbursedOn,
    closedOn,
    scheduleVersion,
  };
}

function statusOf(s: InstalmentState, today: string): InstalmentState['status'] {
  if (sumParts(s.outstanding) === 0n) return 'paid';
  if (s.dueDate < today) return 'overdue';
  if (sumParts(s.paid) > 0n) return 'part_paid';
  return 'due';
}

/**
 * The balances of a replayed loan on `today`, with migration 0840's meaning: due to date = what the
 * instalments due on or before today add up to (penalties included); arrears = what of them is still
 * owed; the next due instalment is the oldest one not fully paid (even when overdue), and days past due
 * count from its due date.
 */
export function balancesOf(r: ReplayResult, today: string): Balances {
  assertIsoDate(today, 'today');
  const outstanding = copyParts(r.outstanding);
  const tot = sumParts(outstanding);
  let dueToDate = 0n;
  let arrears = 0n;
  for (const s of r.instalments) {
    if (s.dueDate > today) continue;
    dueToDate += s.principal + s.interest + s.fees + s.penalty;
    arrears += sumParts(s.outstanding);
  }
  const oldest = r.instalments.find((s) => sumParts(s.outstanding) > 0n) ?? null;
  const daysPastDue = oldest ? Math.max(0, daysBetween(oldest.dueDate, today)) : 0;
  const last = r.instalments[r.instalments.length - 1];
  return {
    outstanding,
    total: tot,
    arrears,
    dueToDate,
    daysPastDue,
    nextDue: oldest ? { no: oldest.no, date: oldest.dueDate, amount: sumParts(oldest.outstanding) } : null,
    oldestUnpaidDueDate: oldest ? oldest.dueDate : null,
    state: r.disbursedOn === null ? 'current' : tot === 0n ? 'paid' : oldest && oldest.dueDate < today ? 'overdue' : 'current',
    maturityDate: last ? last.dueDate : null,
  };
}
