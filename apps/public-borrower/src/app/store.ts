import { configureStore } from '@reduxjs/toolkit';
import { api } from '@loan/shared-data-access-api';

/** The borrower app's own small store: only the api slice (no session, no staff state). */
export function makeBorrowerStore() {
  return configureStore({
    reducer: { [api.reducerPath]: api.reducer },
    middleware: (gDM) => gDM().concat(api.middleware),
  });
}
export type BorrowerStore = ReturnType<typeof makeBorrowerStore>;

/** One store for the app's life (both pages share the api cache). */
export const borrowerStore = makeBorrowerStore();
