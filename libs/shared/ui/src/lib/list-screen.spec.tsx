import { lazy, Suspense, type ReactNode } from 'react';
import { act, render, screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { ColumnDef } from '@tanstack/react-table';
import type { ListEnvelope } from '@loan/shared-contract';
import { ListScreen, type BulkAction, type ExportAction, type ListQueryState } from './list-screen';
import { useListParams } from './use-list-params';

interface Row {
  id: number;
  ref: string;
  name: string;
}
const columns: ColumnDef<Row>[] = [
  { header: 'Reference', accessorKey: 'ref' },
  { header: 'Name', accessorKey: 'name' },
];
const rows: Row[] = Array.from({ length: 15 }, (_, i) => ({ id: i + 1, ref: `LA-${i + 1}`, name: `Client ${i + 1}` }));
const page = (items: Row[], total = 40): ListEnvelope<Row> => ({ items, total, page: 1, pageSize: 15, nextCursor: null });

function query(over: Partial<ListQueryState<Row>> = {}): ListQueryState<Row> {
  return { data: page(rows), isLoading: false, isFetching: false, isError: false, refetch: jest.fn(), ...over };
}

function setup(
  q: ListQueryState<Row>,
  bulk: BulkAction<Row>[] = [],
  url = '/list',
  exportAction?: (search: string) => ExportAction,
  details: ReactNode = <p>Details page</p>,
) {
  function Screen() {
    const list = useListParams({ filters: ['nrc'], sorts: ['created_at'], defaultSort: '-created_at' });
    const download = exportAction?.(list.params.search ?? '');
    return (
      <ListScreen
        caption="Requests"
        columns={columns}
        query={q}
        list={list}
        getRowId={(r) => String(r.id)}
        rowHref={(r) => `/items/${r.id}`}
        rowLabel={(r) => r.ref}
        filterFields={[{ name: 'nrc', label: 'NRC' }]}
        sortOptions={[
          { value: '-created_at', label: 'Newest first' },
          { value: 'created_at', label: 'Oldest first' },
        ]}
        bulkActions={bulk}
        exportAction={download}
      />
    );
  }
  const router = { state: { location: { pathname: '', search: '' } } };
  function Where() {
    router.state.location = useLocation();
    return null;
  }
  render(
    <MemoryRouter initialEntries={[url]}>
      {/* As in the portal's shell: one boundary above the routes, so a screen still loading keeps the old one shown. */}
      <Suspense fallback={<p>Loading the screen</p>}>
        <Routes>
          <Route path="/list" element={<Screen />} />
          <Route path="/items/:id" element={details} />
        </Routes>
      </Suspense>
      <Where />
    </MemoryRouter>,
  );
  return router;
}

it('shows a skeleton while loading', () => {
  setup(query({ data: undefined, isLoading: true }));
  expect(screen.getByRole('status', { name: 'Loading rows...' })).toBeInTheDocument();
});

it('shows the empty state', () => {
  setup(query({ data: page([], 0) }));
  expect(screen.getByText('No records found')).toBeInTheDocument();
});

it('shows "Could not load" with a Retry that refetches, not an empty list (NOTES.md)', async () => {
  const q = query({ data: undefined, isError: true });
  setup(q);
  const alert = screen.getByRole('alert');
  expect(alert).toHaveTextContent('Could not load');
  expect(screen.queryByText('No records found')).not.toBeInTheDocument();
  await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
  expect(q.refetch).toHaveBeenCalledTimes(1);
});

it('links rows to their details and pages through the URL', async () => {
  const router = setup(query());
  expect(screen.getByText('1–15 of 40')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
  expect(router.state.location.search).toBe('?page=2');
  await userEvent.selectOptions(screen.getByLabelText('Rows per page'), '50');
  expect(router.state.location.search).toBe('?pageSize=50');
  await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'created_at');
  expect(router.state.location.search).toBe('?pageSize=50&sort=created_at');
  await userEvent.click(screen.getByRole('link', { name: 'LA-3' }));
  expect(router.state.location.pathname).toBe('/items/3');
});

it('keeps the row links and checkboxes (their DOM nodes) when the screen renders again', async () => {
  // A screen passes rowHref/rowLabel as new functions on each render. Were the cells made
  // anew, each render would swap the row's <a> for a new one: focus lost, and a click on the
  // old, detached <a> is the browser's own navigation (the workbench's disbursements story lost its page).
  setup(query(), [{ label: 'Delete', run: async () => undefined }]);
  const link = screen.getByRole('link', { name: 'LA-3' });
  const box = screen.getByRole('checkbox', { name: 'Select LA-3' });
  await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'created_at');
  expect(screen.getByRole('link', { name: 'LA-3' })).toBe(link);
  expect(screen.getByRole('checkbox', { name: 'Select LA-3' })).toBe(box);
  expect(link.isConnected).toBe(true);
}, 30_000);

