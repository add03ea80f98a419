import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { ConfirmDialog, Modal } from './modal';

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Modal open={open} title="Edit" onClose={() => setOpen(false)} footer={<button type="button">Save</button>}>
        <input aria-label="Field" />
      </Modal>
    </>
  );
}

it('moves focus inside, traps Tab, closes on Esc and restores focus', async () => {
  render(<Harness />);
  const opener = screen.getByRole('button', { name: 'Open' });
  await userEvent.click(opener);
  const dialog = screen.getByRole('dialog', { name: 'Edit' });
  expect(dialog).toContainElement(document.activeElement as HTMLElement);
  expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
  await userEvent.tab();
  expect(screen.getByLabelText('Field')).toHaveFocus();
  await userEvent.tab();
  expect(screen.getByRole('button', { name: 'Save' })).toHaveFocus();
  await userEvent.tab();
  expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
  await userEvent.tab({ shift: true });
  expect(screen.getByRole('button', { name: 'Save' })).toHaveFocus();
  await userEvent.keyboard('{Escape}');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(opener).toHaveFocus();
});

it('confirm dialog focuses Cancel first and reports the choice', async () => {
  const onConfirm = jest.fn();
  const onCancel = jest.fn();
  render(<ConfirmDialog open title="Delete 2 rows?" message="This cannot be undone." onConfirm={onConfirm} onCancel={onCancel} confirmLabel="Delete" />);
  expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
  await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
  expect(onConfirm).toHaveBeenCalled();
  await userEvent.click(screen.getByTestId('modal-backdrop'));
  expect(onCancel).toHaveBeenCalled();
});
