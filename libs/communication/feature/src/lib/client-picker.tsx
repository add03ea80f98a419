import { useEffect, useId, useState } from 'react';
import { useSearchClientsQuery } from '@loan/communication-data-access';
import { Button, Icon, TextField } from '@loan/shared-ui';

export interface PickedClient {
  id: number;
  label: string;
}

export interface ClientPickerProps {
  value: readonly PickedClient[];
  onChange: (next: PickedClient[]) => void;
  error?: string;
}

/**
 * Choose borrowers by name, NRC or mobile: the server searches `GET /api/client/all` (paged,
 * identifiers masked) as the user types; each result adds the client, each chip removes it.
 */
export function ClientPicker({ value, onChange, error }: ClientPickerProps) {
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const listId = useId();
  useEffect(() => {
    const t = setTimeout(() => setSearch(text.trim()), 300);
    return () => clearTimeout(t);
  }, [text]);
  const results = useSearchClientsQuery({ search }, { skip: search.length < 2 });
  const chosen = new Set(value.map((c) => c.id));
  const items = (results.data?.items ?? []).filter((c) => !chosen.has(c.id));
  return (
    <div className="grid gap-2">
      <TextField
        label="Find clients"
        type="search"
        hint="Name, NRC or mobile; at least 2 characters"
        value={text}
        onChange={(e) => setText(e.target.value)}
        error={error}
        aria-controls={listId}
        autoComplete="off"
      />
      {value.length > 0 ? (
        <ul aria-label="Chosen clients" className="flex flex-wrap gap-2">
          {value.map((c) => (
            <li key={c.id} className="flex items-center gap-1 rounded-full bg-blue-50 py-0.5 pl-3 pr-1 text-sm text-blue-900 dark:bg-blue-950 dark:text-blue-100">
              {c.label}
              <button
                type="button"
                className="rounded-full p-1 hover:bg-blue-100 focus-visible:outline focus-visible:outline-2 dark:hover:bg-blue-900"
                aria-label={`Remove ${c.label}`}
                onClick={() => onChange(value.filter((v) => v.id !== c.id))}
              >
                <Icon name="close" size={14} />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div id={listId} aria-live="polite">
        {search.length < 2 ? null : results.isFetching && !results.data ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">Searching...</p>
        ) : results.isError ? (
          <p className="text-sm text-red-700 dark:text-red-300">
            Could not load clients.{' '}
            <Button size="sm" variant="secondary" onClick={() => void results.refetch()}>
              Retry
            </Button>
          </p>
        ) : items.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">No clients match.</p>
        ) : (
          <ul aria-label="Matching clients" className="max-h-48 divide-y divide-slate-200 overflow-y-auto rounded border border-slate-200 dark:divide-slate-700 dark:border-slate-700">
            {items.map((c) => (
              <li key={c.id}>
                <button
                  type="button"
                  className="flex w-full flex-wrap justify-between gap-x-3 px-3 py-2 text-left text-sm hover:bg-slate-50 focus-visible:bg-slate-100 focus-visible:outline-none dark:hover:bg-slate-800 dark:focus-visible:bg-slate-800"
                  onClick={() => onChange([...value, { id: c.id, label: c.name }])}
                >
                  <span className="font-medium">Add {c.name}</span>
                  <span className="text-slate-600 dark:text-slate-300">
                    {c.mobile ?? 'no mobile'}
                    {c.branch ? ` · ${c.branch}` : ''}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
