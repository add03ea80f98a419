import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { CheckboxField, SelectField, TextAreaField, TextField } from './fields';

interface Values {
  name: string;
  month: string;
  agree: boolean;
}

function Form({ onSubmit }: { onSubmit: (v: Values) => void }) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<Values>({ defaultValues: { name: '', month: '', agree: false } });
  return (
    <form onSubmit={handleSubmit(onSubmit)}>
      <TextField label="Name" error={errors.name?.message} {...register('name', { required: 'Name is required' })} />
      <SelectField
        label="Month"
        placeholder="All Months"
        options={[
          { value: '01', label: 'January' },
          { value: '02', label: 'February' },
        ]}
        {...register('month')}
      />
      <CheckboxField label="I agree" {...register('agree')} />
      <button type="submit">Send</button>
    </form>
  );
}

it('works with react-hook-form and shows inline errors tied to the field', async () => {
  const onSubmit = jest.fn();
  render(<Form onSubmit={onSubmit} />);
  await userEvent.click(screen.getByRole('button', { name: 'Send' }));
  const name = screen.getByLabelText('Name');
  expect(await screen.findByText('Name is required')).toBeInTheDocument();
  expect(name).toHaveAttribute('aria-invalid', 'true');
  expect(name).toHaveAccessibleDescription('Name is required');
  expect(onSubmit).not.toHaveBeenCalled();

  await userEvent.type(name, 'Mwila');
  await userEvent.selectOptions(screen.getByLabelText('Month'), '02');
  await userEvent.click(screen.getByLabelText('I agree'));
  await userEvent.click(screen.getByRole('button', { name: 'Send' }));
  expect(onSubmit).toHaveBeenCalledWith({ name: 'Mwila', month: '02', agree: true }, expect.anything());
});

it('shows a hint when there is no error', () => {
  render(<TextField label="Email" hint="We never share it." />);
  expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('We never share it.');
});

it('labels a text area and ties its error to it', () => {
  render(<TextAreaField label="Reason" error="Enter a reason." />);
  const box = screen.getByLabelText('Reason');
  expect(box.tagName).toBe('TEXTAREA');
  expect(box).toHaveAttribute('aria-invalid', 'true');
  expect(box).toHaveAccessibleDescription('Enter a reason.');
});

describe('a registered (uncontrolled) SelectField whose options load after the form', () => {
  const BRANCHES = [
    { value: '1', label: 'Lusaka' },
    { value: '2', label: 'Kitwe' },
  ];
  function LateForm({ options, onSubmit = () => undefined }: { options: typeof BRANCHES; onSubmit?: (v: { branch: string }) => void }) {
    const { register, handleSubmit } = useForm<{ branch: string }>({ defaultValues: { branch: '2' } });
    return (
      <form onSubmit={handleSubmit(onSubmit)}>
        <SelectField label="Branch" placeholder="Choose..." options={options} {...register('branch')} />
        <button type="submit">Save</button>
      </form>
    );
  }

  it("shows the form's value once the options arrive, not 'Choose...'", () => {
    const view = render(<LateForm options={[]} />);
    const select = screen.getByLabelText('Branch') as HTMLSelectElement;
    expect(select.value).not.toBe('2');
    view.rerender(<LateForm options={BRANCHES} />);
    expect(select.value).toBe('2');
    expect(select.selectedOptions[0]?.textContent).toBe('Kitwe');
  });

  it("keeps the user's choice when the options are loaded again, and submits it", async () => {
    const onSubmit = jest.fn();
    const view = render(<LateForm options={BRANCHES} onSubmit={onSubmit} />);
    const select = screen.getByLabelText('Branch') as HTMLSelectElement;
    await userEvent.selectOptions(select, '1');
    view.rerender(<LateForm options={[...BRANCHES, { value: '3', label: 'Ndola' }]} onSubmit={onSubmit} />);
    expect(select.value).toBe('1');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith({ branch: '1' }, expect.anything());
  });
});
