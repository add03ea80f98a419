import { render, screen } from '@testing-library/react';
import { Card } from './card';
import { StatCard } from './stat-card';

it('shows a titled card with actions and footer', () => {
  render(
    <Card title="Clients" actions={<button type="button">Add</button>} footer="3 rows">
      body
    </Card>,
  );
  expect(screen.getByRole('heading', { name: 'Clients' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Add' })).toBeInTheDocument();
  expect(screen.getByText('body')).toBeInTheDocument();
  expect(screen.getByText('3 rows')).toBeInTheDocument();
});

it('shows a stat card with title, value, caption and icon slot', () => {
  render(<StatCard title="Application Requests" value="ZMW 10.00" caption="4 applications" icon={<span data-testid="ic" />} />);
  expect(screen.getByRole('heading', { name: 'Application Requests' })).toBeInTheDocument();
  expect(screen.getByText('ZMW 10.00')).toBeInTheDocument();
  expect(screen.getByText('4 applications')).toBeInTheDocument();
  expect(screen.getByTestId('ic')).toBeInTheDocument();
});

it('hides the value while the stat card loads', () => {
  render(<StatCard title="Signed" value="12" loading />);
  expect(screen.queryByText('12')).not.toBeInTheDocument();
});
