import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { EmptyState, ErrorState, NotFound } from './states';

const meta = {
  title: 'Kit/States',
  component: ErrorState,
  args: { onRetry: fn() },
} satisfies Meta<typeof ErrorState>;
export default meta;
type Story = StoryObj<typeof meta>;

/** "Could not load" with Retry, as every list and details screen shows a failure. */
export const LoadError: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: /Retry|Try again/ }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};

export const Empty: Story = { render: () => <EmptyState title="No application requests" message="Nothing matches the search or filters." /> };

export const NotFoundPage: Story = { render: () => <NotFound title="Application not found" backTo="/loans/applications/requests" /> };
