import { Provider } from 'react-redux';
import { PersistGate } from 'redux-persist/integration/react';
import type { Persistor } from 'redux-persist';
import { FeatureSlotsProvider } from '@loan/shared-permissions';
import { PersistorContext } from './persistor-context';
import { RoutedView } from './routed-view';
import { RouterBridgeLink, type RouterBridge } from './router-bridge';
import { routes } from './routes';
import { FEATURE_SLOTS } from './screens';
import type { PortalStore } from './store';

export interface AppProps {
  store: PortalStore;
  persistor: Persistor;
  /** Kept in step with the router for code outside React (the store's 401 handler). */
  router: RouterBridge;
}

/**
 * The portal: store, persisted session, the features' slots, the route table. Rendered inside
 * a router: `<BrowserRouter>` in main.tsx, a `<MemoryRouter>` in the tests.
 */
export function App({ store, persistor, router }: AppProps) {
  return (
    <Provider store={store}>
      <PersistGate persistor={persistor} loading={null}>
        <PersistorContext.Provider value={persistor}>
          <FeatureSlotsProvider slots={FEATURE_SLOTS}>
            <RouterBridgeLink bridge={router} />
            <RoutedView routes={routes} />
          </FeatureSlotsProvider>
        </PersistorContext.Provider>
      </PersistGate>
    </Provider>
  );
}

export default App;
