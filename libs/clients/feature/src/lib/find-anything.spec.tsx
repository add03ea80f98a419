import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CLIENTS_PATHS, P } from '@loan/shared-contract';
import {
  lastRequest,
  setupApiServer,
} from '@loan/shared-data-access-api/testing';
import { clientsVariants } from '@loan/clients-data-access/testing';
import { renderScreen } from '@loan/shared-permissions/testing';
import { SCREENS } from '@loan/shared-screens';
import { FindAnything } from './find-anything';

const server = setupApiServer(clientsVariants.search.ok);
const show = (permissions: string[] = [P.viewClients]) =>
  renderScreen(
    <>
      <FindAnything />
      <p>elsewhere</p>
    </>,
    { route: '/dashboard', permissions: permissions as never },
  );
const box = () => screen.getByRole('combobox', { name: 'Find anything' });

it('is not there for a user who may open none of its groups', () => {
  show([P.viewDashboard]);
  expect(
    screen.queryByRole('combobox', { name: 'Find anything' }),
  ).not.toBeInTheDocument();
});

it('takes the focus on / and on Ctrl+K', async () => {
  show();
  await userEvent.click(screen.getByText('elsewhere'));
  await userEvent.keyboard('/');
  expect(box()).toHaveFocus();
  expect(box()).toHaveValue('');
  box().blur();
  await userEvent.keyboard('{Control>}k{/Control}');
  expect(box()).toHaveFocus();
});

it('asks once typing pauses, groups the results, and opens one with the arrow keys and Enter', async () => {
  show();
  await userEvent.type(box(), 'client');
  const clients = await screen.findByRole('group', { name: 'Clients' });
  expect(lastRequest(CLIENTS_PATHS.search, 'GET')?.query).toEqual({
    q: 'client',
  });
  expect(within(clients).getByRole('option')).toHaveTextContent('Client 7');
  expect(
    screen.getByRole('group', { name: 'Applications' }),
  ).toBeInTheDocument();
  // An empty group is left out.
  expect(
    screen.queryByRole('group', { name: 'Top-ups' }),
  ).not.toBeInTheDocument();
  await userEvent.keyboard('{ArrowDown}{ArrowDown}');
  expect(screen.getAllByRole('option')[1]).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await userEvent.keyboard('{Enter}');
  await waitFor(() =>
    expect(screen.getByTestId('location')).toHaveTextContent(
      SCREENS.applicationDetails.path.replace(':id', '11'),
    ),
  );
});

it('opens the first result on Enter when none is chosen', async () => {
  show();
  await userEvent.type(box(), 'client');
  await screen.findByRole('group', { name: 'Clients' });
  await userEvent.keyboard('{Enter}');
  await waitFor(() =>
    expect(screen.getByTestId('location')).toHaveTextContent(
      SCREENS.clientDetails.path.replace(':id', '7'),
    ),
  );
});

it('says when nothing matches and when the search failed', async () => {
  server.use(clientsVariants.search.empty);
  show();
  await userEvent.type(box(), 'zzz');
  expect(
    await screen.findByText('Nothing found for “zzz”.'),
  ).toBeInTheDocument();
  server.use(clientsVariants.search.error);
  await userEvent.type(box(), 'q');
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'Could not search.',
  );
});
