import { useEffect, useRef, useState } from 'react';
import { useToasts } from '@loan/shared-data-access-api';
import { P, sumMoney, type AutoRule, type AutoRuleDryRun, type AutoRuleRun } from '@loan/shared-contract';
import { usePermissions } from '@loan/shared-permissions';
import { SCREENS } from '@loan/shared-screens';
import { useDeleteAutoRuleMutation, useDryRunAutoRuleMutation, useGetAutoRulesQuery, useSetAutoRuleActiveMutation } from '@loan/transactions-data-access';
import { Button, Card, ConfirmDialog, EmptyState, ErrorState, Modal, Money, PageSection, SectionTitleBar, Skeleton } from '@loan/shared-ui';
import { formatDateTime } from '@loan/shared-util-format';
import { AutoRuleForm, KIND_LABELS } from './auto-rule-form';

const SCREEN = SCREENS.autoDisbursement;

/** Paused by the job after provider failures (its latest run says so) and not resumed since. */
const pausedByFailures = (r: AutoRule) => !r.active && r.last_runs[0]?.paused === true;

function RunSummary({ run }: { run: AutoRuleRun }) {
  const paidTotal = sumMoney(...run.paid.map((p) => p.amount));
  return (
    <li className="rounded-md border border-slate-200 p-3 text-sm dark:border-slate-700">
      <p className="font-medium">
        {formatDateTime(run.created_at)}: paid {run.paid.length} (<Money value={paidTotal} />)
        {run.skipped.length ? `, skipped ${run.skipped.length}` : ''}
        {run.refused.length ? `, refused ${run.refused.length}` : ''}
        {run.paused ? ', then paused the rule' : ''}
      </p>
      {(run.paid.length > 0 || run.skipped.length > 0 || run.refused.length > 0) && (
        <ul className="mt-1 space-y-0.5 text-slate-700 dark:text-slate-300">
          {run.paid.map((p) => (
            <li key={`p${p.disbursement_id}`}>
              Paid loan #{p.application_id}: <Money value={p.amount} /> (disbursement #{p.disbursement_id})
            </li>
          ))}
          {run.refused.map((s) => (
            <li key={`r${s.application_id}`}>
              Refused loan #{s.application_id}: {s.reason}
            </li>
          ))}
          {run.skipped.map((s) => (
            <li key={`s${s.application_id}`}>
              Skipped loan #{s.application_id}: {s.reason}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

interface RuleCardProps {
  rule: AutoRule;
  onEdit: () => void;
  onDelete: () => void;
  onDryRun: () => void;
  dryRunBusy: boolean;
}

function RuleCard({ rule, onEdit, onDelete, onDryRun, dryRunBusy }: RuleCardProps) {
  const can = usePermissions();
  const [setActive, toggle] = useSetAutoRuleActiveMutation();
  const badge = rule.active ? 'bg-green-100 text-green-800 dark:bg-green-900/40 dark:text-green-200' : 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-200';
  return (
    <Card
      title={
        <span className="flex flex-wrap items-center gap-2">
          <span>{rule.name}</span>
          <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${badge}`}>{rule.active ? 'Active' : 'Paused'}</span>
        </span>
      }
    >
      <section aria-label={`Rule ${rule.name}`} className="space-y-3">
        {pausedByFailures(rule) && (
          <p role="status" className="rounded-md bg-amber-50 p-2 text-sm text-amber-900 dark:bg-amber-900/30 dark:text-amber-100">
            Paused after 3 provider failures in a row. Check the failed disbursements, then resume.
          </p>
        )}
        <dl className="grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
          <div>
            <dt className="inline text-slate-500 dark:text-slate-400">Loans: </dt>
            <dd className="inline">{KIND_LABELS[rule.kind]}</dd>
          </div>
          <div>
            <dt className="inline text-slate-500 dark:text-slate-400">Branch: </dt>
            <dd className="inline">{rule.branch_name ?? 'All branches'}</dd>
          </div>
          <div>
            <dt className="inline text-slate-500 dark:text-slate-400">Amounts: </dt>
            <dd className="inline">
              <Money value={rule.min_amount} /> to <Money value={rule.max_amount} />
            </dd>
          </div>
          <div>
            <dt className="inline text-slate-500 dark:text-slate-400">Daily limit: </dt>
            <dd className="inline">{rule.daily_limit ? <Money value={rule.daily_limit} /> : 'None (global float only)'}</dd>
          </div>
          <div>
            <dt className="inline text-slate-500 dark:text-slate-400">Paid today: </dt>
            <dd className="inline">
              <Money value={rule.paid_today} />
            </dd>
          </div>
        </dl>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="secondary" loading={dryRunBusy} onClick={onDryRun}>
            Dry run
          </Button>
          {can(P.editAutoDisburse) && (
            <>
              <Button size="sm" variant="secondary" loading={toggle.isLoading} onClick={() => void setActive({ id: rule.id, active: !rule.active })}>
                {rule.active ? 'Pause' : 'Resume'}
              </Button>
              <Button size="sm" variant="secondary" onClick={onEdit}>
                Edit
              </Button>
            </>
          )}
          {can(P.deleteAutoDisburse) && (
            <Button size="sm" variant="danger" onClick={onDelete}>
              Delete
            </Button>
          )}
        </div>
        <div>
          <h3 className="text-sm font-semibold">Last runs</h3>
          {rule.last_runs.length ? (
            <ul className="mt-1 space-y-2">
              {rule.last_runs.map((run) => (
                <RunSummary key={run.id} run={run} />
              ))}
            </ul>
          ) : (
            <p className="text-sm text-slate-600 dark:text-slate-400">No runs yet: it pays as soon as a signed loan matches.</p>
          )}
        </div>
      </section>
    </Card>
  );
}

function DryRunDialog({ rule, plan, onClose }: { rule: AutoRule; plan: AutoRuleDryRun; onClose: () => void }) {
  return (
    <Modal open title={`Dry run: ${rule.name}`} onClose={onClose} size="lg" footer={<Button onClick={onClose}>Close</Button>}>
      <div className="space-y-4 text-sm">
        <p>
          Now it would pay {plan.pay.length} loan{plan.pay.length === 1 ? '' : 's'} totalling <Money value={plan.total} />. Nothing has been paid.
          {!rule.active && ' The rule is paused: it pays nothing until resumed.'}
        </p>
        {plan.pay.length > 0 && (
          <div className="overflow-x-auto">
            <table className="w-full text-left">
              <caption className="sr-only">Would pay</caption>
              <thead>
                <tr className="border-b border-slate-200 dark:border-slate-700">
                  <th className="py-1 pr-3">Loan</th>
                  <th className="py-1 pr-3">Client</th>
                  <th className="py-1 pr-3">Recipient</th>
                  <th className="py-1 text-right">Amount</th>
                </tr>
              </thead>
              <tbody>
                {plan.pay.map((p) => (
                  <tr key={p.application_id} className="border-b border-slate-100 dark:border-slate-800">
                    <td className="py-1 pr-3">{p.reference_code}</td>
                    <td className="py-1 pr-3">{p.client_name}</td>
                    <td className="py-1 pr-3">{p.recipient}</td>
                    <td className="py-1 text-right">
                      <Money value={p.amount} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {plan.skipped.length > 0 && (
          <div>
            <h3 className="font-semibold">Would skip</h3>
            <ul className="list-disc pl-5">
              {plan.skipped.map((s) => (
                <li key={s.application_id}>
                  Loan #{s.application_id}: {s.reason}
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </Modal>
  );
}

/** Automatic disbursement: the rules with their last runs; add, edit, delete, pause/resume and a dry run, each by its permission. */
export function AutoDisbursementPage() {
  const can = usePermissions();
  const query = useGetAutoRulesQuery(undefined, { pollingInterval: 30_000 });
  const [remove, removing] = useDeleteAutoRuleMutation();
  const [dryRun] = useDryRunAutoRuleMutation();
  const [editing, setEditing] = useState<AutoRule | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AutoRule | null>(null);
  const [dryRunning, setDryRunning] = useState<number | null>(null);
  const [plan, setPlan] = useState<{ rule: AutoRule; plan: AutoRuleDryRun } | null>(null);
  const { enqueueSnackbar } = useToasts();
  const told = useRef(new Set<number>());
  const rules = query.data?.items;

  // Telling staff: a rule the job paused after provider failures is announced once per visit.
  useEffect(() => {
    for (const r of rules ?? []) {
      if (pausedByFailures(r) && !told.current.has(r.id)) {
        told.current.add(r.id);
        enqueueSnackbar(`Rule "${r.name}" was paused after 3 provider failures in a row.`, { variant: 'error' });
      }
    }
  }, [rules, enqueueSnackbar]);

  const runDry = async (rule: AutoRule) => {
    setDryRunning(rule.id);
    const res = await dryRun(rule.id);
    setDryRunning(null);
    if ('data' in res && res.data) setPlan({ rule, plan: res.data });
  };

  return (
    <PageSection>
      <SectionTitleBar
        title={SCREEN.title}
        subtitle="Rules pay signed loans by themselves, within their daily limit and the global float."
        actions={can(P.addAutoDisburse) ? <Button onClick={() => setEditing('new')}>Add rule</Button> : undefined}
      />
      {query.isLoading ? (
        <Skeleton lines={4} label="Loading..." />
      ) : query.isError || !rules ? (
        <ErrorState title="Could not load" onRetry={() => void query.refetch()} retryLabel="Retry" />
      ) : rules.length === 0 ? (
        <EmptyState title="No rules yet" message={can(P.addAutoDisburse) ? 'Add a rule to pay signed loans automatically.' : 'Nothing is paid automatically.'} />
      ) : (
        <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
          {rules.map((rule) => (
            <RuleCard
              key={rule.id}
              rule={rule}
              onEdit={() => setEditing(rule)}
              onDelete={() => setDeleting(rule)}
              onDryRun={() => void runDry(rule)}
              dryRunBusy={dryRunning === rule.id}
            />
          ))}
        </div>
      )}
      {editing && <AutoRuleForm editing={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />}
      {plan && <DryRunDialog rule={plan.rule} plan={plan.plan} onClose={() => setPlan(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete rule"
        message={deleting ? `Delete the rule "${deleting.name}"? It stops paying; what it paid stays.` : undefined}
        confirmLabel="Delete"
        busy={removing.isLoading}
        onCancel={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          const res = await remove({ id: deleting.id, name: deleting.name });
          if (!('error' in res)) setDeleting(null);
        }}
      />
    </PageSection>
  );
}

export default AutoDisbursementPage;
