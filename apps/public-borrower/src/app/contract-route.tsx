import { Provider } from 'react-redux';
import { ContractPage } from '@loan/public-borrower-feature';
import { borrowerStore } from './store';

/** /loan-offer-letter/:token, loaded lazily by app.tsx together with the store (its data shows on the page). */
export function ContractRoute() {
  return (
    <Provider store={borrowerStore}>
      <ContractPage />
    </Provider>
  );
}
