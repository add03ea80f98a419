import type { Meta } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { P } from '@loan/shared-contract';
import { SCREENS } from '@loan/shared-screens';
import { loanProductsVariants, usersHandlers } from '@loan/rbac-data-access/testing';
import { page, screenStories } from '../../../../../tools/storybook/screen-stories';
import { LoanProductsPage } from './loan-products-page';

// The same MSW variants as loan-products-page.spec.tsx (@loan/rbac-data-access/testing).
const TITLE = SCREENS.loanProducts.title;

const products = screenStories({
  workbench: { route: SCREENS.loanProducts.path, permissions: [P.viewSettingsModule, P.editSettings] },
  handlers: usersHandlers,
  calls: loanProductsVariants.list,
  empty: { shows: 'No loan products' },
});

export default { title: 'RBAC/Loan products', component: LoanProductsPage, parameters: products.parameters } satisfies Meta<typeof LoanProductsPage>;

/** Opens the form of Salary declining; returns it. */
async function editSalary(el: HTMLElement) {
  await userEvent.click(await page(el).findByRole('button', { name: 'Edit Salary declining' }));
  return page(el).findByRole('form', { name: 'Loan product' });
}

/** Every product with its current terms (the default and the inactive one marked); deactivate one after the confirmation. */
export const Populated = products.flow({
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    const table = await body.findByRole('table', { name: TITLE });
    const standard = await within(table).findByRole('row', { name: /Standard/ });
    await expect(standard).toHaveTextContent('Default');
    await expect(within(table).getByRole('row', { name: /Legacy flat/ })).toHaveTextContent('Inactive');
    await userEvent.click(within(table).getByRole('button', { name: 'Deactivate Salary declining' }));
    const dialog = await body.findByRole('dialog', { name: /Deactivate Salary declining/ });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
  },
  shows: 'Loan product deactivated.',
});

/** A new product: the preview follows the terms as they are typed. */
export const AddProduct = products.flow({
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await userEvent.click(await body.findByRole('button', { name: 'Add product' }));
    const form = within(await body.findByRole('form', { name: 'Loan product' }));
    await userEvent.type(form.getByLabelText(/^Name/), 'Salary 12');
    await userEvent.type(form.getByLabelText(/^Code/), 'sal-12');
    await userEvent.selectOptions(form.getByLabelText(/^Interest method/), 'declining');
    await userEvent.type(form.getByLabelText(/^Monthly rate/), '4');
    // 10,000 over 6 months at 4 % declining: the annuity 1,907.62.
    await expect(await within(body.getByRole('region', { name: 'Preview' })).findByText('ZMW 1,907.62')).toBeInTheDocument();
  },
});

/** The form's own rules, before sending. */
export const RateChecked = products.flow({
  act: async (el) => {
    const form = within(await editSalary(el));
    const rate = form.getByLabelText(/^Monthly rate/);
    await userEvent.clear(rate);
    await userEvent.type(rate, '150');
    await userEvent.click(form.getByRole('button', { name: 'Save' }));
  },
  // On the field and in the form's summary.
  shows: async (el) => expect((await page(el).findAllByText('The monthly rate is a percent from 0 to 100 with at most 4 decimals.')).length).toBeGreaterThan(0),
});

/** The server's 422 lands on the fee. */
export const SaveRefused = products.flow({
  handlers: [loanProductsVariants.update.invalid],
  act: async (el) => userEvent.click(within(await editSalary(el)).getByRole('button', { name: 'Save' })),
  shows: async (el) => expect((await page(el).findAllByText('The fee is a percent more than 0 and at most 100, with at most 2 decimals.')).length).toBeGreaterThan(0),
});

export const Loading = products.Loading, Empty = products.Empty, LoadError = products.LoadError, Forbidden = products.Forbidden;
