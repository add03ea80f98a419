import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import { DeferredStoreContext, type DispatchHolder } from '@loan/shared-data-access-api';
import { makeStore, renderWithProviders, requestLog, setupApiServer } from '@loan/shared-data-access-api/testing';
import { BORROWER_PATHS, borrowerVariants } from '@loan/public-borrower-data-access/testing';
import { ApplyPage } from './apply-page';

// Forms typed key by key take a while on a busy machine.
jest.setTimeout(30_000);
const { ipAddress, checkRecord, calculatorAttempt, otpSend, otpValidation, newClient, create, loanLimits } = borrowerVariants;
const server = setupApiServer(
  ipAddress.ok,
  checkRecord.ok,
  calculatorAttempt.ok,
  otpSend.ok,
  otpValidation.checked,
  newClient.ok,
  create.ok,
  loanLimits.ok,
);
/** The draft saves with the OTP ticket header they carried (the request log keeps no headers). */
let saves: { step: string; mobile: string; ticket: string | null }[] = [];
/** The bodies the screen sent to one endpoint, in order. */
function sent(path: string): unknown[] {
  return requestLog.filter((r) => r.method === 'POST' && r.path === path).map((r) => r.body);
}

beforeEach(() => {
  sessionStorage.clear();
  saves = [];
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  server.use(
    http.post(BORROWER_PATHS.unfinished, async ({ request }) => {
      const body = (await request.json()) as { step: string; mobile: string };
      saves.push({ ...body, ticket: request.headers.get('x-otp-ticket') });
      return HttpResponse.json({ ...body, updated_at: 'now' });
    }),
  );
});

async function fillPersonal(nrc = '123456/78/9') {
  await userEvent.type(screen.getByLabelText('NRC number'), nrc);
  await userEvent.type(screen.getByLabelText('Full name'), 'Mwila Banda');
  await userEvent.type(screen.getByLabelText('Mobile number'), '0971234567');
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
}

it('shows plain field errors next to the fields', async () => {
  renderWithProviders(<ApplyPage />);
  await userEvent.type(screen.getByLabelText('NRC number'), '12345');
  await userEvent.type(screen.getByLabelText('Mobile number'), '12');
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
  expect(await screen.findByText('Enter your NRC as on the card, like 123456/78/9.')).toBeInTheDocument();
  expect(screen.getByText('Enter your full name.')).toBeInTheDocument();
  expect(screen.getByText('Enter a Zambian mobile number, like 0971234567 or +260971234567.')).toBeInTheDocument();
  expect(screen.getByLabelText('NRC number')).toHaveAttribute('aria-invalid', 'true');
  expect(sent(BORROWER_PATHS.checkRecord)).toEqual([]);
  // Fixing a field clears its message while typing (before leaving the field).
  await userEvent.clear(screen.getByLabelText('NRC number'));
  await userEvent.type(screen.getByLabelText('NRC number'), '123456/78/9');
  expect(screen.getByLabelText('NRC number')).toHaveFocus();
  await waitFor(() => expect(screen.queryByText('Enter your NRC as on the card, like 123456/78/9.')).not.toBeInTheDocument());
});

/** The page as the borrower app renders it: the store comes from `loadStore` (apply-route.tsx). */
function renderWithStoreLoader(loadStore: () => Promise<DispatchHolder>) {
  render(
    <MemoryRouter initialEntries={['/apply']}>
      <DeferredStoreContext.Provider value={loadStore}>
        <ApplyPage />
      </DeferredStoreContext.Provider>
    </MemoryRouter>,
  );
}

it('shows the form before its calls (the store, RTK Query) have downloaded, and goes on once they have', async () => {
  // The borrower app loads them right after /apply shows (issue 18); a call made before waits.
  let give: (store: DispatchHolder) => void = () => undefined;
  const loadStore = () => new Promise<DispatchHolder>((resolve) => (give = resolve));
  renderWithStoreLoader(loadStore);
  expect(screen.getByRole('heading', { name: 'Apply for a loan' })).toBeInTheDocument();
  await fillPersonal();
  expect(await screen.findByRole('button', { name: /Checking/ })).toBeDisabled();
  expect(sent(BORROWER_PATHS.checkRecord)).toEqual([]);
  give(makeStore());
  // The calls' module is downloaded (in jest: loaded) only now: on a busy machine that takes a while.
  expect(await screen.findByRole('heading', { name: 'Confirm your mobile number' }, { timeout: 10_000 })).toBeInTheDocument();
  expect(sent(BORROWER_PATHS.checkRecord)).toHaveLength(1);
});

it('records the visit and reads the loan limits without the store; the store loads once the borrower types', async () => {
  // Issue 33: a phone that only looks at /apply downloads no RTK Query.
  const loadStore = jest.fn(() => new Promise<DispatchHolder>(() => undefined));
  renderWithStoreLoader(loadStore);
  await waitFor(() => expect(sent(BORROWER_PATHS.ipAddress)).toHaveLength(1));
  await waitFor(() => expect(requestLog.some((r) => r.method === 'GET' && r.path === BORROWER_PATHS.loanLimits)).toBe(true));
  expect(loadStore).not.toHaveBeenCalled();
  await userEvent.type(screen.getByLabelText('NRC number'), '1');
  expect(loadStore).toHaveBeenCalledTimes(1);
});

