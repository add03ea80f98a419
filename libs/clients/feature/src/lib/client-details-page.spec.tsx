import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { CLIENTS_PATHS, P } from '@loan/shared-contract';
import {
  lastRequest,
  setupApiServer,
} from '@loan/shared-data-access-api/testing';
import { clientsVariants } from '@loan/clients-data-access/testing';
import { renderScreen } from '@loan/shared-permissions/testing';
import { SCREENS } from '@loan/shared-screens';
import { ClientDetailsPage } from './client-details-page';

const server = setupApiServer(clientsVariants.details.ok);
const PATH = SCREENS.clientDetails.path;
const show = (permissions: string[] = [P.viewClients]) =>
  renderScreen(<ClientDetailsPage />, {
    route: PATH.replace(':id', '7'),
    path: PATH,
    permissions: permissions as never,
  });

it('shows the person and every section, each record linking to its own page', async () => {
  show();
  expect(
    await screen.findByRole('heading', { name: 'Client 7' }),
  ).toBeInTheDocument();
  expect(
    lastRequest(CLIENTS_PATHS.byId.replace(':id', '7'), 'GET'),
  ).toBeDefined();
  expect(screen.getByText('100007/10/1')).toBeInTheDocument();
  const apps = screen.getByRole('region', { name: 'Applications and top-ups' });
  expect(
    within(apps).getByRole('link', { name: 'LA-2026-000011' }),
  ).toHaveAttribute(
    'href',
    SCREENS.applicationDetails.path.replace(':id', '11'),
  );
  expect(
    within(apps).getByRole('link', { name: 'TU-2026-000012' }),
  ).toHaveAttribute('href', SCREENS.topupDetails.path.replace(':id', '12'));
  const loans = screen.getByRole('region', { name: 'Loans' });
  expect(loans).toHaveTextContent('1,100.00');
  expect(
    within(screen.getByRole('region', { name: 'Offer letters' })).getByRole(
      'link',
    ),
  ).toHaveAttribute('href', SCREENS.contractDetails.path.replace(':id', '21'));
  expect(
    within(screen.getByRole('region', { name: 'Disbursements' })).getByRole(
      'link',
    ),
  ).toHaveAttribute(
    'href',
    SCREENS.disbursementDetails.path.replace(':id', '31'),
  );
  expect(
    within(screen.getByRole('region', { name: 'Messages' })).getByRole('link'),
  ).toHaveAttribute('href', SCREENS.messageDetails.path.replace(':id', '51'));
  expect(screen.getByRole('region', { name: 'Changes' })).toHaveTextContent(
    'Mutale Banda',
  );
  // No Send SMS without can send sms / can create message.
  expect(
    screen.queryByRole('link', { name: 'Send SMS' }),
  ).not.toBeInTheDocument();
});

it('offers Send SMS (the composer with the client chosen) to who may send', async () => {
  show([P.viewClients, P.sendSms]);
  expect(await screen.findByRole('link', { name: 'Send SMS' })).toHaveAttribute(
    'href',
    `${SCREENS.communication.path}?compose=sms&client=7`,
  );
});

it('says None for an empty section and leaves out the sections the user may not open', async () => {
  server.use(clientsVariants.details.empty);
  show();
  const apps = await screen.findByRole('region', {
    name: 'Applications and top-ups',
  });
  expect(apps).toHaveTextContent('None');
  expect(
    screen.queryByRole('region', { name: 'Offer letters' }),
  ).not.toBeInTheDocument();
  expect(
    screen.queryByRole('region', { name: 'Messages' }),
  ).not.toBeInTheDocument();
});

it('says when the record is not there (404), with the way back to the list', async () => {
  server.use(
    http.get(CLIENTS_PATHS.byId, () =>
      HttpResponse.json({ message: 'Client not found.' }, { status: 404 }),
    ),
  );
  show();
  expect(await screen.findByText('Client not found')).toBeInTheDocument();
  expect(
    screen.getByRole('link', { name: `Back to ${SCREENS.clients.title}` }),
  ).toHaveAttribute('href', SCREENS.clients.path);
});

it('takes a path that names no id for a record not found, without asking the api', async () => {
  renderScreen(<ClientDetailsPage />, {
    route: PATH.replace(':id', 'abc'),
    path: PATH,
  });
  expect(await screen.findByText('Client not found')).toBeInTheDocument();
  expect(lastRequest(CLIENTS_PATHS.byId.replace(':id', 'abc'))).toBeUndefined();
});

it('shows "Could not load" with a Retry that asks again', async () => {
  server.use(clientsVariants.details.error);
  show();
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('Could not load');
  server.use(clientsVariants.details.ok);
  await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
  expect(
    await screen.findByRole('heading', { name: 'Client 7' }),
  ).toBeInTheDocument();
});
