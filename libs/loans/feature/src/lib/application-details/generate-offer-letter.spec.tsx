import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { P, type PermissionName } from '@loan/shared-contract';
import { setupApiServer } from '@loan/shared-data-access-api/testing';
import { FeatureSlotsProvider, type ComposeMessageSlotProps } from '@loan/shared-permissions';
import { renderScreen } from '@loan/shared-permissions/testing';
import { OFFER_LETTER_PATHS } from '@loan/loans-data-access';
import { applicationDetailsHandlers, makeLoanDetails, makeOfferLetter, offerLettersVariants, SIGNATURE_PNG } from '@loan/loans-data-access/testing';
import { padState } from '@loan/shared-ui/testing';
import { LoanDetailsPage } from './loan-details-page';

// jsdom has no canvas.
HTMLCanvasElement.prototype.getContext = (() => null) as never;

const approved = makeLoanDetails(7, {
  status: 'approved',
  approved_at: '2026-03-09T10:00:00.000Z',
  history: [
    { action: 'approved', label: 'Approved', at: '2026-03-09T10:00:00.000Z', actor: 'Olivia Officer', detail: null },
  ],
});
const server = setupApiServer(...applicationDetailsHandlers);
beforeEach(() => server.use(http.get('/api/applyForLoan/byId/7', () => HttpResponse.json(approved))));
afterEach(() => {
  padState.drawn = false;
});

const VIEW: PermissionName[] = [P.viewApplication];
const open = (permissions: PermissionName[] = VIEW) => renderScreen(<LoanDetailsPage kind="application" />, { permissions, route: '/loans/applications/7', path: '/loans/applications/:id' });

it('shows the status history with who and when', async () => {
  open();
  const history = await screen.findByRole('list', { name: 'Status history' });
  expect(within(history).getByText('Approved').closest('li')).toHaveTextContent('by Olivia Officer');
  expect(within(history).getByText('Submitted').closest('li')).toHaveTextContent('by the borrower');
});

// The composer slot as the portal wires it (here a stand-in that shows what it was given).
function FakeComposer({ channel, clientId, clientName, onClose }: ComposeMessageSlotProps) {
  return (
    <div role="dialog" aria-label={`Composer ${channel}`}>
      {`${clientId} ${clientName}`}
      <button type="button" onClick={onClose}>
        Close composer
      </button>
    </div>
  );
}
const withComposer = (permissions: PermissionName[]) =>
  renderScreen(
    <FeatureSlotsProvider slots={{ composeMessage: FakeComposer }}>
      <LoanDetailsPage kind="application" />
    </FeatureSlotsProvider>,
    { permissions, route: '/loans/applications/7', path: '/loans/applications/:id' },
  );

