import { screen } from '@testing-library/react';
import { render } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { apiUrl, csrfCookieHandler } from '@loan/shared-data-access-api/testing';
import { MemoryRouter } from 'react-router-dom';
import { BRAND } from '@loan/shared-ui';
import { BorrowerRoutes } from './app';

function App({ initialPath }: { initialPath: string }) {
  return (
    <MemoryRouter initialEntries={[initialPath]}>
      <BorrowerRoutes />
    </MemoryRouter>
  );
}

const server = setupServer(
  csrfCookieHandler,
  http.post(apiUrl('/api/web/ip-address'), () => HttpResponse.json({ ip: '127.0.0.1' })),
  http.get(apiUrl('/api/loan-offer-letter/getByToken/gone'), () => HttpResponse.json({ message: 'Expired' }, { status: 410 })),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => jest.spyOn(console, 'warn').mockImplementation(() => undefined));

it('serves the application form at /apply with its title', async () => {
  render(<App initialPath="/apply" />);
  // The first test loads the lazy pages module (and its imports) in jest: on a busy machine
  // that takes longer than findBy's default second.
  expect(await screen.findByRole('heading', { name: 'Apply for a loan' }, { timeout: 5000 })).toBeInTheDocument();
  expect(document.title).toBe('Apply for a Loan - Portal');
  // One brand (issue 18, the finish): the name and mark of shared-ui, as the portal shows them.
  expect(screen.getAllByRole('img', { name: `${BRAND.name} logo` }).length).toBeGreaterThan(0);
});

it('serves the contract page by token', async () => {
  render(<App initialPath="/loan-offer-letter/gone" />);
  // Its own chunks (the store with RTK Query, the contract page): loaded for the first time here.
  expect(await screen.findByRole('heading', { name: 'This loan offer has expired' }, { timeout: 5000 })).toBeInTheDocument();
  expect(document.title).toBe('Loan Offer Letter - Portal');
});

it('answers any other address with a not-found page', async () => {
  render(<App initialPath="/dashboard" />);
  expect(await screen.findByRole('heading', { name: 'We could not find that page' })).toBeInTheDocument();
  expect(document.title).toBe('Page not found - Portal');
});
