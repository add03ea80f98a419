import { APPROVALS_PATHS, SETTINGS_PATHS, type MakerCheckerSettings, type PendingAction } from '@loan/shared-contract';
import { endpointVariants } from './variants';

/** A pending request as the api answers it (a checker's view: decidable). */
export function makePendingAction(id = 1, over: Partial<PendingAction> = {}): PendingAction {
  return {
    id,
    command: 'disbursement.single',
    label: 'Instant single disbursement',
    status: 'pending',
    summary: {
      title: `Pay LA-2026-00000${id} (Jane Banda) ZMW 20,000.00 by mobile money`,
      lines: [
        { label: 'Amount paid out', before: null, after: 'ZMW 20,000.00' },
        { label: 'Loan', before: 'signed, not disbursed', after: 'disbursed' },
      ],
      link: `/loans/applications/${id}`,
    },
    maker: { id: 2, name: 'Finance Maker' },
    checker: null,
    entity: 'application',
    entity_id: String(id),
    created_at: '2026-03-02T08:30:00.000Z',
    expires_at: '2026-03-09T08:30:00.000Z',
    decided_at: null,
    reason: null,
    can_decide: true,
    mine: false,
    ...over,
  };
}

export const makeMakerChecker = (): MakerCheckerSettings => ({
  rules: [
    { command: 'auto_rule.change', label: 'Auto-disbursement rule changes', has_amount: false, required: false, above: null },
    { command: 'disbursement.single', label: 'Instant single disbursement', has_amount: true, required: true, above: '10000.00' },
    { command: 'repayment.reverse', label: 'Repayment reversal', has_amount: false, required: false, above: null },
  ],
  updated_at: '2026-03-01T10:00:00.000Z',
});

const page = <T,>(items: T[]) => ({ items, total: items.length, page: 1, pageSize: 15 });

/** MSW variants of the maker-checker endpoints (ok, empty, invalid, forbidden, error, slow). */
export const approvalsVariants = {
  list: endpointVariants('GET', APPROVALS_PATHS.list, {
    ok: page([makePendingAction(1), makePendingAction(2, { mine: true, can_decide: false, maker: { id: 1, name: 'Me Myself' } })]),
    empty: page([]),
  }),
  // Before byId: '/api/approvals/:id' would match '/api/approvals/count' too (the api prefers the static path).
  count: endpointVariants('GET', APPROVALS_PATHS.count, { ok: { count: 3 }, empty: { count: 0 } }),
  byId: endpointVariants('GET', APPROVALS_PATHS.byId, { ok: makePendingAction(1), empty: makePendingAction(1, { summary: { title: 'Pay', lines: [], link: null }, entity: null, entity_id: null }) }),
  approve: endpointVariants('POST', APPROVALS_PATHS.approve, {
    ok: { message: 'Approved: the action was carried out.', data: makePendingAction(1, { status: 'approved', can_decide: false }) },
    empty: { message: 'Approved: the action was carried out.', data: makePendingAction(1, { status: 'approved', can_decide: false }) },
  }),
  reject: endpointVariants('POST', APPROVALS_PATHS.reject, {
    ok: { message: 'Rejected.', data: makePendingAction(1, { status: 'rejected', reason: 'Not this month.', can_decide: false }) },
    empty: { message: 'Rejected.', data: makePendingAction(1, { status: 'rejected', reason: 'x', can_decide: false }) },
    fieldErrors: { reason: ['Say why it is rejected.'] },
  }),
  settings: endpointVariants('GET', SETTINGS_PATHS.makerChecker, { ok: makeMakerChecker(), empty: { rules: [], updated_at: null } }),
  saveSettings: endpointVariants('PUT', SETTINGS_PATHS.makerChecker, {
    ok: { message: 'Maker-checker settings saved.', data: makeMakerChecker() },
    empty: { message: 'Maker-checker settings saved.', data: makeMakerChecker() },
    fieldErrors: { 'rules.1.above': ['Must be an amount.'] },
  }),
};

export const approvalsHandlers = Object.values(approvalsVariants).map((v) => v.ok);
