import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { applyHandlers, borrowerVariants, OTP_CODE } from '@loan/public-borrower-data-access/testing';
import { ApplyPage } from './apply-page';

// The public application form; the same variants as apply-page.spec.tsx.
const { checkRecord } = borrowerVariants;

const meta = {
  title: 'Borrower/Apply',
  component: ApplyPage,
  parameters: {
    workbench: { route: '/apply', signedIn: false },
    msw: { handlers: { api: applyHandlers } },
  },
} satisfies Meta<typeof ApplyPage>;
export default meta;
type Story = StoryObj<typeof meta>;

const page = (el: HTMLElement) => within(el.ownerDocument.body);

async function fillPersonal(el: HTMLElement) {
  const body = page(el);
  await userEvent.type(await body.findByLabelText('NRC number'), '123456/78/9');
  await userEvent.type(body.getByLabelText('Full name'), 'Mwila Banda');
  await userEvent.type(body.getByLabelText('Mobile number'), '0971234567');
  await userEvent.click(body.getByRole('button', { name: 'Continue' }));
}

/** The personal step, checked with the api, then the mobile confirmed by OTP: on to the work step. */
export const Populated: Story = {
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await fillPersonal(canvasElement);
    // The OTP: the code the ok variant accepts (OTP_CODE), then the work step.
    await body.findByRole('heading', { name: 'Confirm your mobile number' });
    await userEvent.click(body.getByRole('button', { name: 'Send me the code' }));
    await userEvent.type(await body.findByLabelText('6-digit code'), OTP_CODE);
    await userEvent.click(body.getByRole('button', { name: 'Confirm code' }));
    await body.findByRole('heading', { name: 'Your work' });
    await expect(body.getByLabelText('Employer')).toBeInTheDocument();
  },
};

/** The first view: nothing typed. */
export const Empty: Story = {};

/** Checked in the browser before anything is sent: plain messages beside the fields. */
export const FieldErrors: Story = {
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await userEvent.type(await body.findByLabelText('NRC number'), '12345');
    await userEvent.click(body.getByRole('button', { name: 'Continue' }));
    await expect(await body.findByText('Enter your NRC as on the card, like 123456/78/9.')).toBeInTheDocument();
  },
};

/** The api's 422 on the OTP form: a wrong code, the message beside the field. */
export const Invalid: Story = {
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await fillPersonal(canvasElement);
    await userEvent.click(await body.findByRole('button', { name: 'Send me the code' }));
    await userEvent.type(await body.findByLabelText('6-digit code'), '000000');
    await userEvent.click(body.getByRole('button', { name: 'Confirm code' }));
    await expect(await body.findByText('That code is not right. You have 4 tries left.')).toBeInTheDocument();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: { api: [checkRecord.slow, ...applyHandlers] } } },
  play: async ({ canvasElement }) => fillPersonal(canvasElement),
};

export const LoadError: Story = {
  parameters: { msw: { handlers: { api: [checkRecord.error, ...applyHandlers] } } },
  play: async ({ canvasElement }) => fillPersonal(canvasElement),
};

export const Forbidden: Story = {
  parameters: { msw: { handlers: { api: [checkRecord.forbidden, ...applyHandlers] } } },
  play: async ({ canvasElement }) => fillPersonal(canvasElement),
};
