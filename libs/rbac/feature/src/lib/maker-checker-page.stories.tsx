import type { Meta } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, userEvent } from 'storybook/test';
import { P, SETTINGS_PATHS, WAITING_MESSAGE } from '@loan/shared-contract';
import { approvalsHandlers, approvalsVariants, makePendingAction } from '@loan/shared-data-access-api/testing';
import { SCREENS } from '@loan/shared-screens';
import { page, screenStories } from '../../../../../tools/storybook/screen-stories';
import { MakerCheckerPage } from './maker-checker-page';

// The same MSW variants as approvals-pages.spec.tsx (@loan/shared-data-access-api/testing).
const makerChecker = screenStories({
  workbench: { route: SCREENS.makerChecker.path, permissions: [P.viewSettingsModule, P.editSettings] },
  handlers: approvalsHandlers,
  calls: approvalsVariants.settings,
  /** Never saved: no action needs a checker. */
  empty: { shows: 'Not saved yet: no action needs a checker.' },
});

export default { title: 'RBAC/Maker-checker', component: MakerCheckerPage, parameters: makerChecker.parameters } satisfies Meta<typeof MakerCheckerPage>;

const save = (el: HTMLElement) => userEvent.click(page(el).getByRole('button', { name: 'Save' }));

/** Each action with its switch, the amount for disbursements; tick one and save. */
export const Populated = makerChecker.flow({
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await expect(await body.findByRole('checkbox', { name: /Instant single disbursement needs a second person/ })).toBeChecked();
    await expect(body.getByLabelText(/Only above/)).toHaveValue('10000.00');
    await userEvent.click(body.getByRole('checkbox', { name: /Repayment reversal/ }));
    await save(canvasElement);
  },
  shows: 'Maker-checker settings saved.',
});

/** The change itself needs a second person: it waits, with a link to the request. */
export const SaveHeld = makerChecker.flow({
  handlers: [http.put(SETTINGS_PATHS.makerChecker, () => HttpResponse.json({ held: true, message: WAITING_MESSAGE, pending: makePendingAction(7, { mine: true, can_decide: false }) }, { status: 202 }))],
  act: async (el) => {
    await page(el).findByRole('checkbox', { name: /Repayment reversal/ });
    await save(el);
  },
  shows: { role: 'link', name: 'request #7' },
});

/** The server's 422 lands on the amount. */
export const SaveRefused = makerChecker.flow({
  handlers: [approvalsVariants.saveSettings.invalid],
  act: async (el) => {
    await page(el).findByRole('checkbox', { name: /Repayment reversal/ });
    await save(el);
  },
  shows: 'Must be an amount.',
});

export const Loading = makerChecker.Loading, Empty = makerChecker.Empty, LoadError = makerChecker.LoadError, Forbidden = makerChecker.Forbidden;
