import { ApplyPage } from '@loan/public-borrower-feature';
import { DeferredStoreContext } from '@loan/shared-data-access-api';

// The store and the api slice (RTK Query) are not needed to SHOW the form: they load right
// after it shows, with the page's first call (issue 18: all the JS a phone downloads to
// show /apply, bundle budget in tools/bundle-report). A call made before waits for them.
const loadStore = () => import('./store').then((m) => m.borrowerStore);

/** /apply, loaded lazily by app.tsx. */
export function ApplyRoute() {
  return (
    <DeferredStoreContext.Provider value={loadStore}>
      <ApplyPage />
    </DeferredStoreContext.Provider>
  );
}
