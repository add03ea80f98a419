import { useState } from 'react';
import { Provider } from 'react-redux';
import { RouterProvider, createBrowserRouter, createMemoryRouter } from 'react-router-dom';
import { makeBorrowerStore } from './store';
import { routes } from './routes';

/** The public-borrower app: its own store and router, no staff code. */
export function App({ initialPath }: { initialPath?: string }) {
  const [store] = useState(makeBorrowerStore);
  const [router] = useState(() => (initialPath ? createMemoryRouter(routes, { initialEntries: [initialPath] }) : createBrowserRouter(routes)));
  return (
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>
  );
}

export default App;
