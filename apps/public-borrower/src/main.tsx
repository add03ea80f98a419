// First: zod's setting must precede every schema declaration (see the file).
import './zod-config';
import { StrictMode } from 'react';
import * as ReactDOM from 'react-dom/client';
import App from './app/app';

// Dark mode (spec §4): on when the stored flag is '1', or with no flag when the system prefers dark.
const flag = localStorage.getItem('darkMode');
if (flag === '1' || (flag === null && window.matchMedia('(prefers-color-scheme: dark)').matches)) {
  document.documentElement.classList.add('dark');
}

ReactDOM.createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
