import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuditEntryDto } from '@loan/shared-contract';
import { HistorySection, HISTORY_PAGE_SIZE, type HistoryArgs, type HistoryQueryState } from './history-section';

const entry = (n: number, over: Partial<AuditEntryDto> = {}): AuditEntryDto => ({
  id: n,
  user_id: 1,
  user: 'Chanda Mwila',
  action: n === 1 ? 'update' : `action-${n}`,
  entity: 'application',
  entity_id: '7',
  details: {},
  before: n === 1 ? { amount: '5000.00' } : null,
  after: n === 1 ? { amount: '6000.00' } : null,
  ip_address: '10.0.0.9',
  user_agent: 'Firefox',
  created_at: new Date(Date.UTC(2026, 10, 20, 8, 30 - n)).toISOString(),
  ...over,
});

/** A fake hook: records its calls and answers what the test sets. */
function fakeHook(state: (args: HistoryArgs) => Partial<HistoryQueryState>) {
  const calls: { args: HistoryArgs; skip: boolean }[] = [];
  const refetch = jest.fn();
  const hook = (args: HistoryArgs, options: { skip: boolean }) => {
    calls.push({ args, skip: options.skip });
    return { isLoading: false, isFetching: false, isError: false, refetch, ...(options.skip ? {} : state(args)) };
  };
  return { hook, calls, refetch };
}

describe('HistorySection', () => {
  it('fetches nothing until opened, then lists who did what, before → after, when and from where', async () => {
    const { hook, calls } = fakeHook(() => ({ data: { items: [entry(1), entry(2, { user: null, user_id: null, ip_address: null })], total: 2, page: 1, pageSize: 15 } }));
    render(<HistorySection kind="application" id={7} useHistory={hook} />);
    expect(screen.getByRole('heading', { name: 'History' })).toBeInTheDocument();
    expect(calls.every((c) => c.skip)).toBe(true);
    const toggle = screen.getByRole('button', { name: 'Show history' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Hide history' })).toHaveAttribute('aria-expanded', 'true');
    expect(calls.at(-1)).toEqual({ args: { kind: 'application', id: 7, page: 1, pageSize: HISTORY_PAGE_SIZE }, skip: false });
    const list = screen.getByRole('list', { name: 'History of this application' });
    const items = Array.from(list.children);
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('update');
    expect(items[0]).toHaveTextContent('by Chanda Mwila');
    expect(items[0]).toHaveTextContent('from 10.0.0.9');
    expect(items[0]).toHaveTextContent('amount: 5000.00 → 6000.00');
    expect(items[1]).toHaveTextContent('by System / visitor');
    expect(screen.queryByText('(empty)')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'History pages' })).not.toBeInTheDocument();
  });

  it('shows loading, an empty history, and Could not load with a Retry', async () => {
    const states: Partial<HistoryQueryState>[] = [
      { isLoading: true },
      { data: { items: [], total: 0, page: 1, pageSize: 15 } },
      { isError: true },
    ];
    for (const s of states) {
      const { hook, refetch } = fakeHook(() => s);
      const { unmount } = render(<HistorySection kind="topup" id={3} useHistory={hook} defaultOpen />);
      if (s.isLoading) expect(screen.getByRole('status', { name: 'Loading the history...' })).toBeInTheDocument();
      if (s.data) expect(screen.getByText('No recorded changes yet.')).toBeInTheDocument();
      if (s.isError) {
        expect(screen.getByRole('alert')).toHaveTextContent('The history of this top-up could not be loaded.');
        await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
        expect(refetch).toHaveBeenCalled();
      }
      unmount();
    }
  });

  it('pages older and newer entries', async () => {
    const { hook, calls } = fakeHook(({ page }) => ({
      data: { items: [entry(page * 100)], total: 31, page, pageSize: 15 },
    }));
    render(<HistorySection kind="user" id={9} useHistory={hook} defaultOpen />);
    const nav = screen.getByRole('navigation', { name: 'History pages' });
    expect(nav).toHaveTextContent('Page 1 of 3 (31 entries)');
    expect(within(nav).getByRole('button', { name: 'Newer' })).toBeDisabled();
    await userEvent.click(within(nav).getByRole('button', { name: 'Older' }));
    await userEvent.click(within(nav).getByRole('button', { name: 'Older' }));
    expect(nav).toHaveTextContent('Page 3 of 3');
    expect(within(nav).getByRole('button', { name: 'Older' })).toBeDisabled();
    expect(calls.at(-1)?.args.page).toBe(3);
    expect(screen.getByText('action-300')).toBeInTheDocument();
  });
});

describe('AuditChanges', () => {
  it('names an empty before value instead of showing nothing', async () => {
    const { AuditChanges } = await import('./audit-changes');
    render(<AuditChanges entry={{ before: { description: '' }, after: { description: 'Reads reports.' }, details: {} }} />);
    expect(screen.getByRole('listitem')).toHaveTextContent('description: (empty) → Reads reports.');
  });
});
