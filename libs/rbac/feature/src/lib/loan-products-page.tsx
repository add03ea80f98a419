import { useMemo, useState } from 'react';
import { useFieldArray, useForm, useWatch, type Control, type FieldErrors, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toNestErrors } from '@hookform/resolvers';
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import {
  DEFAULT_PART_ORDER,
  FEE_CALCS,
  FEE_KINDS,
  FEE_WHENS,
  FEE_WHEN_LABELS,
  INTEREST_METHODS,
  INTEREST_METHOD_LABELS,
  PART_LABELS,
  loanProductPreviewBodySchema,
  loanProductSaveBodySchema,
  fromNgwee,
  productFieldErrors,
  productTermsOf,
  toNgwee,
  type LoanPart,
  type LoanProductItem,
  type LoanProductSaveBody,
  type LoanProductSaveInput,
} from '@loan/shared-contract';
import {
  useCreateLoanProductMutation,
  useDeactivateLoanProductMutation,
  useGetLoanProductsQuery,
  useSetDefaultLoanProductMutation,
  useUpdateLoanProductMutation,
} from '@loan/rbac-data-access';
import { applyServerErrors, errorMessage } from '@loan/shared-data-access-api';
import { generateSchedule, keyFacts, validateTerms, type ProductTerms } from '@loan/loans-rules';
import { SCREENS } from '@loan/shared-screens';
import {
  Button,
  Card,
  CheckboxField,
  ConfirmDialog,
  DataTable,
  FormActions,
  Money,
  PageSection,
  SectionTitleBar,
  SelectField,
  TextField,
} from '@loan/shared-ui';
import { formatAmount, formatMoney, toIsoDate } from '@loan/shared-util-format';
import { ActiveBadge } from './user-columns';

const SCREEN = SCREENS.loanProducts;
const col = createColumnHelper<LoanProductItem>();
type Input = LoanProductSaveInput;

const feeSummary = (p: LoanProductItem) =>
  p.current.fees.length
    ? p.current.fees.map((f) => `${f.name} ${f.calc === 'percent' ? `${f.value}%` : formatMoney(f.value)} (${f.when})`).join(', ')
    : 'None';

/**
 * /settings/loan-products: every product (active and inactive) with its current version; add,
 * edit (a new version when the terms change), make default, deactivate (`can edit settings`).
 * The form previews the schedule and key figures as you type, with the money rules the api
 * uses (libs/loans/rules), without calling the api.
 */
