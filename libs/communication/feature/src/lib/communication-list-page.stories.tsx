import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { P, type PermissionName } from '@loan/shared-contract';
import { SCREENS } from '@loan/shared-screens';
import { communicationHandlers, communicationVariants } from '@loan/communication-data-access/testing';
import { CommunicationListPage } from './communication-list-page';

// The same MSW variants as communication-list-page.spec.tsx and compose-message-dialog.spec.tsx
// (@loan/communication-data-access/testing).
const OFFICER: PermissionName[] = [P.viewCommunicationModule, P.createMessage];
const PATH = SCREENS.communication.path;
const TITLE = SCREENS.communication.title;

const meta = {
  title: 'Communication/Messages',
  component: CommunicationListPage,
  parameters: {
    workbench: { route: PATH, path: PATH, permissions: OFFICER },
    msw: { handlers: { api: communicationHandlers } },
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

/** Compose for one client (from the URL): previewed as the server renders it, characters and parts counted, then sent. */
export const SendSms: Story = {
  parameters: { workbench: { route: `${PATH}?compose=sms&client=5` } },
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    const dialog = await body.findByRole('dialog', { name: 'Send SMS' });
    await userEvent.click(within(dialog).getByLabelText(/^Message/));
    await userEvent.paste('Dear {name}');
    await expect(await within(dialog).findByText('Dear Mary Banda')).toBeInTheDocument();
    await expect(within(dialog).getByRole('list', { name: 'Chosen clients' })).toHaveTextContent('Mary Banda');
    await userEvent.paste('x'.repeat(150));
    await expect(dialog).toHaveTextContent('161 characters, 2 SMS parts');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(body.queryByRole('dialog', { name: 'Send SMS' })).not.toBeInTheDocument());
    await settled(canvasElement);
  },
};

/** Sending to all clients asks first. */
export const SendToAllConfirmed: Story = {
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await userEvent.click(await body.findByRole('button', { name: 'Send SMS' }));
    const dialog = await body.findByRole('dialog', { name: 'Send SMS' });
    await userEvent.selectOptions(within(dialog).getByLabelText('To'), 'all');
    await userEvent.click(within(dialog).getByLabelText(/^Message/));
    await userEvent.paste('Dear {name}');
    await within(dialog).findByText(/Reaches 40 clients; the first 3/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await userEvent.click(within(await body.findByRole('dialog', { name: 'Send to 40 clients?' })).getByRole('button', { name: 'Send to all' }));
    await waitFor(() => expect(body.queryByRole('dialog')).not.toBeInTheDocument());
    await settled(canvasElement);
  },
};

/** The server's 422 on the form's field. */
export const SendRefused: Story = {
  parameters: {
    workbench: { route: `${PATH}?compose=sms&client=5` },
    msw: { handlers: { api: [communicationVariants.sendSms.invalid, ...communicationHandlers] } },
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
  parameters: { msw: { handlers: { api: [communicationVariants.list.slow, ...communicationHandlers] } } },
};

export const Empty: Story = {
  parameters: { msw: { handlers: { api: [communicationVariants.list.empty, ...communicationHandlers] } } },
  play: async ({ canvasElement }) => {
    await expect(await page(canvasElement).findByText(`No ${TITLE.toLowerCase()}`)).toBeInTheDocument();
  },
};

export const LoadError: Story = {
  parameters: { msw: { handlers: { api: [communicationVariants.list.error, ...communicationHandlers] } } },
  play: async ({ canvasElement }) => {
    await expect(await page(canvasElement).findByRole('alert')).toHaveTextContent('Could not load');
  },
};

export const Forbidden: Story = {
  parameters: { workbench: { permissions: [] }, msw: { handlers: { api: [communicationVariants.list.forbidden, ...communicationHandlers] } } },
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await body.findByRole('alert');
    await expect(body.queryByRole('button', { name: 'Send SMS' })).not.toBeInTheDocument();
  },
};
