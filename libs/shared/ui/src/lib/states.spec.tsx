import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { EmptyState, ErrorState, NotFound } from './states';
import { Skeleton } from './skeleton';

it('shows an empty state with its message', () => {
  render(<EmptyState title="No clients" message="Add one to start." />);
  expect(screen.getByText('No clients')).toBeInTheDocument();
  expect(screen.getByText('Add one to start.')).toBeInTheDocument();
});

it('shows an error state as an alert with a retry button', async () => {
  const retry = jest.fn();
  render(<ErrorState message="Server unreachable" onRetry={retry} />);
  expect(screen.getByRole('alert')).toHaveTextContent('Server unreachable');
  await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
  expect(retry).toHaveBeenCalled();
});

it('shows a not-found page with a way back', () => {
  render(
    <MemoryRouter>
      <NotFound title="Not available" backTo="/dashboard" backLabel="Back to dashboard" />
    </MemoryRouter>,
  );
  expect(screen.getByRole('heading', { level: 1, name: 'Not available' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Back to dashboard' })).toHaveAttribute('href', '/dashboard');
});

it('announces a skeleton as busy with the given number of lines', () => {
  render(<Skeleton lines={4} label="Loading clients" />);
  const status = screen.getByRole('status', { name: 'Loading clients' });
  expect(status).toHaveAttribute('aria-busy', 'true');
  expect(status.children).toHaveLength(4);
});
