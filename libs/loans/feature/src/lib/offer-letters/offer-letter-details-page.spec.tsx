import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { P, type PermissionName } from '@loan/shared-contract';
import { lastRequest, setupApiServer } from '@loan/shared-data-access-api/testing';
import { renderScreen } from '@loan/shared-permissions/testing';
import { OFFER_LETTER_PATHS } from '@loan/loans-data-access';
import { makeOfferLetter, offerLettersHandlers, offerLettersVariants } from '@loan/loans-data-access/testing';
import { Route, Routes } from 'react-router-dom';
import { OfferLetterDetailsPage } from './offer-letter-details-page';

const server = setupApiServer(...offerLettersHandlers);
const VIEW: PermissionName[] = [P.viewOfferLetter];

function open(id = 2, permissions = VIEW) {
  return renderScreen(
    <Routes>
      <Route path="/loans/applications/offer-letter/:id" element={<OfferLetterDetailsPage />} />
    </Routes>,
    { permissions, route: `/loans/applications/offer-letter/${id}` },
  );
}
const letterAt = (letter: ReturnType<typeof makeOfferLetter>) => server.use(http.get(OFFER_LETTER_PATHS.byId, () => HttpResponse.json(letter)));

it('shows a signed letter as the borrower sees it, its timeline and the evidence; the check says intact', async () => {
  letterAt(makeOfferLetter(1));
  open(1);
  expect(await screen.findByRole('heading', { name: /Contract LA-2026-000101/ })).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Loan offer letter', level: 2 })).toBeInTheDocument();
  const evidence = screen.getByRole('heading', { name: 'Signing evidence' }).closest('section') as HTMLElement;
  expect(within(evidence).getByRole('img', { name: 'Signature of Chanda Mulenga' })).toBeInTheDocument();
  expect(evidence).toHaveTextContent('41.72.100.7');
  expect(evidence).toHaveTextContent('Android 14');
  expect(evidence).toHaveTextContent(/a3f1c2d4e5b6/);
  const timeline = screen.getByRole('list', { name: 'Timeline' });
  expect(within(timeline).getAllByRole('listitem').map((li) => li.querySelector('span')?.textContent)).toEqual([
    'Generated',
    'Link sent by SMS',
    'Opened by the borrower (first of 2 times)',
    'Signed by the borrower',
  ]);
  await userEvent.click(within(evidence).getByRole('button', { name: 'Check the signed content' }));
  expect(await within(evidence).findByText('Intact.')).toBeInTheDocument();
  expect(lastRequest(OFFER_LETTER_PATHS.verify.replace(':id', '1'))).toBeDefined();
  // The print view (letter + evidence page) sits beside the app, for paper only.
  const print = document.body.querySelector('[data-print-view]') as HTMLElement;
  expect(within(print).getByRole('region', { name: 'Evidence page', hidden: true })).toHaveTextContent('IP 41.72.100.7');
  expect(screen.getByRole('button', { name: 'Print with evidence' })).toBeInTheDocument();
});

it('says "altered" when the recomputed hash differs', async () => {
  letterAt(makeOfferLetter(1));
  server.use(offerLettersVariants.verify.empty);
  open(1);
  await userEvent.click(await screen.findByRole('button', { name: 'Check the signed content' }));
  expect(await screen.findByText('Altered.')).toBeInTheDocument();
});

it('a pending letter: no evidence or print; the link is sent again only with can send offer letter, then copied', async () => {
  letterAt(makeOfferLetter(3));
  const first = open(3);
  await screen.findByRole('heading', { name: /Contract LA-2026-000103/ });
  expect(screen.queryByRole('heading', { name: 'Signing evidence' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Print with evidence' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Send the link again' })).not.toBeInTheDocument();
  expect(screen.getByText('The borrower has not opened the link yet.')).toBeInTheDocument();
  first.unmount();

  const writeText = jest.fn().mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  open(3, [...VIEW, P.sendOfferLetter]);
  await userEvent.click(await screen.findByRole('button', { name: 'Send the link again' }));
  await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Send new link' }));
  expect(await screen.findByText('A new link was sent to the borrower by SMS.')).toBeInTheDocument();
  const link = await screen.findByLabelText('New link (sent by SMS)');
  expect(link).toHaveValue(`http://localhost:4300/loan-offer-letter/${'N'.repeat(43)}`);
  await userEvent.click(screen.getByRole('button', { name: 'Copy link' }));
  await waitFor(() => expect(writeText).toHaveBeenCalledWith(`http://localhost:4300/loan-offer-letter/${'N'.repeat(43)}`));
  expect(screen.getByText('Link copied.')).toBeInTheDocument();
});

it('a replaced letter says so', async () => {
  letterAt(makeOfferLetter(5));
  open(5);
  expect(await screen.findByText('This letter was replaced by a newer one; its link no longer works.')).toBeInTheDocument();
  expect(screen.getAllByText('Replaced').length).toBeGreaterThan(0);
});

it('shows loading, not found and could not load with a retry', async () => {
  server.use(offerLettersVariants.details.slow);
  const a = open(2);
  expect(screen.getByRole('status', { name: 'Loading the contract...' })).toBeInTheDocument();
  a.unmount();
  server.use(http.get(OFFER_LETTER_PATHS.byId, () => HttpResponse.json({ message: 'Offer letter not found.' }, { status: 404 })));
  const b = open(99);
  expect(await screen.findByRole('heading', { name: 'Contract not found' })).toBeInTheDocument();
  b.unmount();
  server.use(offerLettersVariants.details.error);
  open(2);
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('Could not load the contract');
  server.use(offerLettersVariants.details.ok);
  await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
  expect(await screen.findByRole('heading', { name: /Contract LA-2026-000102/ })).toBeInTheDocument();
});