it('opens the composer in place for the borrower, each channel only with its permission', async () => {
  const first = withComposer(VIEW);
  await screen.findByRole('list', { name: 'Status history' });
  expect(screen.queryByRole('button', { name: 'Send SMS' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Generate offer letter' })).not.toBeInTheDocument();
  first.unmount();
  const second = withComposer([...VIEW, P.sendSms]);
  await userEvent.click(await screen.findByRole('button', { name: 'Send SMS' }));
  expect(screen.queryByRole('button', { name: 'Send e-mail' })).not.toBeInTheDocument();
  expect(screen.getByRole('dialog', { name: 'Composer sms' })).toHaveTextContent(`7 ${approved.fullname}`);
  await userEvent.click(screen.getByRole('button', { name: 'Close composer' }));
  expect(screen.queryByRole('dialog', { name: 'Composer sms' })).not.toBeInTheDocument();
  second.unmount();
  withComposer([...VIEW, P.sendEmail]);
  await userEvent.click(await screen.findByRole('button', { name: 'Send e-mail' }));
  expect(screen.getByRole('dialog', { name: 'Composer email' })).toBeInTheDocument();
});

it('shows no send buttons where no composer is wired', async () => {
  open([...VIEW, P.sendSms, P.sendEmail]);
  await screen.findByRole('list', { name: 'Status history' });
  expect(screen.queryByRole('button', { name: 'Send SMS' })).not.toBeInTheDocument();
});

it('generates the letter with the drawn signature: one request with an Idempotency-Key even on a double click', async () => {
  const sent: { key: string | null; body: Record<string, unknown> }[] = [];
  server.use(
    http.post(OFFER_LETTER_PATHS.generate, async ({ request }) => {
      sent.push({ key: request.headers.get('idempotency-key'), body: (await request.json()) as Record<string, unknown> });
      await new Promise((r) => setTimeout(r, 50));
      return HttpResponse.json({ ...makeOfferLetter(40, { status: 'pending' }), token: 'T'.repeat(43), link: `http://localhost:4300/loan-offer-letter/${'T'.repeat(43)}` });
    }),
  );
  open([...VIEW, P.sendOfferLetter]);
  await userEvent.click(await screen.findByRole('button', { name: 'Generate offer letter' }));
  const dialog = screen.getByRole('dialog');
  await userEvent.clear(within(dialog).getByLabelText(/Authorized representative/, { selector: 'input' }));
  await userEvent.type(within(dialog).getByLabelText(/Authorized representative/, { selector: 'input' }), 'Olivia Officer');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Generate and send' }));
  expect(await within(dialog).findByText('Draw the authorized representative\u2019s signature in the box.')).toBeInTheDocument();
  expect(sent).toHaveLength(0);

  padState.drawn = true;
  const submit = within(dialog).getByRole('button', { name: 'Generate and send' });
  await userEvent.dblClick(submit);
  expect(await screen.findByText('Link to the letter (for the borrower only)')).toBeInTheDocument();
  expect(sent).toHaveLength(1);
  expect(sent[0].key).toMatch(/.{8,}/);
  expect(sent[0].body).toEqual({ authorized_rep_name: 'Olivia Officer', authorized_rep_signature: SIGNATURE_PNG });
  expect(screen.getByLabelText('Link to the letter (for the borrower only)')).toHaveValue(`http://localhost:4300/loan-offer-letter/${'T'.repeat(43)}`);
  expect(screen.getByRole('link', { name: 'Open the contract' })).toHaveAttribute('href', '/loans/applications/offer-letter/40');
  await waitFor(() => expect(screen.getByText(/Offer letter sent to/)).toBeInTheDocument());
});

it('puts a refused signature on the pad', async () => {
  server.use(offerLettersVariants.generate.invalid);
  open([...VIEW, P.sendOfferLetter]);
  await userEvent.click(await screen.findByRole('button', { name: 'Generate offer letter' }));
  await userEvent.type(within(screen.getByRole('dialog')).getByLabelText(/Authorized representative/, { selector: 'input' }), 'Olivia Officer');
  padState.drawn = true;
  await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Generate and send' }));
  expect(await screen.findByText('Add the authorized representative\u2019s signature.')).toBeInTheDocument();
});

it('is not offered for a request or a signed letter', async () => {
  server.use(http.get('/api/applyForLoan/byId/7', () => HttpResponse.json(makeLoanDetails(7, { status: 'request' }))));
  const a = open([...VIEW, P.sendOfferLetter]);
  await screen.findByRole('list', { name: 'Status history' });
  expect(screen.queryByRole('button', { name: /offer letter/ })).not.toBeInTheDocument();
  a.unmount();
  server.use(
    http.get('/api/applyForLoan/byId/7', () =>
      HttpResponse.json({ ...approved, offerLetter: { id: 3, status: 'signed', created_at: '2026-03-10T10:00:00.000Z', expires_at: null, borrower_date: '2026-03-11' } }),
    ),
  );
  open([...VIEW, P.sendOfferLetter]);
  expect(await screen.findByRole('link', { name: /Signed \(generated/ })).toHaveAttribute('href', '/loans/applications/offer-letter/3');
  expect(screen.queryByRole('button', { name: /offer letter/ })).not.toBeInTheDocument();
});
