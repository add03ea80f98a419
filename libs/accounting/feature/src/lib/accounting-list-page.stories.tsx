import type { Meta } from '@storybook/react-vite';
import { expect, userEvent, waitFor } from 'storybook/test';
import { accountingVariants } from '@loan/accounting-data-access/testing';
import { SCREENS } from '@loan/shared-screens';
import { COULD_NOT_LOAD, page, screenStories } from '../../../../../tools/storybook/screen-stories';
import { AccountingListPage } from './accounting-list-page';

// The same MSW variants as accounting-list-page.spec.tsx; the toolbar picks the role, theme and width.
// The states are the kit's (tools/storybook/screen-stories.ts): add this screen's own flows below.
const TITLE = SCREENS.accounting.title;

const list = screenStories({
  workbench: { route: '/accounting/accounts' },
  calls: accountingVariants.list,
  empty: { shows: `No ${TITLE.toLowerCase()}` },
  error: { shows: COULD_NOT_LOAD, retry: 'Retry' },
  forbidden: { shows: { role: 'alert' } },
});

export default { title: 'Accounting/Chart of accounts', component: AccountingListPage, parameters: list.parameters } satisfies Meta<typeof AccountingListPage>;

/** Search: the URL and the rows follow. */
export const Populated = list.flow({
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await body.findByRole('table', { name: TITLE });
    await userEvent.type(body.getByRole('searchbox', { name: 'Search by code or name' }), '3{Enter}');
    await waitFor(() => expect(body.getByTestId('location')).toHaveTextContent('?search=3'));
  },
  shows: 'Gl account 33',
  settle: true,
});

export const Loading = list.Loading, Empty = list.Empty, LoadError = list.LoadError, Forbidden = list.Forbidden;
