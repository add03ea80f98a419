import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { Button, ButtonLink } from './button';

it('calls onClick and is a non-submitting button by default', async () => {
  const onClick = jest.fn();
  render(<Button onClick={onClick}>Save</Button>);
  const btn = screen.getByRole('button', { name: 'Save' });
  expect(btn).toHaveAttribute('type', 'button');
  await userEvent.click(btn);
  expect(onClick).toHaveBeenCalledTimes(1);
});

it('is disabled and busy while loading', async () => {
  const onClick = jest.fn();
  render(
    <Button loading onClick={onClick}>
      Save
    </Button>,
  );
  const btn = screen.getByRole('button', { name: 'Save' });
  expect(btn).toBeDisabled();
  expect(btn).toHaveAttribute('aria-busy', 'true');
  await userEvent.click(btn);
  expect(onClick).not.toHaveBeenCalled();
});

it('renders a link styled as a button', () => {
  render(
    <MemoryRouter>
      <ButtonLink to="/x">Go</ButtonLink>
    </MemoryRouter>,
  );
  expect(screen.getByRole('link', { name: 'Go' })).toHaveAttribute('href', '/x');
});
