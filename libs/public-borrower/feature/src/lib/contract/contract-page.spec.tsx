import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { Route, Routes } from 'react-router-dom';
import { apiUrl, renderWithProviders, csrfCookieHandler } from '@loan/shared-data-access-api/testing';
import { borrowerVariants, offer } from '@loan/public-borrower-data-access/testing';
import { padState } from '@loan/shared-ui/testing';
import { ContractPage } from './contract-page';

const server = setupServer(csrfCookieHandler);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  padState.drawn = false;
});
afterAll(() => server.close());
beforeEach(() => jest.spyOn(console, 'warn').mockImplementation(() => undefined));
// jsdom has no canvas; the page copes with a missing 2d context.
HTMLCanvasElement.prototype.getContext = (() => null) as never;

const url = apiUrl('/api/loan-offer-letter/getByToken/tok');
function renderPage() {
  return renderWithProviders(
    <Routes>
      <Route path="/loan-offer-letter/:token" element={<ContractPage />} />
    </Routes>,
    { route: '/loan-offer-letter/tok' },
  );
}

it('shows the letter with amounts in ZMW, the terms and the representative', async () => {
  server.use(borrowerVariants.getByToken.ok);
  renderPage();
  expect(await screen.findByRole('heading', { name: 'Loan offer letter' })).toBeInTheDocument();
  expect(screen.getByText('ZMW 5,000.00')).toBeInTheDocument();
  expect(screen.getByText('ZMW 6,500.00')).toBeInTheDocument();
  expect(screen.getByText('ZMW 1,083.34')).toBeInTheDocument();
  expect(screen.getByText(/Early repayment is free/)).toBeInTheDocument();
  expect(screen.getByText('Chanda Mulenga')).toBeInTheDocument();
  expect(screen.getByRole('img', { name: 'Signature of Chanda Mulenga' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Sign and accept the offer' })).toBeInTheDocument();
});

it.each([
  ['expired', 410, 'This loan offer has expired'],
  ['replaced', 410, 'This loan offer was replaced by a newer one'],
  ['notFound', 404, 'We could not find this loan offer'],
  ['error', 500, 'We could not load your loan offer'],
] as const)('the %s variant (%i) shows its own page', async (variant, _status, title) => {
  server.use(borrowerVariants.getByToken[variant]);
  renderPage();
  expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Sign and accept the offer' })).not.toBeInTheDocument();
});

it('UNKNOWN offers a retry that loads the letter', async () => {
  let calls = 0;
  server.use(
    http.get(url, () => {
      calls += 1;
      return calls === 1 ? HttpResponse.error() : HttpResponse.json(offer);
    }),
  );
  renderPage();
  await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
  expect(await screen.findByRole('heading', { name: 'Loan offer letter' })).toBeInTheDocument();
});

it('asks for the name and a signature before sending', async () => {
  server.use(borrowerVariants.getByToken.ok);
  renderPage();
  await userEvent.click(await screen.findByRole('button', { name: 'Sign and accept the offer' }));
  expect(await screen.findByText('Type your full name.')).toBeInTheDocument();
  await userEvent.type(screen.getByLabelText('Your full name'), 'Mwila Banda');
  await userEvent.click(screen.getByRole('button', { name: 'Sign and accept the offer' }));
  expect(await screen.findByText('Draw your signature in the box, or use your typed name as your signature.')).toBeInTheDocument();
});

it('signs with the typed name as signature and confirms clearly', async () => {
  let fields: Record<string, unknown> = {};
  let signed = false;
  server.use(
    http.get(url, () =>
      HttpResponse.json(signed ? { ...offer, status: 'signed', borrower_name: 'Mwila Banda', borrower_date: '2026-11-21', signed_at: '2026-11-21T10:00:00Z' } : offer),
    ),
    http.post(apiUrl('/api/loan-offer-letter/borrower-sign-offer/tok'), async ({ request }) => {
      const form = await request.formData();
      fields = { name: form.get('borrower_name'), type: (form.get('signature') as File).type };
      signed = true;
      return HttpResponse.json({ status: 'signed', signed_at: '2026-11-21T10:00:00Z', reference_code: 'LA-2026-000123' });
    }),
  );
  renderPage();
  await userEvent.type(await screen.findByLabelText('Your full name'), 'Mwila Banda');
  await userEvent.click(screen.getByRole('button', { name: 'Use my typed name as my signature' }));
  await userEvent.click(screen.getByRole('button', { name: 'Sign and accept the offer' }));
  expect(await screen.findByText('Thank you. Your loan offer is signed.')).toBeInTheDocument();
  expect(fields).toEqual({ name: 'Mwila Banda', type: 'image/png' });
  expect(await screen.findByText(/You signed this offer/)).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Sign and accept the offer' })).not.toBeInTheDocument();
});

it('a replayed signature (409) shows the message and reloads the letter', async () => {
  let signed = false;
  server.use(
    http.get(url, () => HttpResponse.json(signed ? { ...offer, status: 'signed', signed_at: '2026-11-21T10:00:00Z' } : offer)),
    http.post(apiUrl('/api/loan-offer-letter/borrower-sign-offer/tok'), () => {
      signed = true;
      return HttpResponse.json({ message: 'This offer has already been signed.' }, { status: 409 });
    }),
  );
  renderPage();
  await userEvent.type(await screen.findByLabelText('Your full name'), 'Mwila Banda');
  padState.drawn = true;
  await userEvent.click(screen.getByRole('button', { name: 'Sign and accept the offer' }));
  expect(await screen.findByText(/You signed this offer/)).toBeInTheDocument();
});

it('refuses a typed name that is not the applicant\'s, before sending (case and spacing ignored)', async () => {
  server.use(borrowerVariants.getByToken.ok, borrowerVariants.sign.ok);
  renderPage();
  await userEvent.type(await screen.findByLabelText('Your full name'), 'John Phiri');
  padState.drawn = true;
  await userEvent.click(screen.getByRole('button', { name: 'Sign and accept the offer' }));
  expect(await screen.findByText('Type your full name exactly as it is on the offer letter.')).toBeInTheDocument();
  await userEvent.clear(screen.getByLabelText('Your full name'));
  await userEvent.type(screen.getByLabelText('Your full name'), '  mwila   BANDA');
  await userEvent.click(screen.getByRole('button', { name: 'Sign and accept the offer' }));
  expect(await screen.findByText('Thank you. Your loan offer is signed.')).toBeInTheDocument();
});
