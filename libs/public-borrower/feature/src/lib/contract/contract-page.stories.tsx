import type { Meta } from '@storybook/react-vite';
import { userEvent } from 'storybook/test';
import { borrowerVariants, contractHandlers } from '@loan/public-borrower-data-access/testing';
import { page, screenStories } from '../../../../../../tools/storybook/screen-stories';
import { ContractPage } from './contract-page';

// The contract page reached by its token; the same variants as contract-page.spec.tsx.
const { getByToken, sign } = borrowerVariants;

/** Types the name, uses it as the signature and signs. */
async function signAsMwila(el: HTMLElement) {
  const body = page(el);
  await userEvent.type(await body.findByLabelText('Your full name'), 'Mwila Banda');
  await userEvent.click(body.getByRole('button', { name: 'Use my typed name as my signature' }));
  await userEvent.click(body.getByRole('button', { name: 'Sign and accept the offer' }));
}

const contract = screenStories({
  workbench: { route: '/loan-offer-letter/tok', path: '/loan-offer-letter/:token', signedIn: false },
  handlers: contractHandlers,
  calls: getByToken,
  /** No letter behind the token (the empty state of this page). */
  empty: { handlers: [getByToken.notFound], shows: { role: 'heading', name: 'We could not find this loan offer' } },
  error: { shows: { role: 'heading', name: 'We could not load your loan offer' } },
  forbidden: {},
  /** The signing form's 422: the server's message on the name. */
  invalid: { handlers: [sign.invalid], act: signAsMwila, shows: 'Enter your full name as it appears on the NRC.' },
});

export default { title: 'Borrower/Contract page', component: ContractPage, parameters: contract.parameters } satisfies Meta<typeof ContractPage>;

/** Read, type the name, use it as the signature and sign. */
export const Populated = contract.flow({ act: signAsMwila, shows: 'Thank you. Your loan offer is signed.' });

export const AlreadySigned = contract.flow({ handlers: [getByToken.signed] });

export const Expired = contract.flow({ handlers: [getByToken.expired], shows: { role: 'heading', name: 'This loan offer has expired' } });

/** A letter replaced by a newer one: its link no longer works. */
export const Replaced = contract.flow({ handlers: [getByToken.replaced] });

export const Loading = contract.Loading, Empty = contract.Empty, LoadError = contract.LoadError, Forbidden = contract.Forbidden, SignInvalid = contract.Invalid;
