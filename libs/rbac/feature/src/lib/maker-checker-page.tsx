import { useEffect, useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { isHeldAnswer, makerCheckerBodySchema, type MakerCheckerSettings } from '@loan/shared-contract';
import { applyServerErrors, useGetMakerCheckerQuery, useSaveMakerCheckerMutation } from '@loan/shared-data-access-api';
import { SCREENS } from '@loan/shared-screens';
import { Card, ErrorState, PageSection, SectionTitleBar, Skeleton, SubmitButton, TextField } from '@loan/shared-ui';
import { formatDateTime } from '@loan/shared-util-format';
import { Link } from 'react-router-dom';

const SCREEN = SCREENS.makerChecker;

interface FormValues {
  rules: { command: string; required: boolean; above: string }[];
}

/** /settings/maker-checker: which actions need a second person, and above what amount a disbursement does. */
export function MakerCheckerPage() {
  const query = useGetMakerCheckerQuery();
  return (
    <PageSection>
      <SectionTitleBar title={SCREEN.title} subtitle="An action ticked here waits for someone else with 'can check pending actions' before it happens." />
      {query.isLoading ? (
        <Skeleton lines={6} label="Loading..." />
      ) : query.isError || !query.data ? (
        <ErrorState title="Could not load" onRetry={() => void query.refetch()} retryLabel="Retry" />
      ) : (
        <MakerCheckerForm settings={query.data} />
      )}
    </PageSection>
  );
}

const toValues = (s: MakerCheckerSettings): FormValues => ({ rules: s.rules.map((r) => ({ command: r.command, required: r.required, above: r.above ?? '' })) });

function MakerCheckerForm({ settings }: { settings: MakerCheckerSettings }) {
  const [save] = useSaveMakerCheckerMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const [heldId, setHeldId] = useState<number | null>(null);
  const form = useForm<FormValues>({ resolver: zodResolver(makerCheckerBodySchema) as never, defaultValues: toValues(settings) });
  const { fields } = useFieldArray({ control: form.control, name: 'rules' });
  useEffect(() => form.reset(toValues(settings)), [settings, form]);
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    setHeldId(null);
    const res = await save(values as never);
    if ('error' in res) setFailure(applyServerErrors(form, res.error, { fallback: 'Could not save.' }).message);
    else if (isHeldAnswer(res.data)) setHeldId(res.data.pending.id);
  });
  const errors = form.formState.errors.rules;
  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <Card>
        <ul className="divide-y divide-gray-100 dark:divide-slate-700">
          {fields.map((f, i) => {
            const rule = settings.rules[i];
            return (
              <li key={f.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
                <label className="flex items-center gap-2 text-sm font-medium text-gray-900 dark:text-gray-100">
                  <input type="checkbox" className="h-4 w-4" {...form.register(`rules.${i}.required`)} />
                  {rule.label} needs a second person
                </label>
                {rule.has_amount && (
                  <TextField
                    label="Only above (ZMW; empty: always)"
                    inputMode="decimal"
                    wrapperClassName="sm:w-64"
                    error={errors?.[i]?.above?.message}
                    {...form.register(`rules.${i}.above`)}
                  />
                )}
              </li>
            );
          })}
        </ul>
      </Card>
      {heldId !== null && (
        <p role="status" className="rounded bg-amber-50 p-2 text-sm text-amber-900 dark:bg-amber-900/40 dark:text-amber-100">
          Waiting for a second person: the change applies once someone else approves it (<Link className="underline" to={`/approvals/${heldId}`}>request #{heldId}</Link>).
        </p>
      )}
      {failure && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {failure}
        </p>
      )}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-gray-600 dark:text-gray-300">{settings.updated_at ? `Last saved ${formatDateTime(settings.updated_at)}` : 'Not saved yet: no action needs a checker.'}</p>
        <SubmitButton control={form.control}>Save</SubmitButton>
      </div>
    </form>
  );
}

export default MakerCheckerPage;
