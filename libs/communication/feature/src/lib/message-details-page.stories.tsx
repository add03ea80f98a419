import type { Meta } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { SCREENS } from '@loan/shared-screens';
import { communicationVariants, messageNotFound } from '@loan/communication-data-access/testing';
import { COULD_NOT_LOAD, page, screenStories } from '../../../../../tools/storybook/screen-stories';
import { MessageDetailsPage } from './message-details-page';

// The same MSW variants as message-details-page.spec.tsx (@loan/communication-data-access/testing).
const PATH = SCREENS.messageDetails.path;

const message = screenStories({
  workbench: { route: PATH.replace(':id', '7'), path: PATH },
  calls: communicationVariants.details,
  /** Nothing optional filled in: no client, no sender. */
  empty: {},
  notFound: {
    handlers: [messageNotFound],
    shows: 'Message not found',
    play: async ({ canvasElement }) => {
      const back = await page(canvasElement).findByRole('link', { name: `Back to ${SCREENS.communication.title}` });
      await expect(back).toHaveAttribute('href', SCREENS.communication.path);
    },
  },
  /** Could not load, then Retry asks again. */
  error: { shows: COULD_NOT_LOAD, retry: 'Retry' },
});

export default { title: 'Communication/Message details', component: MessageDetailsPage, parameters: message.parameters } satisfies Meta<typeof MessageDetailsPage>;

export const Populated = message.flow({
  shows: ['Client 7 (0970000007)', { role: 'heading', name: SCREENS.messageDetails.title }],
});

export const Loading = message.Loading, Empty = message.Empty, NotFound = message.NotFound, LoadError = message.LoadError, Forbidden = message.Forbidden;
