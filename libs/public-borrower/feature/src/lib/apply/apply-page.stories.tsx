import type { Meta } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { applyHandlers, borrowerVariants, OTP_CODE } from '@loan/public-borrower-data-access/testing';
import { page, screenStories } from '../../../../../../tools/storybook/screen-stories';
import { ApplyPage } from './apply-page';

// The public application form; the same variants as apply-page.spec.tsx. Its first call is the
// record check of the personal step, so the states fill that step in and send it.
async function fillPersonal(el: HTMLElement) {
  const body = page(el);
  await userEvent.type(await body.findByLabelText('NRC number'), '123456/78/9');
  await userEvent.type(body.getByLabelText('Full name'), 'Mwila Banda');
  await userEvent.type(body.getByLabelText('Mobile number'), '0971234567');
  await userEvent.click(body.getByRole('button', { name: 'Continue' }));
}

/** The OTP step: asks for the code and types `code`. */
async function confirmCode(el: HTMLElement, code: string) {
  const body = page(el);
  await userEvent.click(await body.findByRole('button', { name: 'Send me the code' }));
  await userEvent.type(await body.findByLabelText('6-digit code'), code);
  await userEvent.click(body.getByRole('button', { name: 'Confirm code' }));
}

const apply = screenStories({
  workbench: { route: '/apply', signedIn: false },
  handlers: applyHandlers,
  calls: borrowerVariants.checkRecord,
  /** The first view: nothing typed. */
  empty: {},
  loading: { act: fillPersonal },
  error: { act: fillPersonal },
  forbidden: { act: fillPersonal },
  /** The api's 422 on the OTP form: a wrong code, the message beside the field. */
  invalid: {
    // The check passes; the OTP call's ok variant refuses any code but OTP_CODE.
    handlers: [],
    act: async (el) => {
      await fillPersonal(el);
      await confirmCode(el, '000000');
    },
    shows: 'That code is not right. You have 4 tries left.',
  },
});

export default { title: 'Borrower/Apply', component: ApplyPage, parameters: apply.parameters } satisfies Meta<typeof ApplyPage>;

/** The personal step, checked with the api, then the mobile confirmed by OTP: on to the work step. */
export const Populated = apply.flow({
  act: async (el) => {
    await fillPersonal(el);
    await page(el).findByRole('heading', { name: 'Confirm your mobile number' });
    // The OTP: the code the ok variant accepts (OTP_CODE), then the work step.
    await confirmCode(el, OTP_CODE);
    await page(el).findByRole('heading', { name: 'Your work' });
  },
  play: async ({ canvasElement }) => {
    await expect(page(canvasElement).getByLabelText('Employer')).toBeInTheDocument();
  },
});

/** Checked in the browser before anything is sent: plain messages beside the fields. */
export const FieldErrors = apply.flow({
  act: async (el) => {
    await userEvent.type(await page(el).findByLabelText('NRC number'), '12345');
    await userEvent.click(page(el).getByRole('button', { name: 'Continue' }));
  },
  shows: 'Enter your NRC as on the card, like 123456/78/9.',
});

export const Empty = apply.Empty, Invalid = apply.Invalid, Loading = apply.Loading, LoadError = apply.LoadError, Forbidden = apply.Forbidden;
