import { Suspense, useEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { SnackbarProvider } from 'notistack';
import { ProgressBar, ScreenLoading } from './progress-bar';
import { RouteEffects } from './route-effects';
import { ThemeApplier } from './theme';

/** Spec §9: toasts top-right, at most 20, 350px wide, no pause on hover. */
export const TOASTS = { maxSnack: 20, width: 350, autoHideMs: 4000 } as const;

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
    <SnackbarProvider
      maxSnack={TOASTS.maxSnack}
      anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
      autoHideDuration={TOASTS.autoHideMs}
      disableWindowBlurListener
      SnackbarProps={{ style: { width: TOASTS.width, maxWidth: 'calc(100vw - 16px)' } }}
    >
      <ThemeApplier />
      <ProgressBar />
      <RouteEffects />
      <Suspense fallback={<ScreenLoading />}>
        <Outlet />
      </Suspense>
    </SnackbarProvider>
  );
}
