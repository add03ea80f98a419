import { useEffect, useState } from 'react';
import { useSelector } from 'react-redux';
import { isDarkMode, selectDarkFlag, selectStyle, systemPrefersDark } from '@loan/shared-session';
import type { RootState } from './store';

/** Whether dark mode is on now (spec §4), following the system while no flag is stored. */
export function useDarkMode(): boolean {
  const flag = useSelector((s: RootState) => selectDarkFlag(s));
  const [systemDark, setSystemDark] = useState(systemPrefersDark);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return undefined;
    const mq = window.matchMedia('(prefers-color-scheme: dark)');
    const onChange = () => setSystemDark(mq.matches);
    mq.addEventListener?.('change', onChange);
    return () => mq.removeEventListener?.('change', onChange);
  }, []);
  return isDarkMode(flag, systemDark);
}

/** Puts the `dark` class and the style name on <html>, where Tailwind's `dark:` variants look. */
export function ThemeApplier() {
  const dark = useDarkMode();
  const style = useSelector((s: RootState) => selectStyle(s));
  useEffect(() => {
    document.documentElement.classList.toggle('dark', dark);
    document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
  }, [dark]);
  useEffect(() => {
    document.documentElement.dataset['style'] = style;
  }, [style]);
  return null;
}
