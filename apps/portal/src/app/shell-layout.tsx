import { Suspense, useCallback, useMemo, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { CLIENT_PICKER_PERMISSIONS } from '@loan/shared-contract';
import { ApprovalsCount, NotificationBell } from '@loan/rbac-feature';
import { FindAnything } from '@loan/clients-feature';
import { useOwnRoleLoader, usePermissions, selectPermissionsLoaded } from '@loan/shared-permissions';
import {
  darkModeChosen,
  selectStyle,
  selectUser,
  signOut,
  useStartupClientsQuery,
  useStartupHistoryQuery,
} from '@loan/shared-session';
import { AsideMenu, ErrorState, Footer, Skeleton, TopBar, PageSection } from '@loan/shared-ui';
import { screenMenu, settingsHref } from './menu';
import { usePersistor } from './persistor-context';
import { ScreenLoading } from './screen-loading';
import { SCREEN_REGISTRY } from './screens';
import { useDarkMode } from './theme';
import type { AppDispatch, RootState } from './store';

/** Logout (spec §2): api call, purge persisted state, reset the api cache, go to /login. */
export function useLogout() {
  const dispatch = useDispatch<AppDispatch>();
  const navigate = useNavigate();
  const persistor = usePersistor();
  return useCallback(async () => {
    await dispatch(signOut());
    await persistor?.purge();
    navigate('/login');
  }, [dispatch, navigate, persistor]);
}

/**
 * The signed-in frame: side menu gated by permission, top bar, footer and the routed
 * screen. After start-up it loads the user's role and the client and history lists.
 */
export function ShellLayout() {
  const dispatch = useDispatch<AppDispatch>();
  const user = useSelector((s: RootState) => selectUser(s));
  const style = useSelector((s: RootState) => selectStyle(s));
  const permissionsLoaded = useSelector((s: RootState) => selectPermissionsLoaded(s));
  const has = usePermissions();
  const dark = useDarkMode();
  const logout = useLogout();
  const { pathname } = useLocation();
  const [mobileOpen, setMobileOpen] = useState(false);
  const [desktopOpen, setDesktopOpen] = useState(true);
  const [lastPath, setLastPath] = useState(pathname);
  if (lastPath !== pathname) {
    // Navigating closes the mobile menu.
    setLastPath(pathname);
    setMobileOpen(false);
  }

  const role = useOwnRoleLoader();
  // Only the picker screens' users may read the borrower list: ask for it only then
  // (once the role's permissions are known), never earning everyone else a 403.
  const canPickClients = permissionsLoaded && CLIENT_PICKER_PERMISSIONS.some((p) => has(p));
  useStartupClientsQuery(undefined, { skip: !canPickClients });
  useStartupHistoryQuery();

  const items = useMemo(() => screenMenu(SCREEN_REGISTRY, has), [has]);
  const bottom = useMemo(() => [{ label: 'Logout', icon: 'logout' as const, onClick: () => void logout() }], [logout]);

  return (
    <div className="min-h-dvh bg-gray-50 text-gray-900 dark:bg-slate-950 dark:text-gray-100">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-blue-700">
        Skip to content
      </a>
      <AsideMenu
        items={items}
        bottomItems={bottom}
        brand="Portal"
        mobileOpen={mobileOpen}
        desktopOpen={desktopOpen}
        onClose={() => setMobileOpen(false)}
        variant={style}
      />
      {/* The menu's padding glides only where it exists (lg): narrowed past lg (a tablet turned), the
          column had 200 ms of leftover padding pushing the top bar off the side. */}
      <div className={`flex min-h-dvh flex-col lg:transition-[padding] lg:duration-200 ${desktopOpen ? 'lg:pl-60' : ''}`}>
        <TopBar
          userName={user?.fullname}
          isDark={dark}
          onToggleDark={() => dispatch(darkModeChosen(!dark))}
          onLogout={() => void logout()}
          mobileMenuOpen={mobileOpen}
          onToggleMobileMenu={() => setMobileOpen((o) => !o)}
          asideOpen={desktopOpen}
          onToggleAside={() => setDesktopOpen((o) => !o)}
          variant={style}
          // Settings leads to the first settings screen the user may open (the menu's Settings
          // group: roles, audit trail, branches, loan product; issue 16), else to the profile's
          // preferences, which everyone has.
          settingsTo={settingsHref(items)}
          extra={
            <>
              <ApprovalsCount />
              <FindAnything />
              <NotificationBell />
            </>
          }
        />
        {/* The one main landmark of a signed-in page: screen readers jump to it, "Skip to content" leads to it. */}
        <main id="main" className="flex-1">
          {permissionsLoaded ? (
            <Suspense fallback={<ScreenLoading />}>
              <Outlet />
            </Suspense>
          ) : (
            <PageSection>
              {role.isError ? (
                <ErrorState title="Failed to load your permissions." message="The portal cannot tell what your role may see." onRetry={role.retry} />
              ) : (
                <Skeleton lines={6} label="Loading your permissions..." />
              )}
            </PageSection>
          )}
        </main>
        <Footer />
      </div>
    </div>
  );
}
