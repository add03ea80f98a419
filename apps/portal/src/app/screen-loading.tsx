import { useEffect } from 'react';
import { useDispatch } from 'react-redux';
import { screenLoaded, screenLoading } from './activity-slice';

/** Suspense fallback of lazily loaded screens: counts as navigation activity while shown. */
export function ScreenLoading() {
  const dispatch = useDispatch();
  useEffect(() => {
    dispatch(screenLoading());
    return () => {
      dispatch(screenLoaded());
    };
  }, [dispatch]);
  return (
    <div role="status" aria-live="polite" className="p-6 text-sm text-gray-500 dark:text-gray-400">
      Loading...
    </div>
  );
}
