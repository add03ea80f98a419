import { useState } from 'react';
import type { Draft } from '@loan/shared-contract';
import { useDeleteDraftMutation, useGetDraftsQuery } from '@loan/communication-data-access';
import { Button, ConfirmDialog, ErrorState, Skeleton } from '@loan/shared-ui';
import { formatDate } from '@loan/shared-util-format';

export interface DraftsSectionProps {
  canEdit: boolean;
  canDelete: boolean;
  onEdit: (draft: Draft) => void;
}

function recipientsOf(d: Draft): string {
  if (d.all) return 'All clients';
  if (d.client_ids.length) return `${d.client_ids.length} chosen client${d.client_ids.length === 1 ? '' : 's'}`;
  return [d.branch_id ? 'A branch' : null, d.loan_state ? `loans ${d.loan_state.replace('_', ' ')}` : null].filter(Boolean).join(', ') || 'No recipients';
}

/** The saved drafts: continue one in the composer (`can edit message`) or delete it after confirming (`can delete message`). */
export function DraftsSection({ canEdit, canDelete, onEdit }: DraftsSectionProps) {
  const drafts = useGetDraftsQuery();
  const [remove, removing] = useDeleteDraftMutation();
  const [toDelete, setToDelete] = useState<Draft | null>(null);
  return (
    <section aria-labelledby="drafts-title" className="mb-6">
      <h2 id="drafts-title" className="mb-2 text-base font-semibold">
        Drafts
      </h2>
      {drafts.isLoading ? (
        <Skeleton lines={2} label="Loading drafts..." />
      ) : drafts.isError ? (
        <ErrorState title="Could not load" onRetry={() => void drafts.refetch()} retryLabel="Retry" />
      ) : !drafts.data?.items.length ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">No drafts. Save a message as a draft to send it later.</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded border border-slate-200 dark:divide-slate-700 dark:border-slate-700">
          {drafts.data.items.map((d) => (
            <li key={d.id} className="flex flex-wrap items-center gap-3 p-3 text-sm">
              <div className="min-w-0 flex-1 basis-60">
                <p className="font-medium">
                  {d.channel === 'sms' ? 'SMS' : 'E-mail'} · {recipientsOf(d)}
                </p>
                <p className="truncate text-slate-700 dark:text-slate-200">{d.subject ? `${d.subject}: ${d.body}` : d.body}</p>
                <p className="text-xs text-slate-600 dark:text-slate-400">
                  Saved {formatDate(d.updated_at)}
                  {d.created_by_name ? ` by ${d.created_by_name}` : ''}
                </p>
              </div>
              <div className="flex gap-2">
                {canEdit ? (
                  <Button size="sm" variant="secondary" onClick={() => onEdit(d)} aria-label={`Edit draft ${d.id}`}>
                    Edit
                  </Button>
                ) : null}
                {canDelete ? (
                  <Button size="sm" variant="danger" onClick={() => setToDelete(d)} aria-label={`Delete draft ${d.id}`}>
                    Delete
                  </Button>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete this draft?"
        message="The draft is removed for good. Nothing was sent from it."
        confirmLabel="Delete"
        tone="danger"
        busy={removing.isLoading}
        onCancel={() => setToDelete(null)}
        onConfirm={async () => {
          if (!toDelete) return;
          const res = await remove(toDelete.id);
          if (!('error' in res)) setToDelete(null);
        }}
      />
    </section>
  );
}