it('tells a borrower with an open application before they go on', async () => {
  renderWithProviders(<ApplyPage />);
  await fillPersonal('111111/11/1');
  expect(await screen.findByText('You already have an open application')).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'About you' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
});

async function confirmCode() {
  await screen.findByRole('heading', { name: 'Confirm your mobile number' });
  await userEvent.click(screen.getByRole('button', { name: 'Send me the code' }));
  await userEvent.type(await screen.findByLabelText('6-digit code'), '123456');
  await userEvent.click(screen.getByRole('button', { name: 'Confirm code' }));
}

/** From the start to "Your loan": personal details, the code, the work step. */
async function toLoanStep() {
  await fillPersonal();
  await confirmCode();
  await screen.findByRole('heading', { name: 'Your work' });
  await userEvent.type(screen.getByLabelText('Employer'), 'Zambia Sugar');
  await userEvent.selectOptions(screen.getByLabelText('Branch'), 'Lusaka');
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
  await screen.findByRole('heading', { name: 'Your loan' });
}

it('confirms the mobile right after it is given, then goes through every step and shows the reference code', async () => {
  const { container } = renderWithProviders(<ApplyPage />);
  expect(container).toBeTruthy();
  await waitFor(() => expect(screen.getByRole('heading', { name: 'About you' })).toBeInTheDocument());
  await fillPersonal();

  await screen.findByRole('heading', { name: 'Confirm your mobile number' });
  await userEvent.click(screen.getByRole('button', { name: 'Send me the code' }));
  expect(sent(BORROWER_PATHS.otpSend)).toEqual([{ mobile: '+260971234567' }]);
  await userEvent.type(await screen.findByLabelText('6-digit code'), '000000');
  await userEvent.click(screen.getByRole('button', { name: 'Confirm code' }));
  expect(await screen.findByText('That code is not right. You have 4 tries left.')).toBeInTheDocument();
  await userEvent.clear(screen.getByLabelText('6-digit code'));
  await userEvent.type(screen.getByLabelText('6-digit code'), '123456');
  await userEvent.click(screen.getByRole('button', { name: 'Confirm code' }));

  await screen.findByRole('heading', { name: 'Your work' });
  await userEvent.type(screen.getByLabelText('Employer'), 'Zambia Sugar');
  await userEvent.selectOptions(screen.getByLabelText('Branch'), 'Lusaka');
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }));

  await screen.findByRole('heading', { name: 'Your loan' });
  expect(sent(BORROWER_PATHS.newClient)).toEqual([
    { nrc: '123456/78/9', full_name: 'Mwila Banda', mobile: '0971234567', employer: 'Zambia Sugar', branch: 'Lusaka', ticket: 'ticket-1' },
  ]);
  await userEvent.type(screen.getByLabelText('Amount (ZMW)'), '5000');
  await userEvent.selectOptions(screen.getByLabelText('Months to repay'), '6');
  await userEvent.type(screen.getByLabelText('What is the loan for?'), 'School fees');
  expect(await screen.findByTestId('monthly-instalment', {}, { timeout: 3000 })).toHaveTextContent('ZMW 1,083.34');
  expect(sent(BORROWER_PATHS.calculatorAttempt).at(-1)).toEqual({ amount: '5000.00', tenure: 6, mobile: '+260971234567' });
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }));

  await screen.findByRole('heading', { name: 'Check and send' });
  expect(screen.getByText('ZMW 5,000.00')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Send my application' }));
  expect(await screen.findByTestId('reference-code')).toHaveTextContent('LA-2026-000009');
  expect(sent(BORROWER_PATHS.create)).toEqual([
    {
      nrc: '123456/78/9',
      full_name: 'Mwila Banda',
      mobile: '+260971234567',
      employer: 'Zambia Sugar',
      branch: 'Lusaka',
      amount: '5000.00',
      tenure: 6,
      purpose: 'School fees',
      ticket: 'ticket-1',
    },
  ]);
  // Nothing was saved before the code was confirmed; from then on each step saved the
  // answers so far, with the step to come back to and the ticket proving the mobile.
  expect(saves.map((x) => x.step)).toEqual(['employment', 'loan', 'review']);
  expect(saves.every((x) => x.ticket === 'ticket-1' && x.mobile === '+260971234567')).toBe(true);
});

