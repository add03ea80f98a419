// The one place notistack is used (the eslint rule points everyone else here).
// eslint-disable-next-line no-restricted-imports
import type { OptionsObject, SnackbarKey, SnackbarMessage } from 'notistack';

/** What the toast area gives the queue: notistack's module (its global enqueue/close follow the mounted area). */
export interface ToastFunctions {
  enqueueSnackbar?: (message: SnackbarMessage, options?: OptionsObject) => SnackbarKey;
  closeSnackbar?: (key?: SnackbarKey) => void;
}

let markReady!: (fns: ToastFunctions) => void;
const area = new Promise<ToastFunctions>((resolve) => (markReady = resolve));

/**
 * Called by the toast area (toast-area.tsx) once it is mounted. Until then toasts wait here:
 * notistack is not part of the portal's first load (its toast area loads just after the
 * sign-in page shows), so nothing that shows a toast imports it.
 */
export function toastAreaMounted(fns: ToastFunctions): void {
  markReady(fns);
}

/** Shows a toast (notistack's options: variant, key, persist, preventDuplicate...) once the toast area is there. */
export function showToast(message: SnackbarMessage, options?: OptionsObject): void {
  void area.then((n) => n.enqueueSnackbar?.(message, options));
}

/** Closes the toast with this key (all toasts without one). */
export function closeToast(key?: SnackbarKey): void {
  void area.then((n) => n.closeSnackbar?.(key));
}

const TOASTS = { enqueueSnackbar: showToast, closeSnackbar: closeToast } as const;

/**
 * The toasts for a component (in place of notistack's useSnackbar, which needs the toast area
 * around the component): the same two functions, stable across renders.
 */
export function useToasts(): typeof TOASTS {
  return TOASTS;
}
