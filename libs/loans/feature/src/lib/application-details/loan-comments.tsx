import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { loanCommentBodySchema, type LoanApplication, type LoanCommentBody } from '@loan/shared-contract';
import { useAddLoanCommentMutation, useSetLoanCommentStatusMutation } from '@loan/loans-data-access';
import { applyServerErrors } from '@loan/shared-data-access-api';
import { usePermission } from '@loan/shared-permissions';
import { Button, Card, EmptyState, SubmitButton, TextAreaField, cx } from '@loan/shared-ui';
import { formatDateTime } from '@loan/shared-util-format';
import type { LoanKindUi } from './loan-kind';

/**
 * The loan's comments (NOTES.md: read with `can view application`, added and resolved with
 * `can edit application`): author, time, open or resolved.
 */
export function LoanComments({ row, ui }: { row: LoanApplication; ui: LoanKindUi }) {
  const canEdit = usePermission(ui.perms.edit);
  const [add] = useAddLoanCommentMutation();
  const [setStatus, statusCall] = useSetLoanCommentStatusMutation();
  const form = useForm<LoanCommentBody>({ resolver: zodResolver(loanCommentBodySchema), defaultValues: { id: row.id, comment: '' } });
  const comments = row.comments ?? [];

  const onSubmit = form.handleSubmit(async (body) => {
    const res = await add({ kind: ui.kind, body });
    if ('error' in res) {
      applyServerErrors(form, res.error, { fields: ['comment'] });
      return;
    }
    form.reset({ id: row.id, comment: '' });
  });

  return (
    <Card title={`Comments (${comments.length})`}>
      {comments.length === 0 ? (
        <EmptyState title="No comments yet" className="py-4" />
      ) : (
        <ul className="divide-y divide-gray-100 dark:divide-slate-700" aria-label="Comments">
          {comments.map((c) => {
            const resolved = c.status === 'resolved';
            return (
              <li key={c.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start sm:justify-between">
                <div className="min-w-0 space-y-1">
                  <p className={cx('whitespace-pre-wrap break-words text-sm', resolved && 'text-gray-500 dark:text-gray-400')}>{c.comment}</p>
                  <p className="text-xs text-gray-500 dark:text-gray-400">
                    {c.author ?? 'Unknown'} · <time dateTime={c.created_at}>{formatDateTime(c.created_at)}</time> ·{' '}
                    <span
                      className={cx(
                        'rounded px-1.5 py-0.5 font-medium',
                        resolved
                          ? 'bg-green-100 text-green-800 dark:bg-green-900/50 dark:text-green-200'
                          : 'bg-amber-100 text-amber-800 dark:bg-amber-900/50 dark:text-amber-200',
                      )}
                    >
                      {resolved ? 'Resolved' : 'Open'}
                    </span>
                  </p>
                </div>
                {canEdit && (
                  <Button
                    size="sm"
                    variant="secondary"
                    disabled={statusCall.isLoading}
                    aria-label={`${resolved ? 'Reopen' : 'Resolve'} comment: ${c.comment.slice(0, 40)}`}
                    onClick={() => void setStatus({ kind: ui.kind, loanId: row.id, body: { id: c.id, status: resolved ? 'open' : 'resolved' } })}
                  >
                    {resolved ? 'Reopen' : 'Resolve'}
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {canEdit && (
        <form onSubmit={onSubmit} noValidate className="mt-4 space-y-2" aria-label="Add a comment">
          <TextAreaField label="New comment" error={form.formState.errors.comment?.message} {...form.register('comment')} />
          <div className="flex justify-end">
            <SubmitButton control={form.control}>Add comment</SubmitButton>
          </div>
        </form>
      )}
    </Card>
  );
}
