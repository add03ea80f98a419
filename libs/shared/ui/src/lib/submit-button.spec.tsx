import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { SubmitButton } from './submit-button';

function Form({ onSubmit }: { onSubmit: () => Promise<void> }) {
  const form = useForm({ defaultValues: { name: 'Ada' } });
  return (
    <form onSubmit={form.handleSubmit(onSubmit)}>
      <input aria-label="Name" {...form.register('name')} />
      <SubmitButton control={form.control}>Save</SubmitButton>
    </form>
  );
}

it('shows progress while submitting and submits once on a double click', async () => {
  let release: () => void = () => undefined;
  const onSubmit = jest.fn(() => new Promise<void>((r) => (release = r)));
  render(<Form onSubmit={onSubmit} />);
  const button = screen.getByRole('button', { name: 'Save' });
  await userEvent.dblClick(button);
  await userEvent.click(button);
  expect(onSubmit).toHaveBeenCalledTimes(1);
  expect(button).toBeDisabled();
  expect(button).toHaveAttribute('aria-busy', 'true');
  release();
  await waitFor(() => expect(button).toBeEnabled());
  expect(button).not.toHaveAttribute('aria-busy');
});

it('stays busy while a mutation still runs', () => {
  function Busy() {
    const form = useForm();
    return <SubmitButton control={form.control} busy>Save</SubmitButton>;
  }
  render(<Busy />);
  expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
});

it('takes the control of a form whose resolver transforms the values, no cast', async () => {
  // The input is a string field; the submitted value is a number or null (z.input vs z.output).
  const schema = z.object({ limit: z.string().transform((v) => (v === '' ? null : Number(v))) });
  const submitted = jest.fn();
  function Transformed() {
    const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
      resolver: zodResolver(schema),
      defaultValues: { limit: '' },
    });
    return (
      <form onSubmit={form.handleSubmit((v) => submitted(v))}>
        <input aria-label="Limit" {...form.register('limit')} />
        <SubmitButton control={form.control}>Save</SubmitButton>
      </form>
    );
  }
  render(<Transformed />);
  await userEvent.type(screen.getByLabelText('Limit'), '250');
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(submitted).toHaveBeenCalledWith({ limit: 250 }));
});
