import type { AuditEntryDto } from '@loan/shared-contract';

const show = (v: unknown) => (v === null || v === undefined ? '—' : v === '' ? '(empty)' : typeof v === 'object' ? JSON.stringify(v) : String(v));

/** An audit record's change as "field: before → after" lines (or its details when it has no edit). */
export function AuditChanges({ entry }: { entry: Pick<AuditEntryDto, 'before' | 'after' | 'details'> }) {
  const before = (entry.before ?? {}) as Record<string, unknown>;
  const after = (entry.after ?? {}) as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  if (!keys.length) {
    const details = (entry.details ?? {}) as Record<string, unknown>;
    const parts = Object.entries(details);
    return parts.length ? <span className="break-all text-gray-700 dark:text-gray-300">{parts.map(([k, v]) => `${k}: ${show(v)}`).join('; ')}</span> : <span>—</span>;
  }
  return (
    <ul className="space-y-0.5">
      {keys.map((k) => (
        <li key={k} className="break-all">
          <span className="font-medium">{k}</span>: {k in before ? <del className="text-red-700 dark:text-red-300">{show(before[k])}</del> : null}
          {k in before ? ' → ' : ''}
          <ins className="text-green-800 no-underline dark:text-green-300">{show(after[k])}</ins>
        </li>
      ))}
    </ul>
  );
}
