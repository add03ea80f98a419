import { useEffect, useRef } from 'react';
import { useSelector } from 'react-redux';
import { useLocation } from 'react-router-dom';
import LoadingBar, { type LoadingBarRef } from 'react-top-loading-bar';
import type { RootState } from './store';

/** Spec §9: 5px at the top, #ca8a04, #874b4b on failure, transition 5s, termination 300ms. */
export const PROGRESS_BAR = {
  height: 5,
  color: '#ca8a04',
  failedColor: '#874b4b',
  /** The bar's width transition ("transition 5s"). */
  loaderSpeed: 5000,
  /** Time the full bar stays before it fades ("termination 300ms"). */
  waitingTime: 300,
} as const;

/**
 * The top progress bar, driven by api requests in flight and screens loading. Loaded just after
 * the first screen shows (root-view.tsx): the sign-in page's first load does not carry it.
 */
export default function ProgressBar() {
  const ref = useRef<LoadingBarRef>(null);
  const busy = useSelector((s: RootState) => s.activity.pending > 0 || s.activity.navigating > 0);
  const failed = useSelector((s: RootState) => s.activity.failed);
  const { pathname } = useLocation();
  const first = useRef(true);
  const busyNow = useRef(busy);

  useEffect(() => {
    busyNow.current = busy;
    if (busy) ref.current?.continuousStart(10, 500);
    else ref.current?.complete();
  }, [busy]);

  // A navigation that loads nothing still shows a short run of the bar.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return undefined;
    }
    ref.current?.staticStart(40);
    const t = setTimeout(() => {
      if (!busyNow.current) ref.current?.complete();
    }, 150);
    return () => clearTimeout(t);
  }, [pathname]);

  return (
    <div data-testid="progress-bar" data-busy={busy} data-failed={failed}>
      <LoadingBar
        ref={ref}
        height={PROGRESS_BAR.height}
        color={failed ? PROGRESS_BAR.failedColor : PROGRESS_BAR.color}
        loaderSpeed={PROGRESS_BAR.loaderSpeed}
        waitingTime={PROGRESS_BAR.waitingTime}
        shadow={false}
      />
    </div>
  );
}
