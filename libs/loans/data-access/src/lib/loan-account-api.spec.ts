import { makeStore, requestLog, setupApiServer } from '@loan/shared-data-access-api/testing';
import { loanAccountCommandHandlers, loanAccountCommandVariants, loanAccountHandlers } from '../testing';
import { loanAccountApi } from './loan-account-api';

const server = setupApiServer(...loanAccountHandlers, ...loanAccountCommandHandlers);
const settle = () => new Promise((r) => setTimeout(r, 50));
const accountCalls = () => requestLog.filter((r) => r.method === 'GET' && r.path === '/api/loan-accounts/7').length;

it('reads the account of a loan, and a command on it refreshes it (tags) only when it succeeds', async () => {
  const store = makeStore();
  const sub = store.dispatch(loanAccountApi.endpoints.getLoanAccount.initiate(7));
  expect((await sub).data?.outstanding.total).toBe('5095.84');
  const before = accountCalls();
  server.use(loanAccountCommandVariants.waive.invalid);
  const refused = await store.dispatch(loanAccountApi.endpoints.waiveLoanCharges.initiate({ id: 7, body: { part: 'fees', amount: '500.00', reason: 'Goodwill' } }));
  expect(refused.error).toMatchObject({ status: 422 });
  await settle();
  expect(accountCalls()).toBe(before);
  const ok = await store.dispatch(loanAccountApi.endpoints.writeOffLoan.initiate({ id: 7, body: { reason: 'Borrower deceased' } }));
  expect(ok.data?.state).toBe('written_off');
  await settle();
  expect(accountCalls()).toBe(before + 1);
  sub.unsubscribe();
});
