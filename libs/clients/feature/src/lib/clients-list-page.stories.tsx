import type { Meta } from '@storybook/react-vite';
import { expect, userEvent, waitFor } from 'storybook/test';
import { clientsVariants } from '@loan/clients-data-access/testing';
import { SCREENS } from '@loan/shared-screens';
import {
  COULD_NOT_LOAD,
  page,
  screenStories,
} from '../../../../../tools/storybook/screen-stories';
import { ClientsListPage } from './clients-list-page';

// The same MSW variants as clients-list-page.spec.tsx; the toolbar picks the role, theme and width.
// The states are the kit's (tools/storybook/screen-stories.ts): add this screen's own flows below.
const TITLE = SCREENS.clients.title;

const list = screenStories({
  workbench: { route: '/clients' },
  calls: clientsVariants.list,
  empty: { shows: `No ${TITLE.toLowerCase()}` },
  error: { shows: COULD_NOT_LOAD, retry: 'Retry' },
  forbidden: { shows: { role: 'alert' } },
});

export default {
  title: 'Clients/List',
  component: ClientsListPage,
  parameters: list.parameters,
} satisfies Meta<typeof ClientsListPage>;

/** Search: the URL and the rows follow. */
export const Populated = list.flow({
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await body.findByRole('table', { name: TITLE });
    await userEvent.type(
      body.getByRole('searchbox', { name: 'Search by name, NRC, mobile or reference' }),
      '3{Enter}',
    );
    await waitFor(() =>
      expect(body.getByTestId('location')).toHaveTextContent('?search=3'),
    );
  },
  shows: 'Client 33',
  settle: true,
});

export const Loading = list.Loading,
  Empty = list.Empty,
  LoadError = list.LoadError,
  Forbidden = list.Forbidden;
