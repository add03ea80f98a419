import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Button } from './button';
import { SelectField, TextField, type SelectOption } from './fields';
import { Icon } from './icon';
import type { UseListParams } from './use-list-params';

export interface FilterField<F extends string> {
  name: F;
  label: string;
  type?: 'text' | 'date' | 'number' | 'tel' | 'select';
  options?: readonly SelectOption[];
  placeholder?: string;
  /** Shown under the field ('123456/78/9'). */
  hint?: string;
}

export interface SortOption {
  /** `created_at` or `-created_at`. */
  value: string;
  label: string;
}

export interface FilterBarProps<F extends string, S extends string> {
  list: UseListParams<F, S>;
  searchLabel?: string;
  fields?: readonly FilterField<F>[];
  sortOptions?: readonly SortOption[];
  /** Without a search box (reports filter by their fields only). */
  searchable?: boolean;
}

/**
 * Search box, sort and a panel of filter fields over a list. The search applies when the
 * user stops typing (or presses Enter); filters apply together with "Apply filters".
 */
export function FilterBar<F extends string, S extends string>({
  list,
  searchLabel = 'Search',
  fields = [],
  sortOptions = [],
  searchable = true,
}: FilterBarProps<F, S>) {
  const { params } = list;
  const [search, setSearch] = useState(params.search);
  const [open, setOpen] = useState(list.activeFilters > 0);
  const [draft, setDraft] = useState<Partial<Record<F, string>>>(params.filters);
  const panelId = useId();

  // Back/forward or a link changed the URL: show what it holds (adjusted while rendering).
  const filtersKey = JSON.stringify(params.filters);
  const [shown, setShown] = useState({ search: params.search, filtersKey });
  if (shown.search !== params.search || shown.filtersKey !== filtersKey) {
    setShown({ search: params.search, filtersKey });
    if (shown.search !== params.search) setSearch(params.search);
    if (shown.filtersKey !== filtersKey) setDraft(params.filters);
  }

  const pause = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => {
    if (search.trim() === params.search) return undefined;
    pause.current = setTimeout(() => list.setSearch(search), 400);
    return () => clearTimeout(pause.current);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search]);

  // The router navigates in a transition; started inside a submit event, React would treat
  // it as a form action. After the event it is a plain navigation. Enter applies the search
  // now, so the pause timer has nothing left to do.
  const submitSearch = (e: FormEvent) => {
    e.preventDefault();
    clearTimeout(pause.current);
    queueMicrotask(() => list.setSearch(search));
  };
  const applyFilters = (e: FormEvent) => {
    e.preventDefault();
    queueMicrotask(() => list.setFilters(draft));
  };

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-end gap-2">
        {searchable && (
          <form role="search" onSubmit={submitSearch} className="min-w-0 flex-1 basis-56">
            <TextField label={searchLabel} type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder="Type and press Enter" />
          </form>
        )}
        {sortOptions.length > 0 && (
          <SelectField
            label="Sort by"
            wrapperClassName="basis-44"
            options={sortOptions}
            value={params.sortParam}
            onChange={(e) => list.setSort(e.target.value as S)}
          />
        )}
        {fields.length > 0 && (
          <Button
            variant="secondary"
            aria-expanded={open}
            aria-controls={panelId}
            onClick={() => setOpen((o) => !o)}
            icon={<Icon name="settings" size={16} />}
          >
            Filters{list.activeFilters ? ` (${list.activeFilters})` : ''}
          </Button>
        )}
      </div>
      {fields.length > 0 && open && (
        <form
          id={panelId}
          aria-label="Filters"
          onSubmit={applyFilters}
          className="grid grid-cols-1 gap-3 rounded-lg border border-gray-200 bg-gray-50 p-3 sm:grid-cols-2 lg:grid-cols-4 dark:border-slate-700 dark:bg-slate-900/40"
        >
          {fields.map((f) =>
            f.type === 'select' ? (
              <SelectField
                key={f.name}
                label={f.label}
                options={f.options ?? []}
                placeholder="Any"
                value={draft[f.name] ?? ''}
                onChange={(e) => setDraft({ ...draft, [f.name]: e.target.value })}
              />
            ) : (
              <TextField
                key={f.name}
                label={f.label}
                type={f.type ?? 'text'}
                hint={f.hint}
                placeholder={f.placeholder}
                value={draft[f.name] ?? ''}
                onChange={(e) => setDraft({ ...draft, [f.name]: e.target.value })}
              />
            ),
          )}
          <div className="flex items-end gap-2 sm:col-span-2 lg:col-span-4">
            <Button type="submit">Apply filters</Button>
            <Button
              variant="secondary"
              onClick={() => {
                setDraft({});
                list.clearFilters();
              }}
            >
              Clear filters
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
