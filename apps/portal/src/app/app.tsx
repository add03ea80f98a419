import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import { PersistGate } from 'redux-persist/integration/react';
import type { createBrowserRouter } from 'react-router-dom';
import type { Persistor } from 'redux-persist';
import { FeatureSlotsProvider } from '@loan/shared-permissions';
import { PersistorContext } from './persistor-context';
import { FEATURE_SLOTS } from './screens';
import type { PortalStore } from './store';

export interface AppProps {
  store: PortalStore;
  persistor: Persistor;
  router: ReturnType<typeof createBrowserRouter>;
}

/** The portal: store, persisted session, the features' slots, router. */
export function App({ store, persistor, router }: AppProps) {
  return (
    <Provider store={store}>
      <PersistGate persistor={persistor} loading={null}>
        <PersistorContext.Provider value={persistor}>
          <FeatureSlotsProvider slots={FEATURE_SLOTS}>
            <RouterProvider router={router} />
          </FeatureSlotsProvider>
        </PersistorContext.Provider>
      </PersistGate>
    </Provider>
  );
}

export default App;
