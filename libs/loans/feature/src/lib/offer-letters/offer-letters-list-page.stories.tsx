import type { Meta } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { P } from '@loan/shared-contract';
import { SCREENS } from '@loan/shared-screens';
import { offerLettersHandlers, offerLettersVariants } from '@loan/loans-data-access/testing';
import { COULD_NOT_LOAD, page, screenStories, settled } from '../../../../../../tools/storybook/screen-stories';
import { OfferLettersListPage } from './offer-letters-list-page';

// The same MSW variants as offer-letters-list-page.spec.tsx (@loan/loans-data-access/testing):
// the list (/all, or /filter with a search or dates) and the tabs' counts are the screen's calls.
const { list, filter, counts } = offerLettersVariants;
const VIEW = [P.viewLoanModule, P.viewLoanApplications, P.viewOfferLetter];
const SELECT = { role: 'checkbox', name: /^Select LA-/ };
const SIGNED_101 = 'LA-2026-000101, Chanda Mulenga';

const contracts = screenStories({
  workbench: { route: SCREENS.contracts.path, permissions: VIEW },
  handlers: offerLettersHandlers,
  calls: [list, filter, counts],
  empty: { shows: 'No contracts' },
  /** Could not load, the tabs without their counts; Retry asks again. */
  error: {
    shows: [COULD_NOT_LOAD, async (el) => expect(await page(el).findAllByText('(count not loaded)')).toHaveLength(4)],
    retry: 'Retry',
  },
  /** Dates the server refuses (422, to before from): the list says it could not load. */
  invalid: { workbench: { route: `${SCREENS.contracts.path}?fromDate=2026-03-10&toDate=2026-03-01` }, shows: { role: 'alert' } },
  forbidden: { shows: { role: 'alert' }, hides: SELECT },
  /** Without "can send offer letter": nothing can be selected for deleting. */
  viewOnly: { shows: { role: 'link', name: SIGNED_101 }, hides: SELECT },
});

export default { title: 'Loans/Contracts', component: OfferLettersListPage, parameters: contracts.parameters } satisfies Meta<typeof OfferLettersListPage>;

/** The tabs carry the counts; the Signed tab lists only signed letters; a row opens its details. */
export const Populated = contracts.flow({
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await body.findByRole('link', { name: SIGNED_101 });
    const tabs = body.getByRole('navigation', { name: 'Contract states' });
    await waitFor(() => expect(within(tabs).getByRole('link', { name: /Pending/ })).toHaveTextContent('Pending10'));
    await userEvent.click(within(tabs).getByRole('link', { name: /Signed/ }));
    await waitFor(() => expect(body.getByTestId('location')).toHaveTextContent('status=signed'));
    await waitFor(() => expect(body.queryByRole('link', { name: /LA-2026-000103/ })).not.toBeInTheDocument());
    await settled(canvasElement);
    await userEvent.click(body.getByRole('link', { name: SIGNED_101 }));
    await waitFor(() => expect(body.getByTestId('location')).toHaveTextContent(SCREENS.contractDetails.path.replace(':id', '1')));
  },
});

/** Delete in bulk after the confirmation: the unsigned letter goes, the signed one is kept as evidence. */
export const DeleteWithConfirmation = contracts.flow({
  workbench: { permissions: [...VIEW, P.sendOfferLetter] },
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await userEvent.click(await body.findByRole('checkbox', { name: `Select ${SIGNED_101}` }));
    await userEvent.click(body.getByRole('checkbox', { name: 'Select LA-2026-000103, Joseph Tembo' }));
    await userEvent.click(within(body.getByRole('toolbar', { name: 'Bulk actions' })).getByRole('button', { name: 'Delete' }));
    const dialog = await body.findByRole('dialog', { name: 'Delete offer letters?' });
    await expect(dialog).toHaveTextContent('1 unsigned letter (LA-2026-000103) will be deleted');
    await expect(dialog).toHaveTextContent('1 signed letter is kept');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
  },
  shows: ['1 offer letter deleted.', /LA-2026-000101: Signed letters are kept\./],
  settle: true,
});

export const ViewOnly = contracts.ViewOnly, Loading = contracts.Loading, Empty = contracts.Empty, LoadError = contracts.LoadError, Invalid = contracts.Invalid, Forbidden = contracts.Forbidden;
