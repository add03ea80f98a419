import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { borrowerVariants, contractHandlers } from '@loan/public-borrower-data-access/testing';
import { ContractPage } from './contract-page';

// The contract page reached by its token; the same variants as contract-page.spec.tsx.
const { getByToken, sign } = borrowerVariants;

const meta = {
  title: 'Borrower/Contract page',
  component: ContractPage,
  parameters: {
    workbench: { route: '/loan-offer-letter/tok', path: '/loan-offer-letter/:token', signedIn: false },
    msw: { handlers: { api: contractHandlers } },
  },
} satisfies Meta<typeof ContractPage>;
export default meta;
type Story = StoryObj<typeof meta>;

const page = (el: HTMLElement) => within(el.ownerDocument.body);

/** Read, type the name, use it as the signature and sign. */
export const Populated: Story = {
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await userEvent.type(await body.findByLabelText('Your full name'), 'Mwila Banda');
    await userEvent.click(body.getByRole('button', { name: 'Use my typed name as my signature' }));
    await userEvent.click(body.getByRole('button', { name: 'Sign and accept the offer' }));
    await expect(await body.findByText('Thank you. Your loan offer is signed.')).toBeInTheDocument();
  },
};

export const AlreadySigned: Story = { parameters: { msw: { handlers: { api: [getByToken.signed] } } } };

export const Loading: Story = { parameters: { msw: { handlers: { api: [getByToken.slow, sign.ok] } } } };

export const Expired: Story = {
  parameters: { msw: { handlers: { api: [getByToken.expired] } } },
  play: async ({ canvasElement }) => {
    await expect(await page(canvasElement).findByRole('heading', { name: 'This loan offer has expired' })).toBeInTheDocument();
  },
};

/** No letter behind the token (the empty state of this page). */
export const Empty: Story = {
  parameters: { msw: { handlers: { api: [getByToken.notFound] } } },
  play: async ({ canvasElement }) => {
    await expect(await page(canvasElement).findByRole('heading', { name: 'We could not find this loan offer' })).toBeInTheDocument();
  },
};

export const LoadError: Story = {
  parameters: { msw: { handlers: { api: [getByToken.error] } } },
  play: async ({ canvasElement }) => {
    await expect(await page(canvasElement).findByRole('heading', { name: 'We could not load your loan offer' })).toBeInTheDocument();
  },
};

export const Forbidden: Story = { parameters: { msw: { handlers: { api: [getByToken.forbidden] } } } };

/** The signing form's 422: the server's message on the name. */
export const SignInvalid: Story = {
  parameters: { msw: { handlers: { api: [getByToken.ok, sign.invalid] } } },
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await userEvent.type(await body.findByLabelText('Your full name'), 'Mwila Banda');
    await userEvent.click(body.getByRole('button', { name: 'Use my typed name as my signature' }));
    await userEvent.click(body.getByRole('button', { name: 'Sign and accept the offer' }));
    await expect(await body.findByText('Enter your full name as it appears on the NRC.')).toBeInTheDocument();
  },
};
