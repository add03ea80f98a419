import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { SCREENS } from '@loan/shared-screens';
import { communicationVariants, messageNotFound } from '@loan/communication-data-access/testing';
import { MessageDetailsPage } from './message-details-page';

// The same MSW variants as message-details-page.spec.tsx (@loan/communication-data-access/testing).
const PATH = SCREENS.messageDetails.path;

const meta = {
  title: 'Communication/Message details',
  component: MessageDetailsPage,
  parameters: {
    workbench: { route: PATH.replace(':id', '7'), path: PATH },
    msw: { handlers: { api: [communicationVariants.details.ok] } },
  },
} satisfies Meta<typeof MessageDetailsPage>;
export default meta;
type Story = StoryObj<typeof meta>;

const page = (el: HTMLElement) => within(el.ownerDocument.body);

export const Populated: Story = {
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await expect(await body.findByText('Client 7 (0970000007)')).toBeInTheDocument();
    await expect(body.getByRole('heading', { name: SCREENS.messageDetails.title })).toBeInTheDocument();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: { api: [communicationVariants.details.slow] } } },
};

/** Nothing optional filled in: no client, no sender. */
export const Empty: Story = {
  parameters: { msw: { handlers: { api: [communicationVariants.details.empty] } } },
};

export const NotFound: Story = {
  parameters: { msw: { handlers: { api: [messageNotFound] } } },
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await body.findByText('Message not found');
    await expect(body.getByRole('link', { name: `Back to ${SCREENS.communication.title}` })).toHaveAttribute('href', SCREENS.communication.path);
  },
};

/** Could not load, then Retry asks again. */
export const LoadError: Story = {
  parameters: { msw: { handlers: { api: [communicationVariants.details.error] } } },
  play: async ({ canvasElement }) => {
    const alert = await page(canvasElement).findByRole('alert');
    await expect(alert).toHaveTextContent('Could not load');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(page(canvasElement).getByRole('alert')).toBeInTheDocument());
  },
};

export const Forbidden: Story = {
  parameters: { workbench: { permissions: [] }, msw: { handlers: { api: [communicationVariants.details.forbidden] } } },
  play: async ({ canvasElement }) => {
    await expect(await page(canvasElement).findByRole('alert')).toBeInTheDocument();
  },
};
