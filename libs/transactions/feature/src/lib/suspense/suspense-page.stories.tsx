import type { Meta } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { P } from '@loan/shared-contract';
import { SCREENS } from '@loan/shared-screens';
import { suspenseConflict, suspenseHandlers, suspenseVariants } from '@loan/transactions-data-access/testing';
import { page, screenStories } from '../../../../../../tools/storybook/screen-stories';
import { SuspensePage } from './suspense-page';

// The same MSW variants as suspense-page.spec.tsx (@loan/transactions-data-access/testing).
const PATH = SCREENS.suspense.path;

const suspense = screenStories({
  workbench: { route: PATH, path: PATH, permissions: [P.viewTransactionModule, P.manageSuspense] },
  handlers: suspenseHandlers,
  calls: suspenseVariants.list,
  empty: { shows: 'Nothing in suspense' },
  error: { shows: { role: 'button', name: /Retry|Try again/ } },
});

export default { title: 'Transactions/Suspense', component: SuspensePage, parameters: suspense.parameters } satisfies Meta<typeof SuspensePage>;

/** The open lines; one matched to a loan after picking it and confirming. */
export const Populated = suspense.flow({
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await body.findByRole('table', { name: 'Suspense' });
    await userEvent.click(await body.findByRole('button', { name: 'Match MTN7000001 to a loan' }));
    const dialog = await body.findByRole('dialog', { name: 'Match to a loan' });
    await userEvent.click(await within(dialog).findByRole('radio', { name: /LA-2026-000101/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    const confirm = await body.findByRole('dialog', { name: 'Match this payment?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Match and record repayment' }));
    await waitFor(() => expect(body.queryByRole('dialog')).not.toBeInTheDocument());
  },
  settle: true,
});

/** The match's confirmation: what the line becomes, before anything is written. */
export const MatchConfirm = suspense.flow({
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await userEvent.click(await body.findByRole('button', { name: 'Match MTN7000001 to a loan' }));
    const dialog = await body.findByRole('dialog', { name: 'Match to a loan' });
    await userEvent.click(await within(dialog).findByRole('radio', { name: /LA-2026-000101/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await expect(await body.findByRole('dialog', { name: 'Match this payment?' })).toHaveTextContent('becomes a repayment of LA-2026-000101');
  },
});

/** A line someone else resolved meanwhile: 409, said in the dialog. */
export const MatchConflict = suspense.flow({
  handlers: [suspenseConflict],
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await userEvent.click(await body.findByRole('button', { name: 'Match MTN7000001 to a loan' }));
    const dialog = await body.findByRole('dialog', { name: 'Match to a loan' });
    await userEvent.click(await within(dialog).findByRole('radio', { name: /LA-2026-000101/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await userEvent.click(await body.findByRole('button', { name: 'Match and record repayment' }));
    await expect(await within(await body.findByRole('dialog')).findByRole('alert')).toHaveTextContent('left suspense already');
  },
  // The 409 refetches the list: checked once it is no longer busy (dimmed).
  settle: true,
});

/** Refund: the reference is required. */
export const Refund = suspense.flow({
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await userEvent.click(await body.findByRole('button', { name: 'Refund MTN7000002' }));
    const dialog = await body.findByRole('dialog', { name: 'Mark this payment refunded?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark refunded' }));
    await expect(await within(dialog).findByText('Enter the refund reference.')).toBeInTheDocument();
  },
});

export const Loading = suspense.Loading, Empty = suspense.Empty, LoadError = suspense.LoadError, Forbidden = suspense.Forbidden;
