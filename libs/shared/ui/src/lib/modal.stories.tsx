import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { page } from '../../../../../tools/storybook/screen-stories';
import { Button } from './button';
import { ConfirmDialog } from './modal';

const meta = {
  title: 'Kit/Confirm dialog',
  component: ConfirmDialog,
  args: {
    open: false,
    title: 'Delete applications?',
    message: '2 applications (LA-2026-000004, LA-2026-000008) will be deleted. This cannot be undone.',
    confirmLabel: 'Delete',
    tone: 'danger',
    onConfirm: fn(),
    onCancel: fn(),
  },
} satisfies Meta<typeof ConfirmDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Confirmation before destroying: open, confirm, the dialog closes. */
export const Confirm: Story = {
  render: function Render(args) {
    const [open, setOpen] = useState(false);
    return (
      <div className="p-4">
        <Button variant="danger" onClick={() => setOpen(true)}>
          Delete
        </Button>
        <ConfirmDialog
          {...args}
          open={open}
          onConfirm={() => {
            args.onConfirm();
            setOpen(false);
          }}
          onCancel={() => setOpen(false)}
        />
      </div>
    );
  },
  play: async ({ canvasElement, args }) => {
    const body = page(canvasElement);
    await userEvent.click(body.getByRole('button', { name: 'Delete' }));
    const dialog = await body.findByRole('dialog', { name: 'Delete applications?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await expect(args.onConfirm).toHaveBeenCalled();
  },
};

export const Busy: Story = { args: { open: true, busy: true } };
