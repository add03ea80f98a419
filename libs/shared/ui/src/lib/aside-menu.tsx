import { useEffect, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { Icon, type IconName } from './icon';
import { cx } from './cx';

export interface MenuItem {
  /** Unique among siblings; defaults to the label. */
  key?: string;
  label: string;
  to?: string;
  icon?: IconName;
  children?: MenuItem[];
  /** For actions such as Logout. */
  onClick?: () => void;
}

export type MenuVariant = 'basic' | 'white';

export interface AsideMenuProps {
  items: MenuItem[];
  /** Pinned to the bottom (Logout). */
  bottomItems?: MenuItem[];
  brand?: string;
  /** Shown below the large breakpoint (the mobile menu toggle). */
  mobileOpen: boolean;
  /** Shown on large screens (the aside toggle). */
  desktopOpen: boolean;
  onNavigate?: () => void;
  onClose?: () => void;
  variant?: MenuVariant;
}

const THEME: Record<MenuVariant, { aside: string; brand: string; item: string; active: string; sub: string }> = {
  basic: {
    aside: 'bg-gray-800 text-gray-300 dark:bg-slate-900',
    brand: 'bg-gray-900 text-white dark:bg-slate-950',
    item: 'hover:bg-gray-700 hover:text-white dark:hover:bg-slate-800',
    active: 'bg-gray-700 text-white font-semibold dark:bg-slate-800',
    sub: 'bg-gray-900/40',
  },
  white: {
    aside: 'bg-white text-gray-700 border-r border-gray-200 dark:bg-slate-900 dark:text-gray-300 dark:border-slate-700',
    brand: 'bg-white text-gray-900 border-b border-gray-100 dark:bg-slate-900 dark:text-white dark:border-slate-800',
    item: 'hover:bg-gray-100 hover:text-gray-900 dark:hover:bg-slate-800 dark:hover:text-white',
    active: 'bg-blue-50 text-blue-700 font-semibold dark:bg-slate-800 dark:text-white',
    sub: 'bg-gray-50 dark:bg-slate-950/40',
  },
};

function containsPath(item: MenuItem, path: string): boolean {
  // A link may carry a query ('/transactions/repayments?add=1'): its page is the path part.
  const to = item.to?.split('?')[0];
  if (to && (path === to || path.startsWith(`${to}/`))) return true;
  return (item.children ?? []).some((c) => containsPath(c, path));
}

interface ItemProps {
  item: MenuItem;
  depth: number;
  theme: (typeof THEME)[MenuVariant];
  onNavigate?: () => void;
}

function MenuEntry({ item, depth, theme, onNavigate }: ItemProps) {
  const { pathname } = useLocation();
  const [open, setOpen] = useState(() => containsPath(item, pathname));
  const pad = { paddingLeft: `${0.75 + depth * 1}rem` };
  const base = 'flex w-full items-center gap-3 py-2 pr-3 text-sm text-left transition-colors focus:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-blue-400';

  if (item.children?.length) {
    return (
      <li>
        <button type="button" className={cx(base, theme.item)} style={pad} aria-expanded={open} onClick={() => setOpen((o) => !o)}>
          {item.icon ? <Icon name={item.icon} size={18} /> : <Icon name="dot" size={18} />}
          <span className="flex-1">{item.label}</span>
          <Icon name={open ? 'chevronDown' : 'chevronRight'} size={16} />
        </button>
        {open && (
          <ul className={theme.sub}>
            {item.children.map((c) => (
              <MenuEntry key={c.key ?? c.label} item={c} depth={depth + 1} theme={theme} onNavigate={onNavigate} />
            ))}
          </ul>
        )}
      </li>
    );
  }
  if (item.to) {
    return (
      <li>
        <NavLink
          to={item.to}
          end
          onClick={onNavigate}
          style={pad}
          className={({ isActive }) => cx(base, isActive ? theme.active : theme.item)}
        >
          {item.icon ? <Icon name={item.icon} size={18} /> : <Icon name="dot" size={18} />}
          <span>{item.label}</span>
        </NavLink>
      </li>
    );
  }
  return (
    <li>
      <button
        type="button"
        className={cx(base, theme.item)}
        style={pad}
        onClick={() => {
          item.onClick?.();
          onNavigate?.();
        }}
      >
        {item.icon && <Icon name={item.icon} size={18} />}
        <span>{item.label}</span>
      </button>
    </li>
  );
}

/**
 * The side menu: 15rem wide (spec §9), fixed left. Below the large breakpoint it slides in
 * with the mobile menu toggle; on large screens the aside toggle shows or hides it.
 * The caller decides which items the user may see.
 */
export function AsideMenu({
  items,
  bottomItems = [],
  brand = 'Portal',
  mobileOpen,
  desktopOpen,
  onNavigate,
  onClose,
  variant = 'basic',
}: AsideMenuProps) {
  const theme = THEME[variant];
  const asideRef = useRef<HTMLElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  // Callers pass a fresh closure on each render; the effect below must not rerun for it.
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  // The open mobile menu behaves as a dialog: focus moves into it, Tab stays inside,
  // Esc closes it, and closing returns focus to whatever opened it (the menu toggle).
  useEffect(() => {
    if (!mobileOpen) return undefined;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    closeRef.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        onCloseRef.current?.();
        return;
      }
      if (e.key !== 'Tab' || !asideRef.current) return;
      // Collapsed groups render no children, so every link and button found is reachable.
      const focusable = Array.from(asideRef.current.querySelectorAll<HTMLElement>('a[href], button:not([disabled])'));
      if (focusable.length === 0) return;
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      const inside = asideRef.current.contains(document.activeElement);
      if (e.shiftKey && (document.activeElement === first || !inside)) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && (document.activeElement === last || !inside)) {
        e.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      const active = document.activeElement;
      if (opener?.isConnected && (!active || active === document.body || asideRef.current?.contains(active))) opener.focus();
    };
  }, [mobileOpen]);

  return (
    <>
      {mobileOpen && (
        <div className="fixed inset-0 z-30 bg-gray-900/50 lg:hidden" aria-hidden="true" onClick={onClose} data-testid="aside-backdrop" />
      )}
      <aside
        ref={asideRef}
        id="aside-menu"
        aria-label="Main menu"
        data-variant={variant}
        className={cx(
          'fixed top-0 z-40 flex h-dvh w-60 flex-col overflow-hidden transition-[left] duration-200',
          theme.aside,
          // Off-screen also means out of the tab order and hidden from screen readers.
          mobileOpen ? 'visible left-0' : 'invisible -left-60',
          desktopOpen ? 'lg:visible lg:left-0' : 'lg:invisible lg:-left-60',
        )}
      >
        <div className={cx('flex h-14 shrink-0 items-center justify-between px-4', theme.brand)}>
          <span className="text-lg font-bold tracking-wide">{brand}</span>
          <button ref={closeRef} type="button" className="rounded p-1 lg:hidden" onClick={onClose} aria-label="Close menu">
            <Icon name="close" size={18} />
          </button>
        </div>
        <nav className="flex-1 overflow-y-auto py-2" aria-label="Sections">
          <ul>
            {items.map((i) => (
              <MenuEntry key={i.key ?? i.label} item={i} depth={0} theme={theme} onNavigate={onNavigate} />
            ))}
          </ul>
        </nav>
        {bottomItems.length > 0 && (
          <ul className="shrink-0 border-t border-black/10 py-2 dark:border-white/10">
            {bottomItems.map((i) => (
              <MenuEntry key={i.key ?? i.label} item={i} depth={0} theme={theme} onNavigate={onNavigate} />
            ))}
          </ul>
        )}
      </aside>
    </>
  );
}
