import { lazy, Suspense, useEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { ScreenLoading } from './screen-loading';
import { RouteEffects } from './route-effects';
import { ThemeApplier } from './theme';

// notistack is not part of the first load: toasts asked for before its area is there wait (toast-queue).
const ToastArea = lazy(() => import('./toast-area'));
// The top progress bar (react-top-loading-bar) likewise: activity before it shows is kept in the store.
const ProgressBar = lazy(() => import('./progress-bar'));

/**
 * notistack always pauses a toast's timer while the mouse is over it (its Snackbar's
 * onMouseEnter). The spec wants no pause, so the mouse events that React turns into
 * enter/leave never reach the toasts.
 */
function useNoPauseOnHover() {
  useEffect(() => {
    const inToasts = (n: EventTarget | null) => n instanceof Element && n.closest('.notistack-SnackbarContainer') !== null;
    // React derives enter/leave from mouseout/mouseover, reading both target and relatedTarget.
    const swallow = (e: Event) => {
      if (inToasts(e.target) || inToasts((e as MouseEvent).relatedTarget)) e.stopPropagation();
    };
    const types = ['mouseover', 'mouseout'] as const;
    types.forEach((type) => window.addEventListener(type, swallow, true));
    return () => types.forEach((type) => window.removeEventListener(type, swallow, true));
  }, []);
}

/** The root view (spec §2): the toast area, the routed view and the top progress bar. */
export function RootView() {
  useNoPauseOnHover();
  return (
    <>
      <ThemeApplier />
      <Suspense fallback={null}>
        <ProgressBar />
      </Suspense>
      <RouteEffects />
      <Suspense fallback={<ScreenLoading />}>
        <Outlet />
      </Suspense>
      <Suspense fallback={null}>
        <ToastArea />
      </Suspense>
    </>
  );
}
