import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { USER_PATHS } from '@loan/shared-contract';
import { lastRequest, setupApiServer } from '@loan/shared-data-access-api/testing';
import { renderScreen } from '@loan/shared-permissions/testing';
import { usersHandlers, usersVariants } from '@loan/rbac-data-access/testing';
import { NotificationBell } from './notification-bell';

const server = setupApiServer(...usersHandlers);

it('shows the unread count and the list; opening marks them read', async () => {
  renderScreen(<NotificationBell />);
  const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
  await userEvent.click(bell);
  expect(screen.getByRole('region', { name: 'Notifications' })).toHaveTextContent('Your role changed from Viewer to Loan Officer.');
  await waitFor(() => expect(lastRequest(USER_PATHS.notificationRead, 'POST')).toBeDefined());
});

it('says when there is nothing', async () => {
  server.use(usersVariants.notifications.empty);
  renderScreen(<NotificationBell />);
  await userEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
  expect(screen.getByText('No notifications.')).toBeInTheDocument();
});
