import { useEffect } from 'react';
// The one place notistack is used (the eslint rule points everyone else here).
// eslint-disable-next-line no-restricted-imports
import * as notistack from 'notistack';
import { toastAreaMounted } from './toast-queue';

/**
 * The toast area (notistack's SnackbarProvider) of an app or a test: rendered beside the
 * screens, not around them (screens show toasts through showToast/useToasts and the toast
 * middleware, never through notistack's context), so an app may load it after its first screen.
 */
export function ToastArea(props: Omit<notistack.SnackbarProviderProps, 'children'>) {
  useEffect(() => {
    // After the provider's constructor set notistack's global enqueue/close functions.
    toastAreaMounted(notistack);
  }, []);
  return <notistack.SnackbarProvider {...props} />;
}
