import type { Meta } from '@storybook/react-vite';
import { userEvent } from 'storybook/test';
import { sessionHandlers, sessionVariants } from '@loan/shared-session/testing';
import { page, screenStories } from '../../../../../tools/storybook/screen-stories';
import { ProfilePage } from './profile-page';

// The profile: details, password change and the active sessions (@loan/shared-session/testing).
const profile = screenStories({
  workbench: { route: '/profile' },
  handlers: sessionHandlers,
  calls: sessionVariants.mySessions,
  /** This device only. */
  empty: { shows: 'You are signed in on this device only.' },
  error: { shows: 'Could not load' },
  forbidden: {},
  /** The password form's 422: the api's field error on Current password. */
  invalid: {
    handlers: [sessionVariants.changePassword.invalid],
    act: async (el) => {
      const body = page(el);
      await userEvent.type(await body.findByLabelText('Current password'), 'Demo#2026');
      await userEvent.type(body.getByLabelText('New password'), 'N3w-secret-phrase!');
      await userEvent.type(body.getByLabelText('Confirm new password'), 'N3w-secret-phrase!');
      await userEvent.click(body.getByRole('button', { name: 'Change password' }));
    },
    shows: 'The current password is not right.',
  },
});

export default { title: 'Auth/Profile', component: ProfilePage, parameters: profile.parameters } satisfies Meta<typeof ProfilePage>;

/** Sign out another device from the list. */
export const Populated = profile.flow({
  shows: 'Chrome on Linux',
  play: async ({ canvasElement }) => {
    await userEvent.click(await page(canvasElement).findByRole('button', { name: 'Sign out Chrome on Android (10.0.0.2)' }));
  },
});

export const Loading = profile.Loading, Empty = profile.Empty, LoadError = profile.LoadError, Forbidden = profile.Forbidden, ChangePasswordInvalid = profile.Invalid;
