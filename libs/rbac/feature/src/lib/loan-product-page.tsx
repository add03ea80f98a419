import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { loanProductBodySchema, type LoanProduct, type LoanProductInput } from '@loan/shared-contract';
import { useGetLoanProductQuery, useSaveLoanProductMutation } from '@loan/rbac-data-access';
import { applyServerErrors } from '@loan/shared-data-access-api';
import { SCREENS } from '@loan/shared-screens';
import { Card, ErrorState, PageSection, SectionTitleBar, Skeleton, SubmitButton, TextAreaField, TextField } from '@loan/shared-ui';
import { formatDateTime } from '@loan/shared-util-format';

const SCREEN = SCREENS.loanProduct;
const FIELDS = ['flat_rate_percent', 'min_amount', 'max_amount', 'min_tenure', 'max_tenure', 'processing_fee_percent', 'offer_valid_days', 'terms_conditions'] as const;

/** /settings/loan-product: rate, limits, fees, offer validity and the versioned terms of offer letters. */
export function LoanProductPage() {
  const query = useGetLoanProductQuery();
  return (
    <PageSection>
      <SectionTitleBar title={SCREEN.title} subtitle="The borrower calculator uses the rate at once; a letter keeps the terms it was generated with." />
      {query.isLoading ? (
        <Skeleton lines={8} label="Loading..." />
      ) : query.isError || !query.data ? (
        <ErrorState title="Could not load" onRetry={() => void query.refetch()} retryLabel="Retry" />
      ) : (
        <LoanProductForm product={query.data} />
      )}
    </PageSection>
  );
}

const toInput = (p: LoanProduct): LoanProductInput =>
  ({
    flat_rate_percent: p.flat_rate_percent,
    min_amount: p.min_amount,
    max_amount: p.max_amount,
    min_tenure: String(p.min_tenure),
    max_tenure: String(p.max_tenure),
    processing_fee_percent: p.processing_fee_percent,
    offer_valid_days: String(p.offer_valid_days),
    terms_conditions: p.terms_conditions,
  }) as unknown as LoanProductInput;

function LoanProductForm({ product }: { product: LoanProduct }) {
  const [save] = useSaveLoanProductMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<LoanProductInput>({ resolver: zodResolver(loanProductBodySchema), defaultValues: toInput(product) });
  useEffect(() => form.reset(toInput(product)), [product, form]);
  const e = form.formState.errors;
  const submit = form.handleSubmit(async (body) => {
    setFailure(null);
    const res = await save(body);
    if ('error' in res) setFailure(applyServerErrors(form, res.error, { fields: FIELDS, fallback: 'Could not save.' }).message);
  });
  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <Card>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Flat monthly rate (%)" inputMode="decimal" required error={e.flat_rate_percent?.message} {...form.register('flat_rate_percent')} />
          <TextField label="Processing fee (% of the amount)" inputMode="decimal" required error={e.processing_fee_percent?.message} {...form.register('processing_fee_percent')} />
          <TextField label="Smallest amount (ZMW)" inputMode="decimal" required error={e.min_amount?.message} {...form.register('min_amount')} />
          <TextField label="Largest amount (ZMW)" inputMode="decimal" required error={e.max_amount?.message} {...form.register('max_amount')} />
          <TextField label="Shortest tenure (months)" inputMode="numeric" required error={e.min_tenure?.message} {...form.register('min_tenure')} />
          <TextField label="Longest tenure (months)" inputMode="numeric" required error={e.max_tenure?.message} {...form.register('max_tenure')} />
          <TextField label="Offer letter valid for (days)" inputMode="numeric" required error={e.offer_valid_days?.message} {...form.register('offer_valid_days')} />
        </div>
      </Card>
      <Card>
        <TextAreaField
          label={`Terms and conditions of offer letters (version ${product.terms_version})`}
          rows={10}
          required
          hint="Saving a change makes a new version; letters already generated keep theirs."
          error={e.terms_conditions?.message}
          {...form.register('terms_conditions')}
        />
      </Card>
      {failure && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {failure}
        </p>
      )}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-gray-600 dark:text-gray-300">{product.updated_at ? `Last saved ${formatDateTime(product.updated_at)}` : 'Not saved yet: defaults shown.'}</p>
        <SubmitButton control={form.control}>Save</SubmitButton>
      </div>
    </form>
  );
}

export default LoanProductPage;
