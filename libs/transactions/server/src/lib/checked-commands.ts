import { disburseSingleBodySchema, idSchema, P, repaymentDeleteBodySchema } from '@loan/shared-contract';
import { formatMoney } from '@loan/shared-util-format';
import { conflict, defineCommand, type CommandActor } from '@loan/shared-server';
import * as disburse from './disbursements/disburse';
import * as disbRepo from './disbursements/repository';
import { toDto as disbursementDto } from './disbursements/service';
import * as rules from './disbursements/rules';
import * as repayments from './repayments/service';

/**
 * The transactions domain's actions that a second person may have to check (maker-checker,
 * `@loan/shared-server` approvals). Each wraps the domain's own function: the checks and the
 * writes stay where they were; the wrapper only names the action, its input, its summary for
 * people, and its premise.
 */

const disbActor = (a: CommandActor): disburse.Actor => ({ audit: a.audit, scope: a.scope });

/** Instant single disbursement (the setting may ask for a checker above an amount). */
export const disburseSingleCommand = defineCommand({
  name: 'disbursement.single',
  label: 'Instant single disbursement',
  permission: P.instantSingleDisburse,
  input: disburseSingleBodySchema,
  dedupeKey: (i) => String(i.application_id),
  amount: async (db, i) => (await disbRepo.loanOf(db, i.application_id))?.amount ?? null,
  summary: async (db, actor, i) => {
    const loan = await db.transaction((tx) => disburse.assertPayable(tx, disbActor(actor), i.application_id));
    return {
      title: `Pay ${loan.reference_code} (${loan.client_name}) ${formatMoney(loan.amount)} by mobile money`,
      lines: [
        { label: 'Amount paid out', before: null, after: formatMoney(loan.amount) },
        { label: 'Recipient', before: null, after: loan.recipient },
        { label: 'Loan', before: 'signed, not disbursed', after: 'disbursed' },
      ],
      link: `/loans/${loan.kind === 'topup' ? 'topup' : 'applications'}/${i.application_id}`,
      entity: 'application',
      entityId: i.application_id,
      branchId: loan.branch_id === null ? null : Number(loan.branch_id),
    };
  },
  // Paid or being paid meanwhile, no longer signed or approved: refused at approval, nothing sent.
  premise: async (tx, actor, i) => {
    await disburse.assertPayable(tx, disbActor(actor), i.application_id);
  },
  run: (tx, actor, i) => disburse.startDisbursement(tx, disbActor(actor), i.application_id, { mode: 'instant_single' }),
  // The provider is called once the row is committed (as an instant payment always did).
  afterCommit: async ({ db, ports }, _actor, row) => {
    const loan = row.applicationId ? await disbRepo.loanOf(db, row.applicationId) : undefined;
    await disburse.sendToProvider(db, ports, row, loan?.referenceCode ?? null);
    return { disbursement: disbursementDto((await disbRepo.findById(db, row.id)) as disbRepo.DisbursementJoined) };
  },
});

const reversalInput = repaymentDeleteBodySchema.extend({ id: idSchema });
const repaymentActor = (a: CommandActor): repayments.Actor => ({ userId: a.user.id, scope: a.scope, who: a.audit });

/** Reversal of a repayment (the "delete" of the spec): the balance changes back. */
export const reverseRepaymentCommand = defineCommand({
  name: 'repayment.reverse',
  label: 'Repayment reversal',
  permission: P.deleteRepayments,
  input: reversalInput,
  dedupeKey: (i) => String(i.id),
  summary: async (db, actor, i) => {
    const r = await repayments.byId(db, i.id, actor.scope);
    if (r.reversed) throw conflict('This repayment was already reversed.');
    return {
      title: `Reverse the repayment ${r.reference ?? `#${r.id}`} of ${formatMoney(r.amount)} on ${r.reference_code ?? 'a loan'} (${r.client_name ?? 'unknown client'})`,
      lines: [
        { label: 'Repayment', before: `${formatMoney(r.amount)} paid ${r.paid_at}`, after: 'reversed' },
        { label: 'Reason', before: null, after: i.reason },
      ],
      link: '/transactions/repayments',
      entity: 'repayment',
      entityId: i.id,
      branchId: r.branch_id,
    };
  },
  premise: async (tx, actor, i) => {
    const r = await repayments.byId(tx, i.id, actor.scope);
    if (r.reversed) throw conflict('This repayment was already reversed.');
  },
  run: (tx, actor, i) => repayments.reverse(tx, repaymentActor(actor), i.id, i.reason),
});

/** Every checkable action of the transactions domain (registered by its plugin). */
export const transactionsCommands = [disburseSingleCommand, reverseRepaymentCommand, rules.autoRuleCommand];
