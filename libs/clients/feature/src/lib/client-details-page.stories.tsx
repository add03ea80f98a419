import type { Meta } from '@storybook/react-vite';
import { clientsVariants } from '@loan/clients-data-access/testing';
import { SCREENS } from '@loan/shared-screens';
import {
  COULD_NOT_LOAD,
  screenStories,
} from '../../../../../tools/storybook/screen-stories';
import { ClientDetailsPage } from './client-details-page';

// The same MSW variants as client-details-page.spec.tsx. The states are the kit's
// (tools/storybook/screen-stories.ts): add this screen's own flows below.
const PATH = SCREENS.clientDetails.path;

const details = screenStories({
  workbench: { route: PATH.replace(':id', '7'), path: PATH },
  calls: clientsVariants.details,
  /** Nothing optional filled in. */
  empty: {},
  error: { shows: COULD_NOT_LOAD, retry: 'Retry' },
  forbidden: { shows: { role: 'alert' } },
});

export default {
  title: 'Clients/Client details',
  component: ClientDetailsPage,
  parameters: details.parameters,
} satisfies Meta<typeof ClientDetailsPage>;

export const Populated = details.flow({ shows: 'Client 7' });

export const Loading = details.Loading,
  Empty = details.Empty,
  LoadError = details.LoadError,
  Forbidden = details.Forbidden;
