import { useCallback, useEffect, useRef, useState } from 'react';
import { APPLY_STEPS, type CalculatorResult } from '@loan/shared-contract';
import { BorrowerLayout } from '../ui/borrower-layout';
import { Button } from '../ui/button';
import { Notice } from '../ui/notice';
import { ApplicationSent } from './application-sent';
import { STEP_TITLES } from './apply-steps';
import { EmploymentStep } from './employment-step';
import { LoanStep } from './loan-step';
import { OtpStep } from './otp-step';
import { PersonalStep } from './personal-step';
import { ResumePanel } from './resume-panel';
import { ReviewStep } from './review-step';
import { StepActions } from './step-actions';
import { StepProgress } from './step-progress';
import { useApplyFlow } from './use-apply-flow';

/** /apply: the public loan application form (spec §1, NOTES.md 'Borrower side'). */
export function ApplyPage() {
  const flow = useApplyFlow();
  const { form, register, step, index, done } = flow;
  const [quote, setQuote] = useState<CalculatorResult | null>(null);
  // The loan product allows fewer months than chosen (or a saved draft had): the nearest allowed.
  const setNearestTenure = useCallback((n: number) => form.setValue('tenure', n, { shouldDirty: true }), [form]);
  const heading = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);

  // Each new step (and the sent page) takes the focus to its heading, at the top.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    heading.current?.focus();
    window.scrollTo({ top: 0 });
  }, [step, done]);

  if (done) return <ApplicationSent sent={done} mobile={form.getValues('mobile')} headingRef={heading} />;

  const { errors } = form.formState;
  const values = form.getValues();

  return (
    <BorrowerLayout>
      <div className="mx-auto max-w-xl space-y-6">
        <div>
          <h1 className="text-2xl font-semibold">Apply for a loan</h1>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">It takes about five minutes. Have your NRC and your phone with you.</p>
        </div>

        <StepProgress step={step} />

        {step === 'personal' && !flow.resuming && (
          <p className="text-sm">
            Started an application before?{' '}
            <Button variant="link" onClick={() => flow.setResuming(true)}>
              Continue it
            </Button>
          </p>
        )}
        {flow.resuming && <ResumePanel onResumed={flow.onResumed} onCancel={() => flow.setResuming(false)} />}
        {flow.resumedNotice && (
          <Notice tone="success" title="Welcome back">
            We brought back the answers you saved. Check them and carry on.
          </Notice>
        )}

        {!flow.resuming && (
          <form
            onInput={flow.preload}
            onSubmit={(e) => {
              // Enter in a field moves on, like the main button of the step.
              e.preventDefault();
              if (!flow.busy) flow.advance();
            }}
            noValidate
            className="space-y-5 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900"
          >
            <div>
              <p className="text-sm text-slate-600 dark:text-slate-400">
                Step {index + 1} of {APPLY_STEPS.length}
              </p>
              <h2 ref={heading} tabIndex={-1} className="text-xl font-semibold focus:outline-none">
                {STEP_TITLES[step]}
              </h2>
            </div>

            {step === 'personal' && <PersonalStep register={register} errors={errors} duplicate={flow.duplicate} onNrcChange={flow.clearDuplicate} />}
            {step === 'employment' && <EmploymentStep register={register} errors={errors} />}
            {step === 'loan' && (
              <LoanStep
                register={register}
                errors={errors}
                values={{ amount: form.watch('amount'), tenure: form.watch('tenure'), mobile: form.watch('mobile') }}
                limits={flow.limits}
                onQuote={setQuote}
                onTenureOutOfRange={setNearestTenure}
              />
            )}
            {step === 'otp' && <OtpStep mobile={values.mobile} confirmed={flow.confirmedMobile} onVerified={flow.onVerified} />}
            {step === 'review' && <ReviewStep values={values} quote={quote} onChange={flow.go} />}

            {flow.submitError && <Notice tone="error">{flow.submitError}</Notice>}

            <StepActions
              step={step}
              first={index === 0}
              busy={flow.busy}
              checking={flow.checking}
              submitting={flow.submitting}
              confirmed={!!flow.confirmedMobile}
              blocked={step === 'personal' && flow.duplicate}
              onBack={flow.back}
            />
          </form>
        )}
      </div>
    </BorrowerLayout>
  );
}
