import type { Meta } from '@storybook/react-vite';
import { userEvent, within } from 'storybook/test';
import { P, type OfferState } from '@loan/shared-contract';
import { SCREENS } from '@loan/shared-screens';
import { makeOfferLetter, offerLettersHandlers, offerLettersVariants, offerLetterVariants } from '@loan/loans-data-access/testing';
import { page, screenStories } from '../../../../../../tools/storybook/screen-stories';
import { OfferLetterDetailsPage } from './offer-letter-details-page';

// The same MSW variants as offer-letter-details-page.spec.tsx (@loan/loans-data-access/testing).
// Letter 2 is an expired one; `letter2(state)` answers it in another state.
const PATH = SCREENS.contractDetails.path;
const letter2 = (status: OfferState) => offerLetterVariants([makeOfferLetter(2, { status })]).details.ok;
const RESEND = { role: 'button', name: 'Send the link again' };

const contract = screenStories({
  workbench: { route: PATH.replace(':id', '2'), path: PATH, permissions: [P.viewOfferLetter, P.sendOfferLetter] },
  handlers: offerLettersHandlers,
  calls: offerLettersVariants.details,
  /** A pending letter the borrower never opened. */
  empty: { shows: 'The borrower has not opened the link yet.' },
  notFound: {
    workbench: { route: PATH.replace(':id', '99') },
    handlers: [offerLettersVariants.details.notFound],
    shows: { role: 'heading', name: 'Contract not found' },
  },
  /** Could not load, then Try again asks again. */
  error: { shows: { role: 'alert', text: 'Could not load the contract' }, retry: 'Try again' },
  /** Without "can send offer letter": a pending letter's link is not sent again. */
  viewOnly: {
    workbench: { permissions: [P.viewOfferLetter] },
    handlers: [letter2('pending')],
    shows: { role: 'heading', name: /Contract LA-2026-000102/ },
    hides: RESEND,
  },
});

export default { title: 'Loans/Contract details', component: OfferLetterDetailsPage, parameters: contract.parameters } satisfies Meta<typeof OfferLetterDetailsPage>;

/** A signed letter: the hash check of its evidence says intact, and it prints with the evidence. */
export const Populated = contract.flow({
  handlers: [letter2('signed')],
  act: async (el) => {
    const evidence = (await page(el).findByRole('heading', { name: 'Signing evidence' })).closest('section') as HTMLElement;
    await userEvent.click(within(evidence).getByRole('button', { name: 'Check the signed content' }));
  },
  shows: ['Intact.', { role: 'button', name: 'Print with evidence' }],
});

/** A letter not signed in time: its link no longer works. */
export const Expired = contract.flow({ shows: /This letter was not signed in time/ });

/** A pending letter: its link is sent again after the confirmation, and shown to copy. */
export const SendLinkAgain = contract.flow({
  handlers: [letter2('pending')],
  act: async (el) => {
    await userEvent.click(await page(el).findByRole('button', { name: RESEND.name }));
    await userEvent.click(within(await page(el).findByRole('dialog')).getByRole('button', { name: 'Send new link' }));
  },
  shows: ['A new link was sent to the borrower by SMS.', { role: 'textbox', name: 'New link (sent by SMS)' }],
});

export const ViewOnly = contract.ViewOnly, Loading = contract.Loading, Empty = contract.Empty, NotFound = contract.NotFound, LoadError = contract.LoadError, Forbidden = contract.Forbidden;
