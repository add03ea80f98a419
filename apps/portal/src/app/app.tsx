import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import { PersistGate } from 'redux-persist/integration/react';
import type { createBrowserRouter } from 'react-router-dom';
import type { Persistor } from 'redux-persist';
import { PersistorContext } from './persistor-context';
import type { PortalStore } from './store';

export interface AppProps {
  store: PortalStore;
  persistor: Persistor;
  router: ReturnType<typeof createBrowserRouter>;
}

/** The portal: store, persisted session, router. */
export function App({ store, persistor, router }: AppProps) {
  return (
    <Provider store={store}>
      <PersistGate persistor={persistor} loading={null}>
        <PersistorContext.Provider value={persistor}>
          <RouterProvider router={router} />
        </PersistorContext.Provider>
      </PersistGate>
    </Provider>
  );
}

export default App;