it('asks for a new code when the confirmation ran out at sending, then comes back to send', async () => {
  let refused = false;
  server.use(
    http.post(BORROWER_PATHS.create, async ({ request }) => {
      requestLog.push({ method: 'POST', path: BORROWER_PATHS.create, query: {}, search: '', body: await request.json() });
      if (!refused) {
        refused = true;
        const m = 'Please confirm your mobile number again: your confirmation has run out.';
        return HttpResponse.json({ message: m, errors: { ticket: [m] } }, { status: 422 });
      }
      return HttpResponse.json({ id: 9, reference_code: 'LA-2026-000009', status: 'request' });
    }),
  );
  renderWithProviders(<ApplyPage />);
  await toLoanStep();
  await userEvent.type(screen.getByLabelText('Amount (ZMW)'), '5000');
  await userEvent.type(screen.getByLabelText('What is the loan for?'), 'School fees');
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
  await userEvent.click(await screen.findByRole('button', { name: 'Send my application' }));
  expect(await screen.findByText('Your confirmation has run out. Please confirm your mobile number again.')).toBeInTheDocument();
  await confirmCode();
  await userEvent.click(await screen.findByRole('button', { name: 'Send my application' }));
  expect(await screen.findByTestId('reference-code')).toHaveTextContent('LA-2026-000009');
  expect(sent(BORROWER_PATHS.create)).toHaveLength(2);
});

it('checks the loan product\'s limits in the browser, with the api\'s words, and asks the calculator only inside them', async () => {
  // A narrow product: ZMW 1,000 to 3,000 over 2 to 4 months.
  server.use(loanLimits.empty);
  renderWithProviders(<ApplyPage />);
  await toLoanStep();
  await screen.findByText('From ZMW 1,000.00 to ZMW 3,000.00');
  // Inside the outer limits (ZMW 500 to 500,000), outside the product's.
  await userEvent.type(screen.getByLabelText('Amount (ZMW)'), '5000');
  await userEvent.type(screen.getByLabelText('What is the loan for?'), 'School fees');
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
  expect(await screen.findByText('The largest loan is ZMW 3,000.00.')).toBeInTheDocument();
  expect(screen.getByLabelText('Amount (ZMW)')).toHaveAttribute('aria-invalid', 'true');
  expect(screen.getByRole('heading', { name: 'Your loan' })).toBeInTheDocument();
  await new Promise((r) => setTimeout(r, 700));
  expect(sent(BORROWER_PATHS.calculatorAttempt)).toEqual([]);
  // Fixed as they type: the message goes, the calculator asks, and the form moves on.
  await userEvent.clear(screen.getByLabelText('Amount (ZMW)'));
  await userEvent.type(screen.getByLabelText('Amount (ZMW)'), '2500');
  await waitFor(() => expect(screen.queryByText('The largest loan is ZMW 3,000.00.')).not.toBeInTheDocument());
  await waitFor(() => expect(sent(BORROWER_PATHS.calculatorAttempt).at(-1)).toMatchObject({ amount: '2500.00', tenure: 4 }), { timeout: 3000 });
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
  expect(await screen.findByRole('heading', { name: 'Check and send' })).toBeInTheDocument();
});

it('resumes a saved application with the same mobile number and a new OTP', async () => {
  server.use(
    http.get(BORROWER_PATHS.unfinished, ({ request }) =>
      HttpResponse.json({
        data:
          request.headers.get('x-otp-ticket') === 'ticket-1'
            ? {
                mobile: '+260971234567',
                step: 'loan',
                data: { nrc: '123456/78/9', full_name: 'Mwila Banda', mobile: '+260971234567', employer: 'Zambia Sugar', branch: 'Lusaka' },
                updated_at: 'x',
              }
            : null,
      }),
    ),
  );
  renderWithProviders(<ApplyPage />);
  await userEvent.click(screen.getByRole('button', { name: 'Continue it' }));
  await userEvent.type(screen.getByLabelText('The mobile number you used'), '0971234567');
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
  await userEvent.click(await screen.findByRole('button', { name: 'Send me the code' }));
  await userEvent.type(await screen.findByLabelText('6-digit code'), '123456');
  await userEvent.click(screen.getByRole('button', { name: 'Confirm code' }));
  expect(await screen.findByRole('heading', { name: 'Your loan' })).toBeInTheDocument();
  expect(screen.getByText('Welcome back')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Back' }));
  expect(screen.getByLabelText('Employer')).toHaveValue('Zambia Sugar');
});

it('a reload keeps the answers (this tab only), and a step past the OTP asks to confirm the number again', async () => {
  const first = renderWithProviders(<ApplyPage />);
  await userEvent.type(screen.getByLabelText('NRC number'), '123456/78/9');
  await userEvent.type(screen.getByLabelText('Full name'), 'Mwila Banda');
  first.unmount();
  renderWithProviders(<ApplyPage />);
  expect(screen.getByLabelText('NRC number')).toHaveValue('123456/78/9');
  expect(screen.getByLabelText('Full name')).toHaveValue('Mwila Banda');
  expect(sessionStorage.getItem('apply-form')).not.toContain('ticket');
});

it('after a reload on a later step, the borrower confirms the number and returns to that step', async () => {
  sessionStorage.setItem(
    'apply-form',
    JSON.stringify({ step: 'loan', values: { nrc: '123456/78/9', full_name: 'Mwila Banda', mobile: '0971234567', employer: 'ZESCO', branch: 'Lusaka', amount: '12,500', tenure: 12 } }),
  );
  renderWithProviders(<ApplyPage />);
  expect(await screen.findByRole('heading', { name: /Confirm your mobile number/ })).toBeInTheDocument();
});
