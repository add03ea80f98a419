import { useEffect, useRef, useState, type KeyboardEvent as ReactKeyboardEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Icon } from './icon';
import { cx } from './cx';
import type { MenuVariant } from './aside-menu';

export interface TopBarProps {
  userName?: string;
  isDark: boolean;
  onToggleDark: () => void;
  onLogout: () => void;
  mobileMenuOpen: boolean;
  onToggleMobileMenu: () => void;
  asideOpen: boolean;
  onToggleAside: () => void;
  profileTo?: string;
  settingsTo?: string;
  variant?: MenuVariant;
  /** Before the light/dark toggle: the notifications bell of the signed-in shell. */
  extra?: ReactNode;
}

// No display class here: each button sets its own, so `hidden lg:inline-flex` is not overridden.
const ICON_BTN =
  'h-10 w-10 items-center justify-center rounded-md text-gray-600 hover:bg-gray-100 hover:text-gray-900 ' +
  'focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-400 dark:text-gray-300 dark:hover:bg-slate-800 dark:hover:text-white';

const menuItems = (menu: HTMLElement | null) => Array.from(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

/**
 * The top bar (spec §2): mobile menu toggle, large-screen aside toggle, a user menu with
 * My Profile, Settings and Log Out, a light/dark toggle and a logout button.
 */
export function TopBar({
  userName,
  isDark,
  onToggleDark,
  onLogout,
  mobileMenuOpen,
  onToggleMobileMenu,
  asideOpen,
  onToggleAside,
  profileTo = '/profile',
  settingsTo = '/profile#preferences',
  variant = 'basic',
  extra,
}: TopBarProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  // Which item takes focus when the menu opens (WAI-ARIA menu button: Enter, Space and
  // ArrowDown open on the first item, ArrowUp on the last); null for a mouse click.
  const [openOn, setOpenOn] = useState<'first' | 'last' | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!menuOpen || !openOn) return;
    const all = menuItems(menu.current);
    (openOn === 'first' ? all[0] : all[all.length - 1])?.focus();
  }, [menuOpen, openOn]);

  const open = (on: 'first' | 'last' | null) => {
    setOpenOn(on);
    setMenuOpen(true);
  };

  const onTriggerKey = (e: ReactKeyboardEvent) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      open(e.key === 'ArrowDown' ? 'first' : 'last');
    }
  };

  /** Arrow keys move between items (wrapping), Home/End jump, Tab leaves and closes. */
  const onMenuKey = (e: ReactKeyboardEvent) => {
    const all = menuItems(menu.current);
    const at = all.indexOf(document.activeElement as HTMLElement);
    const move = (i: number) => {
      e.preventDefault();
      all[(i + all.length) % all.length]?.focus();
    };
    if (e.key === 'ArrowDown') move(at + 1);
    else if (e.key === 'ArrowUp') move(at < 0 ? all.length - 1 : at - 1);
    else if (e.key === 'Home') move(0);
    else if (e.key === 'End') move(all.length - 1);
    else if (e.key === 'Tab') setMenuOpen(false);
  };

  useEffect(() => {
    if (!menuOpen) return undefined;
    const onDown = (e: MouseEvent) => {
      if (box.current && !box.current.contains(e.target as Node)) setMenuOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      // The focused item is about to unmount: hand focus back to the button that opened the menu.
      if (box.current?.contains(document.activeElement)) trigger.current?.focus();
      setMenuOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [menuOpen]);

  const itemClass =
    'flex w-full items-center gap-2 px-4 py-2 text-left text-sm text-gray-700 hover:bg-gray-100 dark:text-gray-200 dark:hover:bg-slate-700';

  return (
    <header
      className={cx(
        'sticky top-0 z-20 flex h-14 items-center justify-between gap-2 border-b px-2 sm:px-4',
        variant === 'white'
          ? 'border-gray-200 bg-white dark:border-slate-800 dark:bg-slate-900'
          : 'border-gray-200 bg-gray-50 dark:border-slate-800 dark:bg-slate-900',
      )}
    >
      <div className="flex items-center gap-1">
        <button
          type="button"
          className={cx(ICON_BTN, 'inline-flex lg:hidden')}
          onClick={onToggleMobileMenu}
          aria-label={mobileMenuOpen ? 'Close menu' : 'Open menu'}
          aria-expanded={mobileMenuOpen}
          aria-controls="aside-menu"
        >
          <Icon name={mobileMenuOpen ? 'close' : 'menu'} />
        </button>
        <button
          type="button"
          className={cx(ICON_BTN, 'hidden lg:inline-flex')}
          onClick={onToggleAside}
          aria-label={asideOpen ? 'Hide side menu' : 'Show side menu'}
          aria-expanded={asideOpen}
          aria-controls="aside-menu"
        >
          <Icon name="menu" />
        </button>
      </div>
      <div className="flex items-center gap-1">
        {extra}
        <div className="relative" ref={box}>
          <button
            ref={trigger}
            type="button"
            className="flex h-10 items-center gap-2 rounded-md px-2 text-sm text-gray-700 hover:bg-gray-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-400 dark:text-gray-200 dark:hover:bg-slate-800"
            aria-haspopup="menu"
            aria-expanded={menuOpen}
            aria-controls={menuOpen ? 'user-menu' : undefined}
            onClick={(e) => (menuOpen ? setMenuOpen(false) : open(e.detail === 0 ? 'first' : null))}
            onKeyDown={onTriggerKey}
          >
            <Icon name="user" />
            <span className="max-w-[9rem] truncate">{userName || 'Account'}</span>
            <Icon name="chevronDown" size={16} />
          </button>
          {menuOpen && (
            <div
              ref={menu}
              id="user-menu"
              role="menu"
              aria-label="Account"
              onKeyDown={onMenuKey}
              className="absolute right-0 mt-1 w-48 overflow-hidden rounded-md border border-gray-200 bg-white py-1 shadow-lg dark:border-slate-700 dark:bg-slate-800"
            >
              <Link role="menuitem" tabIndex={-1} to={profileTo} className={itemClass} onClick={() => setMenuOpen(false)}>
                <Icon name="user" size={16} /> My Profile
              </Link>
              <Link role="menuitem" tabIndex={-1} to={settingsTo} className={itemClass} onClick={() => setMenuOpen(false)}>
                <Icon name="settings" size={16} /> Settings
              </Link>
              <button
                role="menuitem"
                tabIndex={-1}
                type="button"
                className={itemClass}
                onClick={() => {
                  setMenuOpen(false);
                  onLogout();
                }}
              >
                <Icon name="logout" size={16} /> Log Out
              </button>
            </div>
          )}
        </div>
        <button
          type="button"
          className={cx(ICON_BTN, 'inline-flex')}
          onClick={onToggleDark}
          aria-label={isDark ? 'Switch to light mode' : 'Switch to dark mode'}
          aria-pressed={isDark}
        >
          <Icon name={isDark ? 'sun' : 'moon'} />
        </button>
        <button type="button" className={cx(ICON_BTN, 'inline-flex')} onClick={onLogout} aria-label="Log out" title="Log out">
          <Icon name="logout" />
        </button>
      </div>
    </header>
  );
}
