import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ColumnDef } from '@tanstack/react-table';
import { DataTable } from './data-table';

interface Row {
  id: number;
  name: string;
}
const columns: ColumnDef<Row>[] = [
  { header: 'ID', accessorKey: 'id' },
  { header: 'Name', accessorKey: 'name' },
];
const rows: Row[] = Array.from({ length: 40 }, (_, i) => ({ id: i + 1, name: `Client ${i + 1}` }));

function bodyRows() {
  const table = screen.getByRole('table', { name: 'Clients' });
  return within(table).getAllByRole('row').slice(1);
}

it('pages client-side by 15 and offers 15/25/50/100', async () => {
  render(<DataTable caption="Clients" columns={columns} data={rows} />);
  expect(bodyRows()).toHaveLength(15);
  expect(screen.getByText('1–15 of 40')).toBeInTheDocument();
  const size = screen.getByLabelText('Rows per page');
  expect(within(size).getAllByRole('option').map((o) => o.textContent)).toEqual(['15', '25', '50', '100']);
  await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
  expect(screen.getByText('Client 16')).toBeInTheDocument();
  expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
  await userEvent.selectOptions(size, '50');
  expect(bodyRows()).toHaveLength(40);
  expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
});

it('reports page changes to the caller for server-side paging', async () => {
  const onChange = jest.fn();
  render(
    <DataTable
      caption="Clients"
      columns={columns}
      data={rows.slice(0, 15)}
      pagination={{ pageIndex: 0, pageSize: 15, total: 100, onChange }}
    />,
  );
  expect(screen.getByText('Page 1 of 7')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
  expect(onChange).toHaveBeenCalledWith({ pageIndex: 1, pageSize: 15 });
  await userEvent.selectOptions(screen.getByLabelText('Rows per page'), '25');
  expect(onChange).toHaveBeenLastCalledWith({ pageIndex: 0, pageSize: 25 });
});

it('shows loading, empty and error states', async () => {
  const retry = jest.fn();
  const { rerender } = render(<DataTable caption="Clients" columns={columns} data={[]} loading />);
  expect(screen.getByRole('status', { name: 'Loading rows...' })).toBeInTheDocument();
  rerender(<DataTable caption="Clients" columns={columns} data={[]} emptyTitle="No clients" />);
  expect(screen.getByText('No clients')).toBeInTheDocument();
  rerender(<DataTable caption="Clients" columns={columns} data={[]} error="Failed to load" onRetry={retry} />);
  expect(screen.getByRole('alert')).toHaveTextContent('Failed to load');
  await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
  expect(retry).toHaveBeenCalled();
});

it('puts a column meta className on its header and cells (narrow screens leave low-value columns out)', () => {
  const { container } = render(
    <DataTable
      caption="Meta"
      data={[{ id: 1, name: 'A' }]}
      columns={[columns[0], { ...columns[1], meta: { className: 'hidden 2xl:table-cell' } }]}
    />,
  );
  expect(container.querySelectorAll('.hidden')).toHaveLength(2);
});

it('scrolls in a named region that takes keyboard focus (axe scrollable-region-focusable)', async () => {
  render(<DataTable caption="Clients" columns={columns} data={rows} />);
  const region = screen.getByRole('region', { name: 'Clients' });
  expect(region).toContainElement(screen.getByRole('table', { name: 'Clients' }));
  await userEvent.tab();
  expect(region).toHaveFocus();
});