it('applies the search and filters to the URL', async () => {
  const router = setup(query());
  await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'banda{Enter}');
  await waitFor(() => expect(router.state.location.search).toBe('?search=banda'));
  await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
  await userEvent.type(screen.getByLabelText('NRC'), '123456/78/9');
  await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
  await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('nrc')).toBe('123456/78/9'));
  expect(await screen.findByRole('button', { name: 'Filters (1)' })).toBeInTheDocument();
});

it('a row opened right after a search stays open while its screen loads (the typed search does not pull the user back)', async () => {
  let open: () => void = () => undefined;
  const Details = lazy(
    () => new Promise<{ default: () => ReactNode }>((resolve) => (open = () => resolve({ default: () => <p>Details page</p> }))),
  );
  const router = setup(query(), [], '/list', undefined, <Details />);
  await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'banda{Enter}');
  await waitFor(() => expect(router.state.location.search).toBe('?search=banda'));
  await userEvent.click(screen.getByRole('link', { name: 'LA-3' }));
  // The details screen's code is still on its way (the list stays shown) when the search box's pause timer ends.
  await act(() => new Promise((r) => setTimeout(r, 600)));
  await act(async () => open());
  expect(await screen.findByText('Details page')).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/items/3');
});

it('selects rows, asks before a destructive bulk action, and reports refused rows', async () => {
  const run = jest.fn(async (selected: Row[]) => ({ refused: [{ label: selected[1].ref, reason: 'Already approved.' }] }));
  setup(query(), [{ label: 'Delete', tone: 'danger', confirm: { title: 'Delete rows?', message: (r) => `${r.length} rows` }, run }]);
  expect(screen.queryByRole('toolbar', { name: 'Bulk actions' })).not.toBeInTheDocument();
  await userEvent.click(screen.getByRole('checkbox', { name: 'Select LA-1' }));
  await userEvent.click(screen.getByRole('checkbox', { name: 'Select LA-2' }));
  const bar = screen.getByRole('toolbar', { name: 'Bulk actions' });
  expect(bar).toHaveTextContent('2 selected');

  await userEvent.click(within(bar).getByRole('button', { name: 'Delete' }));
  const dialog = screen.getByRole('dialog', { name: 'Delete rows?' });
  expect(dialog).toHaveTextContent('2 rows');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  expect(run).not.toHaveBeenCalled();

  await userEvent.click(within(bar).getByRole('button', { name: 'Delete' }));
  await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(run).toHaveBeenCalledWith([rows[0], rows[1]]));
  expect(await screen.findByText('LA-2: Already approved.')).toBeInTheDocument();
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(screen.queryByRole('toolbar', { name: 'Bulk actions' })).not.toBeInTheDocument();
});

it('selects the whole page from the header and is keyboard usable', async () => {
  setup(query(), [{ label: 'Export', run: jest.fn(async () => undefined) }]);
  await userEvent.tab(); // search box
  await userEvent.tab(); // sort
  await userEvent.tab(); // filters
  await userEvent.tab(); // the table's scroll region (a keyboard can scroll a wide table)
  expect(screen.getByRole('region', { name: 'Requests' })).toHaveFocus();
  await userEvent.tab(); // select all
  expect(screen.getByRole('checkbox', { name: 'Select all rows on this page' })).toHaveFocus();
  await userEvent.keyboard(' ');
  expect(screen.getByRole('toolbar', { name: 'Bulk actions' })).toHaveTextContent('15 selected');
});

it('offers the export of the filtered list only when given, following the list params', async () => {
  setup(query(), [], '/list?search=banda', (search) => ({ href: `/api/things/export?search=${search}`, filename: 'things.csv' }));
  const link = screen.getByRole('link', { name: 'Export CSV' });
  expect(link).toHaveAttribute('href', '/api/things/export?search=banda');
  expect(link).toHaveAttribute('download', 'things.csv');
});

it('shows no export without an export action', () => {
  setup(query());
  expect(screen.queryByRole('link', { name: /export/i })).not.toBeInTheDocument();
});
