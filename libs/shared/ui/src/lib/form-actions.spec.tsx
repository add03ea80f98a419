import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { FormActions } from './form-actions';

const schema = z.object({ amount: z.string().transform((v) => v.trim()) });

function Form({ failure, onCancel, onSubmit, dirtyOnly }: { failure?: string | null; onCancel: () => void; onSubmit: (v: { amount: string }) => Promise<void>; dirtyOnly?: boolean }) {
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({ resolver: zodResolver(schema), defaultValues: { amount: '' } });
  return (
    <form onSubmit={form.handleSubmit((v) => onSubmit(v))} noValidate>
      <input aria-label="Amount" {...form.register('amount')} />
      <FormActions control={form.control} failure={failure} onCancel={onCancel} disabled={dirtyOnly && !form.formState.isDirty}>
        Record
      </FormActions>
    </form>
  );
}

it('announces the failure, cancels without submitting, and submits the transformed values once', async () => {
  let release: () => void = () => undefined;
  const onSubmit = jest.fn(() => new Promise<void>((r) => (release = r)));
  const onCancel = jest.fn();
  render(<Form failure="Could not save." onCancel={onCancel} onSubmit={onSubmit} />);
  expect(screen.getByRole('alert')).toHaveTextContent('Could not save.');

  await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
  expect(onCancel).toHaveBeenCalledTimes(1);
  expect(onSubmit).not.toHaveBeenCalled();

  await userEvent.type(screen.getByLabelText('Amount'), ' 100.50 ');
  const save = screen.getByRole('button', { name: 'Record' });
  await userEvent.dblClick(save);
  await waitFor(() => expect(save).toHaveAttribute('aria-busy', 'true'));
  expect(onSubmit).toHaveBeenCalledTimes(1);
  expect(onSubmit).toHaveBeenCalledWith({ amount: '100.50' });
  release();
  await waitFor(() => expect(save).toBeEnabled());
});

it('shows no alert without a failure and passes disabled to the submit button', async () => {
  render(<Form onCancel={jest.fn()} onSubmit={jest.fn()} dirtyOnly />);
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Record' })).toBeDisabled();
  await userEvent.type(screen.getByLabelText('Amount'), '1');
  expect(screen.getByRole('button', { name: 'Record' })).toBeEnabled();
});
