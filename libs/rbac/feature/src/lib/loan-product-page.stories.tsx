import type { Meta } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { P } from '@loan/shared-contract';
import { settingsVariants, usersHandlers } from '@loan/rbac-data-access/testing';
import { page, screenStories } from '../../../../../tools/storybook/screen-stories';
import { LoanProductPage } from './loan-product-page';

// The same MSW variants as settings-pages.spec.tsx (@loan/rbac-data-access/testing). A form
// always holds the product's terms: it has no empty state.
const product = screenStories({
  workbench: { route: '/settings/loan-product', permissions: [P.viewSettingsModule, P.editSettings] },
  handlers: usersHandlers,
  calls: settingsVariants.loanProduct,
});

export default { title: 'RBAC/Loan product', component: LoanProductPage, parameters: product.parameters } satisfies Meta<typeof LoanProductPage>;

const save = (el: HTMLElement) => userEvent.click(page(el).getByRole('button', { name: 'Save' }));

/** Change the rate and save. */
export const Populated = product.flow({
  play: async ({ canvasElement }) => {
    const rate = await page(canvasElement).findByLabelText(/Flat monthly rate/);
    await expect(rate).toHaveValue('5.00');
    await userEvent.clear(rate);
    await userEvent.type(rate, '4.5');
    await save(canvasElement);
  },
});

/** The form's own range check, before sending. */
export const RangeChecked = product.flow({
  act: async (el) => {
    const shortest = await page(el).findByLabelText(/Shortest tenure/);
    await userEvent.clear(shortest);
    await userEvent.type(shortest, '99');
    await save(el);
  },
  shows: 'The shortest tenure must not exceed the longest.',
});

/** The server's 422 lands on the rate. */
export const SaveRefused = product.flow({
  handlers: [settingsVariants.saveLoanProduct.invalid],
  act: async (el) => {
    await page(el).findByLabelText(/Flat monthly rate/);
    await save(el);
  },
  shows: 'Enter a percentage from 0 to 100, with up to two decimals.',
});

export const Loading = product.Loading, LoadError = product.LoadError, Forbidden = product.Forbidden;
