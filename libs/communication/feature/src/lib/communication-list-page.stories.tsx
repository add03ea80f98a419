import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { P, type PermissionName } from '@loan/shared-contract';
import { SCREENS } from '@loan/shared-screens';
import { communicationVariants } from '@loan/communication-data-access/testing';
import { CommunicationListPage } from './communication-list-page';

// The same MSW variants as communication-list-page.spec.tsx and compose-sms-dialog.spec.tsx
// (@loan/communication-data-access/testing).
const OFFICER: PermissionName[] = [P.viewCommunicationModule, P.createMessage];
const PATH = SCREENS.communication.path;
const TITLE = SCREENS.communication.title;

const meta = {
  title: 'Communication/Messages',
  component: CommunicationListPage,
  parameters: {
    workbench: { route: PATH, path: PATH, permissions: OFFICER },
    msw: { handlers: { api: [communicationVariants.list.ok, communicationVariants.sendSms.ok] } },
  },
} satisfies Meta<typeof CommunicationListPage>;
export default meta;
type Story = StoryObj<typeof meta>;

const page = (el: HTMLElement) => within(el.ownerDocument.body);
const settled = (el: HTMLElement) => waitFor(() => expect(el.ownerDocument.querySelector('[aria-busy="true"]')).toBeNull());

/** Search the list, then open a message. */
export const Populated: Story = {
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await within(await body.findByRole('table', { name: TITLE })).findByText('Client 40');
    await userEvent.type(body.getByRole('searchbox', { name: 'Search by client or recipient' }), '3{Enter}');
    await body.findByText('Client 33');
    await settled(canvasElement);
    await userEvent.click(body.getByRole('link', { name: 'Client 33' }));
    await waitFor(() => expect(body.getByTestId('location')).toHaveTextContent(SCREENS.messageDetails.path.replace(':id', '33')));
  },
};

/** Compose for one client (from the URL): characters and parts counted, then sent. */
export const SendSms: Story = {
  parameters: { workbench: { route: `${PATH}?compose=sms&client=5` } },
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    const dialog = await body.findByRole('dialog', { name: 'Send SMS' });
    await expect(body.getByLabelText('Client numbers')).toHaveValue('5');
    await userEvent.click(body.getByLabelText(/^Message/));
    await userEvent.paste('x'.repeat(161));
    await expect(dialog).toHaveTextContent('161 characters, 2 SMS parts');
    await userEvent.click(body.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(body.queryByRole('dialog', { name: 'Send SMS' })).not.toBeInTheDocument());
    await settled(canvasElement);
  },
};

/** Sending to all clients asks first. */
export const SendToAllConfirmed: Story = {
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await userEvent.click(await body.findByRole('button', { name: 'Send SMS' }));
    await userEvent.selectOptions(body.getByLabelText('To'), 'all');
    await userEvent.click(body.getByLabelText(/^Message/));
    await userEvent.paste('Dear {name}');
    await userEvent.click(body.getByRole('button', { name: 'Send' }));
    await userEvent.click(await body.findByRole('button', { name: 'Send to all' }));
    await waitFor(() => expect(body.queryByRole('dialog')).not.toBeInTheDocument());
    await settled(canvasElement);
  },
};

/** The server's 422 on the form's field. */
export const SendRefused: Story = {
  parameters: {
    workbench: { route: `${PATH}?compose=sms&client=3` },
    msw: { handlers: { api: [communicationVariants.list.ok, communicationVariants.sendSms.invalid] } },
  },
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await body.findByRole('dialog', { name: 'Send SMS' });
    await userEvent.type(body.getByLabelText(/^Message/), 'Hello');
    await userEvent.click(body.getByRole('button', { name: 'Send' }));
    await expect(await body.findByText('The message field is required.')).toBeInTheDocument();
  },
};

/** Without `can create message`: no sending. */
export const ViewOnly: Story = {
  parameters: { workbench: { permissions: [P.viewCommunicationModule] } },
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await body.findByRole('table', { name: TITLE });
    await expect(body.queryByRole('button', { name: 'Send SMS' })).not.toBeInTheDocument();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: { api: [communicationVariants.list.slow] } } },
};

export const Empty: Story = {
  parameters: { msw: { handlers: { api: [communicationVariants.list.empty] } } },
  play: async ({ canvasElement }) => {
    await expect(await page(canvasElement).findByText(`No ${TITLE.toLowerCase()}`)).toBeInTheDocument();
  },
};

export const LoadError: Story = {
  parameters: { msw: { handlers: { api: [communicationVariants.list.error] } } },
  play: async ({ canvasElement }) => {
    await expect(await page(canvasElement).findByRole('alert')).toHaveTextContent('Could not load');
  },
};

export const Forbidden: Story = {
  parameters: { workbench: { permissions: [] }, msw: { handlers: { api: [communicationVariants.list.forbidden] } } },
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await body.findByRole('alert');
    await expect(body.queryByRole('button', { name: 'Send SMS' })).not.toBeInTheDocument();
  },
};
