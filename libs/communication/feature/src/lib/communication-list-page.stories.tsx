import type { Meta } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { P } from '@loan/shared-contract';
import { SCREENS } from '@loan/shared-screens';
import { communicationHandlers, communicationVariants } from '@loan/communication-data-access/testing';
import { page, screenStories, settled } from '../../../../../tools/storybook/screen-stories';
import { CommunicationListPage } from './communication-list-page';

// The same MSW variants as communication-list-page.spec.tsx and compose-message-dialog.spec.tsx
// (@loan/communication-data-access/testing).
const PATH = SCREENS.communication.path;
const TITLE = SCREENS.communication.title;
const SEND = { role: 'button', name: 'Send SMS' };
/** The compose dialog opened from the URL, for one client. */
const COMPOSE = { route: `${PATH}?compose=sms&client=5` };

const messages = screenStories({
  workbench: { route: PATH, path: PATH, permissions: [P.viewCommunicationModule, P.createMessage] },
  handlers: communicationHandlers,
  calls: communicationVariants.list,
  empty: { shows: `No ${TITLE.toLowerCase()}` },
  forbidden: { shows: { role: 'alert' }, hides: SEND },
  /** Without `can create message`: no sending. */
  viewOnly: { workbench: { permissions: [P.viewCommunicationModule] }, shows: { role: 'table', name: TITLE }, hides: SEND },
});

export default { title: 'Communication/Messages', component: CommunicationListPage, parameters: messages.parameters } satisfies Meta<typeof CommunicationListPage>;

/** Types `text` into the message field of the open dialog (pasted: `{name}` is not a key). */
async function writeMessage(dialog: HTMLElement, text: string) {
  await userEvent.click(within(dialog).getByLabelText(/^Message/));
  await userEvent.paste(text);
}

/** Search the list, then open a message. */
export const Populated = messages.flow({
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await within(await body.findByRole('table', { name: TITLE })).findByText('Client 40');
    await userEvent.type(body.getByRole('searchbox', { name: 'Search by client or recipient' }), '3{Enter}');
    await body.findByText('Client 33');
    await settled(canvasElement);
    await userEvent.click(body.getByRole('link', { name: 'Client 33' }));
    await waitFor(() => expect(body.getByTestId('location')).toHaveTextContent(SCREENS.messageDetails.path.replace(':id', '33')));
  },
});

/** Compose for one client (from the URL): previewed as the server renders it, characters and parts counted, then sent. */
export const SendSms = messages.flow({
  workbench: COMPOSE,
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    const dialog = await body.findByRole('dialog', { name: 'Send SMS' });
    await writeMessage(dialog, 'Dear {name}');
    await expect(await within(dialog).findByText('Dear Mary Banda')).toBeInTheDocument();
    await expect(within(dialog).getByRole('list', { name: 'Chosen clients' })).toHaveTextContent('Mary Banda');
    await userEvent.paste('x'.repeat(150));
    await expect(dialog).toHaveTextContent('161 characters, 2 SMS parts');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(body.queryByRole('dialog', { name: 'Send SMS' })).not.toBeInTheDocument());
  },
  settle: true,
});

/** Sending to all clients asks first. */
export const SendToAllConfirmed = messages.flow({
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await userEvent.click(await body.findByRole('button', { name: 'Send SMS' }));
    const dialog = await body.findByRole('dialog', { name: 'Send SMS' });
    await userEvent.selectOptions(within(dialog).getByLabelText('To'), 'all');
    await writeMessage(dialog, 'Dear {name}');
    await within(dialog).findByText(/Reaches 40 clients; the first 3/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await userEvent.click(within(await body.findByRole('dialog', { name: 'Send to 40 clients?' })).getByRole('button', { name: 'Send to all' }));
    await waitFor(() => expect(body.queryByRole('dialog')).not.toBeInTheDocument());
  },
  settle: true,
});

/** The server's 422 on the form's field. */
export const SendRefused = messages.flow({
  workbench: COMPOSE,
  handlers: [communicationVariants.sendSms.invalid],
  act: async (el) => {
    const body = page(el);
    await body.findByRole('dialog', { name: 'Send SMS' });
    await userEvent.type(body.getByLabelText(/^Message/), 'Hello');
    await userEvent.click(body.getByRole('button', { name: 'Send' }));
  },
  shows: 'The message field is required.',
});

export const ViewOnly = messages.ViewOnly, Loading = messages.Loading, Empty = messages.Empty, LoadError = messages.LoadError, Forbidden = messages.Forbidden;
