import { ToastArea } from '@loan/shared-data-access-api';
import { TOASTS } from './toasts-config';

/** The portal's toast area (spec §9), its own chunk: notistack loads after the first screen shows. */
export default function PortalToastArea() {
  return (
    <ToastArea
      maxSnack={TOASTS.maxSnack}
      anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
      autoHideDuration={TOASTS.autoHideMs}
      disableWindowBlurListener
      SnackbarProps={{ style: { width: TOASTS.width, maxWidth: 'calc(100vw - 16px)' } }}
    />
  );
}
