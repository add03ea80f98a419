import {
  lazy,
  Suspense,
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
} from 'react';
import { useNavigate } from 'react-router-dom';
import { FIND_ANYTHING_PERMISSIONS } from '@loan/shared-contract';
import { usePermissions } from '@loan/shared-permissions';

// The results panel (and the search endpoint's hook) load on first use: the portal's first
// load only carries this box.
const FindAnythingPanel = lazy(() => import('./find-anything-panel'));

/** How long typing must pause before the api is asked. */
export const FIND_DEBOUNCE_MS = 250;
const MIN_CHARS = 2;

/** Whether a key press happened while typing somewhere (then `/` is a character, not the shortcut). */
function typing(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return (
    !!el &&
    (el.tagName === 'INPUT' ||
      el.tagName === 'TEXTAREA' ||
      el.tagName === 'SELECT' ||
      el.isContentEditable)
  );
}

/**
 * Find anything (issue 32), for the top bar: clients, applications, top-ups, letters,
 * disbursements and repayments by name, NRC, mobile or reference as you type (debounced),
 * grouped, only what the user may open. `/` or Ctrl+K (Cmd+K) focuses it; arrow keys move
 * through the results, Enter opens one (the first when none is chosen), Escape closes.
 * Shown only to users who may open one of the groups.
 */
export function FindAnything() {
  const can = usePermissions();
  const allowed = FIND_ANYTHING_PERMISSIONS.some((p) => can(p));
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [hrefs, setHrefs] = useState<readonly string[]>([]);
  const listId = useId();

  useEffect(() => {
    if (!allowed) return;
    const onKey = (e: globalThis.KeyboardEvent) => {
      const ctrlK = (e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'k';
      if (
        ctrlK ||
        (e.key === '/' &&
          !typing(e.target) &&
          !e.ctrlKey &&
          !e.metaKey &&
          !e.altKey)
      ) {
        e.preventDefault();
        input.current?.focus();
        input.current?.select();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [allowed]);

  useEffect(() => {
    const t = setTimeout(() => {
      setQ(text.trim());
      setActive(-1);
    }, FIND_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [text]);

  if (!allowed) return null;

  const go = (href: string) => {
    setOpen(false);
    setText('');
    setQ('');
    input.current?.blur();
    navigate(href);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setOpen(true);
      if (!hrefs.length) return;
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((i) =>
        i < 0 && step < 0
          ? hrefs.length - 1
          : (i + step + hrefs.length) % hrefs.length,
      );
    } else if (e.key === 'Enter') {
      const href = hrefs[active >= 0 ? active : 0];
      if (href) {
        e.preventDefault();
        go(href);
      }
    } else if (e.key === 'Escape') {
      setOpen(false);
      input.current?.blur();
    }
  };

  const showPanel = open && q.length >= MIN_CHARS;
  return (
    <div className="relative hidden sm:block" role="search">
      <input
        ref={input}
        type="search"
        role="combobox"
        aria-label="Find anything"
        aria-expanded={showPanel}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={
          showPanel && active >= 0 ? `${listId}-${active}` : undefined
        }
        placeholder="Find… ( / )"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onKeyDown={onKeyDown}
        className="h-9 w-28 rounded-md border border-gray-300 bg-white px-2 text-sm text-gray-900 placeholder:text-gray-500 focus:w-40 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-400 sm:w-56 sm:focus:w-72 dark:border-slate-600 dark:bg-slate-900 dark:text-gray-100 dark:placeholder:text-gray-400"
      />
      {showPanel && (
        <Suspense
          fallback={
            <div className="absolute right-0 z-40 mt-1 w-72 rounded-md border bg-white p-3 text-sm shadow-lg dark:border-slate-700 dark:bg-slate-900">
              Searching…
            </div>
          }
        >
          <FindAnythingPanel
            q={q}
            listId={listId}
            active={active}
            onItems={setHrefs}
            onPick={go}
          />
        </Suspense>
      )}
    </div>
  );
}
