import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@loan/shared-contract';

export type PageSize = (typeof PAGE_SIZES)[number];
export type SortDirection = 'asc' | 'desc';

export interface ListSort<S extends string> {
  column: S;
  direction: SortDirection;
}

/** What a screen's list keeps in the URL; names become query keys as they are. */
export interface ListParamsConfig<F extends string, S extends string> {
  /** Filter fields (`?nrc=...&fromDate=...`). */
  filters?: readonly F[];
  /** Sortable columns; the first is the default unless `defaultSort` says otherwise. */
  sorts?: readonly S[];
  /** `created_at` (ascending) or `-created_at` (descending). */
  defaultSort?: S | `-${S}`;
  /** Allowed values of `?status=`; any value when left out. */
  statuses?: readonly string[];
}

export interface ListParams<F extends string, S extends string> {
  /** 1-based. */
  page: number;
  pageSize: PageSize;
  search: string;
  sort: ListSort<S> | null;
  /** The sort as the api takes it: `created_at` or `-created_at`; '' when none. */
  sortParam: string;
  status: string;
  /** Only the filters that have a value. */
  filters: Partial<Record<F, string>>;
}

export interface UseListParams<F extends string, S extends string> {
  params: ListParams<F, S>;
  setPage: (page: number) => void;
  setPageSize: (size: number) => void;
  setSearch: (search: string) => void;
  setSort: (sort: S | `-${S}` | '') => void;
  setStatus: (status: string) => void;
  setFilters: (filters: Partial<Record<F, string>>) => void;
  clearFilters: () => void;
  /** How many filters have a value. */
  activeFilters: number;
}

function parseSort<S extends string>(value: string | null, sorts: readonly S[]): ListSort<S> | null {
  if (!value) return null;
  const desc = value.startsWith('-');
  const column = (desc ? value.slice(1) : value) as S;
  return sorts.includes(column) ? { column, direction: desc ? 'desc' : 'asc' } : null;
}

function positiveInt(value: string | null): number | null {
  return value && /^[1-9]\d{0,6}$/.test(value) ? Number(value) : null;
}

/**
 * The list state of a screen held in the URL: page, page size (15/25/50/100), search,
 * sort, status and filters. A reload keeps them and Back returns to the previous state.
 * Values the URL cannot hold (a page of 'x', a size of 30, an unknown sort) fall back to
 * the defaults. Changing anything but the page goes back to page 1.
 */
export function useListParams<const F extends string = never, const S extends string = never>(
  config: ListParamsConfig<F, S> = {},
): UseListParams<F, S> {
  const [query, setQuery] = useSearchParams();
  const filterNames = config.filters ?? ([] as readonly F[]);
  const sorts = config.sorts ?? ([] as readonly S[]);
  const defaultSort = config.defaultSort ?? sorts[0] ?? '';
  const key = query.toString();

  const params = useMemo((): ListParams<F, S> => {
    const size = positiveInt(query.get('pageSize'));
    const sort = parseSort(query.get('sort'), sorts) ?? parseSort(defaultSort, sorts);
    const status = query.get('status') ?? '';
    const filters: Partial<Record<F, string>> = {};
    for (const f of filterNames) {
      const v = query.get(f)?.trim();
      if (v) filters[f] = v;
    }
    return {
      page: positiveInt(query.get('page')) ?? 1,
      pageSize: (PAGE_SIZES as readonly number[]).includes(size ?? 0) ? (size as PageSize) : DEFAULT_PAGE_SIZE,
      search: query.get('search')?.trim() ?? '',
      sort,
      sortParam: sort ? `${sort.direction === 'desc' ? '-' : ''}${sort.column}` : '',
      status: !config.statuses || config.statuses.includes(status) ? status : '',
      filters,
    };
    // `key` stands for `query`; the config is fixed per screen.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  // The URL this screen shows. A change that leaves it as it is navigates nowhere: no second
  // history entry, and a late call (a search box's pause timer ending while a row the user
  // opened is still loading) cannot take the user back to the list.
  const shown = useRef(query);
  useLayoutEffect(() => {
    shown.current = query;
  }, [query]);
  const update = useCallback(
    (changes: Record<string, string | number | null>, resetPage = true, replace = false) => {
      const next = new URLSearchParams(shown.current);
      for (const [k, v] of Object.entries(changes)) {
        if (v === null || v === '') next.delete(k);
        else next.set(k, String(v));
      }
      if (resetPage) next.delete('page');
      if (next.toString() === shown.current.toString()) return;
      setQuery(next, { replace });
    },
    [setQuery],
  );

  return {
    params,
    setPage: (page) => update({ page: page > 1 ? page : null }, false),
    setPageSize: (size) => update({ pageSize: size === DEFAULT_PAGE_SIZE ? null : size }),
    setSearch: (search) => update({ search: search.trim() || null }),
    setSort: (sort) => update({ sort: sort === defaultSort ? null : sort }),
    setStatus: (status) => update({ status: status || null }),
    setFilters: (filters) =>
      update(Object.fromEntries(filterNames.map((f) => [f, (filters[f] ?? '').trim() || null]))),
    clearFilters: () => update(Object.fromEntries(filterNames.map((f) => [f, null]))),
    activeFilters: Object.keys(params.filters).length,
  };
}