export function LoanProductsPage() {
  const query = useGetLoanProductsQuery();
  const [editing, setEditing] = useState<LoanProductItem | 'new' | null>(null);
  const [confirm, setConfirm] = useState<LoanProductItem | null>(null);
  const [deactivate, deactivation] = useDeactivateLoanProductMutation();
  const [setDefault] = useSetDefaultLoanProductMutation();
  const columns = useMemo(
    () =>
      [
        col.accessor('name', {
          header: 'Name',
          cell: ({ row }) => (
            <span className="flex flex-wrap items-center gap-2">
              <span className="font-medium">{row.original.name}</span>
              {row.original.is_default && (
                <span className="rounded-full bg-blue-100 px-2 py-0.5 text-xs font-medium text-blue-900 dark:bg-blue-900/50 dark:text-blue-100">Default</span>
              )}
            </span>
          ),
        }),
        col.accessor('code', { header: 'Code' }),
        col.accessor((r) => r.current.interest_method, { id: 'method', header: 'Method', cell: (c) => (c.getValue() === 'flat' ? 'Flat' : 'Declining') }),
        col.accessor((r) => r.current.monthly_rate_percent, { id: 'rate', header: 'Monthly rate', cell: (c) => `${c.getValue()}%` }),
        col.accessor((r) => r.current, {
          id: 'limits',
          header: 'Limits',
          cell: (c) => (
            <span className="whitespace-nowrap">
              {formatAmount(c.getValue().min_amount)}–{formatAmount(c.getValue().max_amount)}, {c.getValue().min_tenure}–{c.getValue().max_tenure} months
            </span>
          ),
        }),
        col.accessor(feeSummary, { id: 'fees', header: 'Fees' }),
        col.accessor((r) => r.current.version, { id: 'version', header: 'Version' }),
        col.accessor('active', { header: 'Status', cell: (c) => <ActiveBadge active={c.getValue()} /> }),
        col.display({
          id: 'actions',
          header: 'Actions',
          cell: ({ row }) => {
            const p = row.original;
            return (
              <span className="flex flex-wrap gap-2">
                <Button size="sm" variant="secondary" aria-label={`Edit ${p.name}`} onClick={() => setEditing(p)}>
                  Edit
                </Button>
                {p.active && !p.is_default && (
                  <Button size="sm" variant="secondary" aria-label={`Make default: ${p.name}`} onClick={() => void setDefault(p.id)}>
                    Make default
                  </Button>
                )}
                {p.active && !p.is_default && (
                  <Button size="sm" variant="danger" aria-label={`Deactivate ${p.name}`} onClick={() => setConfirm(p)}>
                    Deactivate
                  </Button>
                )}
              </span>
            );
          },
        }),
      ] as ColumnDef<LoanProductItem, unknown>[],
    [setDefault],
  );
  if (editing !== null) {
    return (
      <PageSection>
        <SectionTitleBar
          title={editing === 'new' ? 'Add loan product' : `Edit ${editing.name}`}
          subtitle={editing === 'new' ? undefined : `Version ${editing.current.version}. Saving other terms makes version ${editing.current.version + 1}; applications keep theirs.`}
        />
        <ProductForm product={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />
      </PageSection>
    );
  }
  return (
    <PageSection>
      <SectionTitleBar
        title={SCREEN.title}
        subtitle="What a loan costs: method, rate, limits, fees, penalty and the order a repayment pays them. The default product is the one /apply and the staff form use."
        actions={<Button onClick={() => setEditing('new')}>Add product</Button>}
      />
      <DataTable
        caption={SCREEN.title}
        columns={columns}
        data={query.data?.data ?? []}
        loading={query.isLoading}
        error={query.isError ? errorMessage(query.error, 'The loan products could not be loaded.') : undefined}
        errorTitle="Could not load"
        onRetry={() => void query.refetch()}
        retryLabel="Retry"
        emptyTitle="No loan products"
        getRowId={(r) => String(r.id)}
      />
      <ConfirmDialog
        open={confirm !== null}
        title={`Deactivate ${confirm?.name ?? ''}?`}
        message="It is no longer offered for new applications. Loans and applications already priced with it keep it."
        confirmLabel="Deactivate"
        busy={deactivation.isLoading}
        onCancel={() => setConfirm(null)}
        onConfirm={() => {
          if (confirm) void deactivate(confirm.id).then(() => setConfirm(null));
        }}
      />
    </PageSection>
  );
}

const toInput = (p?: LoanProductItem): Input => {
  const v = p?.current;
  return {
    code: p?.code ?? '',
    name: p?.name ?? '',
    active: p?.active ?? true,
    interest_method: v?.interest_method ?? 'flat',
    monthly_rate_percent: v?.monthly_rate_percent ?? '',
    min_amount: v?.min_amount ?? '500.00',
    max_amount: v?.max_amount ?? '500000.00',
    min_tenure: String(v?.min_tenure ?? 1),
    max_tenure: String(v?.max_tenure ?? 60),
    fees: v?.fees ?? [],
    penalty: v?.penalty ? { ...v.penalty, grace_days: String(v.penalty.grace_days), stop_months_after_maturity: String(v.penalty.stop_months_after_maturity) } : null,
    allocation_order: v?.allocation_order ?? [...DEFAULT_PART_ORDER],
    settlement_rebate_percent: v?.settlement_rebate_percent ?? '0.00',
  } as Input;
};

/** The contract's schema, then the money rules' validateTerms: the api checks the same two. */
const zod = zodResolver(loanProductSaveBodySchema) as unknown as Resolver<Input>;
const resolver: Resolver<Input> = async (values, context, options) => {
  const first = await zod(values, context, options);
  if (Object.keys(first.errors).length) return first;
  const errors = productFieldErrors(validateTerms(productTermsOf(first.values as unknown as LoanProductSaveBody) as ProductTerms));
  if (!Object.keys(errors).length) return first;
  const flat: FieldErrors = {};
  for (const [k, v] of Object.entries(errors)) flat[k] = { type: 'rules', message: v[0] };
  return { values: {}, errors: toNestErrors(flat, options) };
};

const FIELDS = [
  'code', 'name', 'active', 'interest_method', 'monthly_rate_percent', 'min_amount', 'max_amount', 'min_tenure', 'max_tenure',
  'fees', 'penalty', 'allocation_order', 'settlement_rebate_percent',
] as const;
const opts = <T extends string>(values: readonly T[], label: (v: T) => string = (v) => v[0]?.toUpperCase() + v.slice(1)) =>
  values.map((v) => ({ value: v, label: label(v) }));

function ProductForm({ product, onClose }: { product?: LoanProductItem; onClose: () => void }) {
  const [create] = useCreateLoanProductMutation();
  const [update] = useUpdateLoanProductMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<Input>({ resolver, defaultValues: toInput(product) });
  const fees = useFieldArray({ control: form.control, name: 'fees' });
  const penalty = useWatch({ control: form.control, name: 'penalty' });
  const method = useWatch({ control: form.control, name: 'interest_method' });
  const e = form.formState.errors;
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    const body = values as Input;
    const res = product ? await update({ id: product.id, body }) : await create(body);
    if ('error' in res) {
      setFailure(applyServerErrors(form, res.error, { fields: FIELDS, fallback: 'Could not save.' }).message);
      return;
    }
    onClose();
  });
  const feeError = (i: number, k: 'name' | 'kind' | 'calc' | 'value' | 'when') => (e.fees as unknown as Array<Record<string, { message?: string }>> | undefined)?.[i]?.[k]?.message;
  const penaltyError = (k: string) => (e.penalty as Record<string, { message?: string }> | undefined)?.[k]?.message;
  return (
    <div className="grid gap-4 xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <form noValidate onSubmit={submit} className="space-y-4" aria-label="Loan product">
        <Card>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label="Name" required data-autofocus error={e.name?.message} {...form.register('name')} />
            <TextField label="Code" required readOnly={!!product} hint={product ? 'The code does not change.' : 'Letters, digits and dashes, e.g. SALARY-12.'} error={e.code?.message} {...form.register('code')} />
            <SelectField label="Interest method" required options={opts(INTEREST_METHODS, (m) => INTEREST_METHOD_LABELS[m])} error={e.interest_method?.message} {...form.register('interest_method')} />
            <TextField label="Monthly rate (%)" inputMode="decimal" required error={e.monthly_rate_percent?.message} {...form.register('monthly_rate_percent')} />
            <TextField label="Smallest amount (ZMW)" inputMode="decimal" required error={e.min_amount?.message} {...form.register('min_amount')} />
            <TextField label="Largest amount (ZMW)" inputMode="decimal" required error={e.max_amount?.message} {...form.register('max_amount')} />
            <TextField label="Shortest tenure (months)" inputMode="numeric" required error={e.min_tenure?.message} {...form.register('min_tenure')} />
            <TextField label="Longest tenure (months)" inputMode="numeric" required error={e.max_tenure?.message} {...form.register('max_tenure')} />
            <TextField
              label="Settlement rebate (% of future interest)"
              inputMode="decimal"
              hint={method === 'declining' ? 'Flat products only: a declining product charges interest to the day.' : 'Given back when a flat loan is settled early; 0 for none.'}
              error={e.settlement_rebate_percent?.message}
              {...form.register('settlement_rebate_percent')}
            />
            <CheckboxField label="Active (offered for new applications)" error={e.active?.message} {...form.register('active')} />
          </div>
        </Card>
        <Card>
          <fieldset className="space-y-3">
            <legend className="text-base font-semibold">Fees</legend>
            {fees.fields.length === 0 && <p className="text-sm text-gray-600 dark:text-gray-300">No fees.</p>}
            {fees.fields.map((f, i) => (
              <div key={f.id} role="group" aria-label={`Fee ${i + 1}`} className="grid gap-3 rounded border border-gray-200 p-3 sm:grid-cols-2 dark:border-slate-700">
                <TextField label="Fee name" required error={feeError(i, 'name')} {...form.register(`fees.${i}.name`)} />
                <SelectField label="Kind" options={opts(FEE_KINDS)} error={feeError(i, 'kind')} {...form.register(`fees.${i}.kind`)} />
                <SelectField label="Charged as" options={opts(FEE_CALCS, (c) => (c === 'percent' ? 'Percent of the amount' : 'Fixed ZMW'))} error={feeError(i, 'calc')} {...form.register(`fees.${i}.calc`)} />
                <TextField label="Value" inputMode="decimal" required error={feeError(i, 'value')} {...form.register(`fees.${i}.value`)} />
                <SelectField label="When" options={opts(FEE_WHENS, (w) => FEE_WHEN_LABELS[w])} error={feeError(i, 'when')} {...form.register(`fees.${i}.when`)} />
                <div className="flex items-end">
                  <Button size="sm" variant="secondary" aria-label={`Remove fee ${i + 1}`} onClick={() => fees.remove(i)}>
                    Remove
                  </Button>
                </div>
              </div>
            ))}
            <Button size="sm" variant="secondary" onClick={() => fees.append({ name: '', kind: 'processing', calc: 'percent', value: '', when: 'deducted' })}>
              Add fee
            </Button>
          </fieldset>
        </Card>
        <Card>
          <fieldset className="space-y-3">
            <legend className="text-base font-semibold">Penalty</legend>
            <CheckboxField
              label="Charge a penalty on late instalments"
              checked={penalty !== null && penalty !== undefined}
              onChange={(ev) =>
                form.setValue('penalty', ev.currentTarget.checked ? ({ calc: 'percent', value: '', grace_days: '0', stop_months_after_maturity: '3' } as Input['penalty']) : null, { shouldDirty: true })
              }
            />
            {penalty && (
              <div className="grid gap-3 sm:grid-cols-2">
                <SelectField
                  label="Penalty charged as"
                  options={opts(FEE_CALCS, (c) => (c === 'percent' ? 'Percent a month of the overdue instalment' : 'Fixed ZMW a month per missed instalment'))}
                  error={penaltyError('calc')}
                  {...form.register('penalty.calc')}
                />
                <TextField label="Penalty value" inputMode="decimal" required error={penaltyError('value')} {...form.register('penalty.value')} />
                <TextField label="Grace days" inputMode="numeric" required error={penaltyError('grace_days')} {...form.register('penalty.grace_days')} />
                <TextField label="Stop months after maturity" inputMode="numeric" error={penaltyError('stop_months_after_maturity')} {...form.register('penalty.stop_months_after_maturity')} />
              </div>
            )}
          </fieldset>
        </Card>
        <Card>
          <AllocationOrder control={form.control} error={e.allocation_order?.message ?? (e.allocation_order as unknown as { root?: { message?: string } } | undefined)?.root?.message} onChange={(next) => form.setValue('allocation_order', next, { shouldDirty: true, shouldValidate: form.formState.isSubmitted })} />
        </Card>
        <FormActions control={form.control} failure={failure} onCancel={onClose}>
          Save
        </FormActions>
      </form>
      <Preview control={form.control} />
    </div>
  );
}

