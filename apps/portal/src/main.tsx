// First: zod's setting must precede every schema declaration (see the file).
import './zod-config';
import { StrictMode } from 'react';
import * as ReactDOM from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { apiReady } from '@loan/shared-data-access-api';
import { isDarkMode, loadPreferences, prepareSessionStorage, systemPrefersDark } from '@loan/shared-session';
import App from './app/app';
import { onSessionExpired } from './app/login-route';
import { createRouterBridge } from './app/router-bridge';
import { createPortalStore } from './app/store';

// Spec §4: without the session-storage authenticated flag the stored session is cleared
// before the store rehydrates from it.
prepareSessionStorage();
// Dark mode before the first paint (no light flash); ThemeApplier keeps it in step after.
document.documentElement.classList.toggle('dark', isDarkMode(loadPreferences().darkMode, systemPrefersDark()));

const router = createRouterBridge();
const { store, persistor } = createPortalStore({
  // Spec §8: any 401 ends the session and leads to /login, where a toast says why.
  onExpired: onSessionExpired(router),
});

ReactDOM.createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <BrowserRouter>
      <App store={store} persistor={persistor} router={router} />
    </BrowserRouter>
  </StrictMode>,
);
// The api slice (RTK Query, its own chunk) joins the store once the first screen has shown:
// the sign-in page shows without it, and is ready for it by the time the form is sent.
const whenIdle = window.requestIdleCallback ?? ((fn: () => void) => setTimeout(fn, 1));
whenIdle(() => void store.dispatch(apiReady()));
