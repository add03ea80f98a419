import { Provider } from 'react-redux';
import { ApplyPage, ContractPage } from '@loan/public-borrower-feature';
import { borrowerStore } from './store';

// Loaded lazily by app.tsx, together with the store.

export function ApplyRoute() {
  return (
    <Provider store={borrowerStore}>
      <ApplyPage />
    </Provider>
  );
}

export function ContractRoute() {
  return (
    <Provider store={borrowerStore}>
      <ContractPage />
    </Provider>
  );
}