/** The order a repayment pays the parts of an instalment: a list moved with buttons (keyboard and screen readers alike). */
function AllocationOrder({ control, error, onChange }: { control: Control<Input>; error?: string; onChange: (next: LoanPart[]) => void }) {
  const order = (useWatch({ control, name: 'allocation_order' }) ?? DEFAULT_PART_ORDER) as LoanPart[];
  const move = (i: number, by: -1 | 1) => {
    const next = [...order];
    const [part] = next.splice(i, 1);
    if (part) next.splice(i + by, 0, part);
    onChange(next);
  };
  return (
    <fieldset className="space-y-2">
      <legend className="text-base font-semibold">Allocation order</legend>
      <p className="text-sm text-gray-600 dark:text-gray-300">A repayment pays the oldest instalment first, its parts in this order.</p>
      <ol className="space-y-2" aria-label="Allocation order">
        {order.map((part, i) => (
          <li key={part} className="flex items-center justify-between gap-2 rounded border border-gray-200 px-3 py-2 dark:border-slate-700">
            <span>
              {i + 1}. {PART_LABELS[part] ?? part}
            </span>
            <span className="flex gap-1">
              <Button size="sm" variant="secondary" aria-label={`Move ${PART_LABELS[part]} up`} disabled={i === 0} onClick={() => move(i, -1)}>
                Up
              </Button>
              <Button size="sm" variant="secondary" aria-label={`Move ${PART_LABELS[part]} down`} disabled={i === order.length - 1} onClick={() => move(i, 1)}>
                Down
              </Button>
            </span>
          </li>
        ))}
      </ol>
      {error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** The schedule and key figures of the terms being typed, for an amount and tenure (the rules lib; no api call). */
function Preview({ control }: { control: Control<Input> }) {
  const values = useWatch({ control });
  const [amount, setAmount] = useState('10000');
  const [tenure, setTenure] = useState('6');
  const result = useMemo(() => {
    const parsed = loanProductPreviewBodySchema.safeParse({
      interest_method: values.interest_method,
      monthly_rate_percent: values.monthly_rate_percent,
      fees: values.fees ?? [],
      penalty: values.penalty ?? null,
      allocation_order: values.allocation_order,
      settlement_rebate_percent: values.settlement_rebate_percent || '0',
      amount,
      tenure,
    });
    if (!parsed.success) return { problem: parsed.error.issues[0]?.message ?? 'Check the terms.' };
    const terms = productTermsOf(parsed.data) as ProductTerms;
    const errors = Object.values(validateTerms(terms));
    if (errors.length) return { problem: errors[0] };
    try {
      const today = toIsoDate(new Date());
      const ngwee = toNgwee(parsed.data.amount);
      return { schedule: generateSchedule(terms, ngwee, parsed.data.tenure, today), facts: keyFacts(terms, ngwee, parsed.data.tenure, today) };
    } catch (err) {
      return { problem: err instanceof Error ? err.message : 'Check the terms.' };
    }
  }, [values, amount, tenure]);
  const m = (n: bigint) => fromNgwee(n);
  return (
    <Card>
      <section aria-label="Preview" className="space-y-3">
        <h2 className="text-base font-semibold">Preview</h2>
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField label="Preview amount (ZMW)" inputMode="decimal" value={amount} onChange={(ev) => setAmount(ev.currentTarget.value)} />
          <TextField label="Preview tenure (months)" inputMode="numeric" value={tenure} onChange={(ev) => setTenure(ev.currentTarget.value)} />
        </div>
        {'problem' in result ? (
          <p role="status" className="text-sm text-gray-700 dark:text-gray-200">
            {result.problem}
          </p>
        ) : (
          <>
            <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm" aria-label="Key figures">
              <dt>Instalment</dt>
              <dd className="text-right"><Money value={m(result.facts.instalmentAmount)} /></dd>
              <dt>Paid out</dt>
              <dd className="text-right"><Money value={m(result.facts.payout)} /></dd>
              <dt>Total fees</dt>
              <dd className="text-right"><Money value={m(result.facts.totalFees)} /></dd>
              <dt>Total interest</dt>
              <dd className="text-right"><Money value={m(result.facts.totalInterest)} /></dd>
              <dt>Total repayable</dt>
              <dd className="text-right"><Money value={m(result.facts.totalRepayable)} /></dd>
              <dt>APR</dt>
              <dd className="text-right">{result.facts.aprPercent}%</dd>
              <dt>Penalty</dt>
              <dd className="text-right">{result.facts.penaltyTerms}</dd>
            </dl>
            <div className="overflow-x-auto">
              <table className="w-full text-sm tabular-nums">
                <caption className="sr-only">Repayment schedule</caption>
                <thead>
                  <tr className="text-left">
                    <th scope="col">No.</th>
                    <th scope="col">Due</th>
                    <th scope="col" className="text-right">Principal</th>
                    <th scope="col" className="text-right">Interest</th>
                    <th scope="col" className="text-right">Fees</th>
                    <th scope="col" className="text-right">Total</th>
                  </tr>
                </thead>
                <tbody>
                  {result.schedule.instalments.map((i) => (
                    <tr key={i.no} className="border-t border-gray-200 dark:border-slate-700">
                      <td>{i.no}</td>
                      <td className="whitespace-nowrap">{i.dueDate}</td>
                      <td className="text-right">{formatAmount(m(i.principal))}</td>
                      <td className="text-right">{formatAmount(m(i.interest))}</td>
                      <td className="text-right">{formatAmount(m(i.fees))}</td>
                      <td className="text-right">{formatAmount(m(i.principal + i.interest + i.fees))}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </section>
    </Card>
  );
}

export default LoanProductsPage;
