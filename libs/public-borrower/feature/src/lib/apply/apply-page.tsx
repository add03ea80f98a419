import { useEffect, useRef, useState } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  APPLY_STEPS,
  BRANCHES,
  LOAN_TENURE_MAX,
  LOAN_TENURE_MIN,
  applicationFormSchema,
  maskMobile,
  normalizeMobile,
  type ApplicationForm,
  type ApplicationFormInput,
  type ApplyStep,
  type CalculatorResult,
  type CreateApplicationResponse,
  type UnfinishedApplication,
} from '@loan/shared-contract';
import { applyServerErrors, errorMessage, fieldErrors, isFetchError } from '@loan/shared-data-access-api';
import {
  useCheckRecordMutation,
  useCreateApplicationMutation,
  useNewClientMutation,
  useRecordIpAddressMutation,
  useSaveUnfinishedMutation,
} from '@loan/public-borrower-data-access';
import { formatMoney } from '@loan/shared-util-format';
import { BorrowerLayout } from '../ui/borrower-layout';
import { Button } from '../ui/button';
import { Field } from '../ui/field';
import { MessagePage, Notice } from '../ui/notice';
import { Calculator } from './calculator';
import { OtpConfirm } from './otp-confirm';
import { ResumePanel } from './resume-panel';

type Fields = FieldPath<ApplicationFormInput>;
const STEP_FIELDS: Record<ApplyStep, Fields[]> = {
  personal: ['nrc', 'full_name', 'mobile'],
  employment: ['employer', 'branch'],
  loan: ['amount', 'tenure', 'purpose'],
  otp: [],
  review: [],
};
const STEP_TITLES: Record<ApplyStep, string> = {
  personal: 'About you',
  employment: 'Your work',
  loan: 'Your loan',
  otp: 'Confirm your mobile number',
  review: 'Check and send',
};
const TENURES = Array.from({ length: LOAN_TENURE_MAX - LOAN_TENURE_MIN + 1 }, (_, i) => i + LOAN_TENURE_MIN);
const EMPTY: ApplicationFormInput = {
  nrc: '',
  full_name: '',
  mobile: '',
  employer: '',
  branch: '' as ApplicationFormInput['branch'],
  amount: '',
  tenure: 12,
  purpose: '',
};
const EXPIRED_TEXT = 'Your confirmation has run out. Please confirm your mobile number again.';
const DUPLICATE_TEXT =
  'You already have a loan application in progress with this NRC. You cannot apply again until it is finished. For help, contact your branch.';

function stepOfField(field: string): ApplyStep {
  return (APPLY_STEPS.find((s) => STEP_FIELDS[s].includes(field as Fields)) ?? 'personal') as ApplyStep;
}

/** /apply: the public loan application form (spec §1, NOTES.md 'Borrower side'). */
export function ApplyPage() {
  const [step, setStep] = useState<ApplyStep>('personal');
  const [ticket, setTicket] = useState<{ value: string; mobile: string } | null>(null);
  // Where a confirmed code leads: on, or back to "check and send" when a confirmation ran out there.
  const [afterOtp, setAfterOtp] = useState<ApplyStep>(APPLY_STEPS[APPLY_STEPS.indexOf('otp') + 1] as ApplyStep);
  const [calc, setCalc] = useState<CalculatorResult | null>(null);
  const [duplicate, setDuplicate] = useState(false);
  const [resuming, setResuming] = useState(false);
  const [resumedNotice, setResumedNotice] = useState(false);
  const [done, setDone] = useState<CreateApplicationResponse | null>(null);
  const [submitError, setSubmitError] = useState<string>();
  const heading = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);

  const [recordIp] = useRecordIpAddressMutation();
  const [checkRecord, checking] = useCheckRecordMutation();
  const [saveUnfinished] = useSaveUnfinishedMutation();
  const [newClient, creatingClient] = useNewClientMutation();
  const [createApplication, submitting] = useCreateApplicationMutation();

  const form = useForm<ApplicationFormInput, unknown, ApplicationForm>({
    resolver: zodResolver(applicationFormSchema),
    mode: 'onTouched',
    defaultValues: EMPTY,
  });
  const { trigger, getValues, watch, reset, handleSubmit, formState, getFieldState } = form;
  const { errors } = formState;
  // A field showing an error checks again as the borrower types, so the message goes as
  // soon as it is fixed (not on blur: that would move the button under the pointer).
  const register: typeof form.register = (name, options) =>
    form.register(name, {
      ...options,
      onChange: (e: unknown) => {
        options?.onChange?.(e);
        if (getFieldState(name).error) void trigger(name);
      },
    } as typeof options);

  const ipRecorded = useRef(false);
  useEffect(() => {
    if (ipRecorded.current) return;
    ipRecorded.current = true;
    void recordIp();
  }, [recordIp]);

  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    heading.current?.focus();
    window.scrollTo({ top: 0 });
  }, [step, done]);

  const mobile = watch('mobile');
  const confirmedMobile = ticket && ticket.mobile === normalizeMobile(mobile ?? '') ? ticket : null;

  /**
   * Saves the answers so far under the confirmed mobile. Only with its ticket (the server
   * refuses anyone else's draft), so nothing is saved before the code is confirmed.
   */
  const save = (next: ApplyStep, proof = confirmedMobile) => {
    if (!proof) return;
    const v = getValues();
    const data = Object.fromEntries(Object.entries(v).filter(([, x]) => x !== '' && x !== undefined && !Number.isNaN(x)));
    // Saving is a convenience: a failure must not stop the borrower.
    void saveUnfinished({ mobile: proof.mobile, step: next, data, ticket: proof.value });
  };

  const go = (next: ApplyStep) => {
    setSubmitError(undefined);
    setStep(next);
  };

  /** The confirmation ran out (or was refused): the borrower confirms the number again, then comes back. */
  const reconfirm = (message: string, back: ApplyStep) => {
    setTicket(null);
    setAfterOtp(back);
    go('otp');
    setSubmitError(message);
  };

  const nextFrom = async (current: ApplyStep) => {
    const ok = await trigger(STEP_FIELDS[current], { shouldFocus: true });
    if (!ok) return;
    if (current === 'employment' && confirmedMobile) {
      // The client is registered once its details are known, with the proof of the mobile.
      const v = getValues();
      const r = await newClient({ nrc: v.nrc, full_name: v.full_name, mobile: v.mobile, employer: v.employer, branch: v.branch, ticket: confirmedMobile.value });
      if ('error' in r) {
        if (fieldErrors(r.error)['ticket']) reconfirm(EXPIRED_TEXT, 'employment');
        else setSubmitError(errorMessage(r.error, 'We could not save your details. Please try again.'));
        return;
      }
    }
    if (current === 'personal') {
      const r = await checkRecord({ nrc: getValues('nrc') });
      // On failure (UNKNOWN) the borrower goes on; the server checks again on submit.
      if ('data' in r && r.data?.exist) {
        setDuplicate(true);
        return;
      }
      setDuplicate(false);
    }
    const next = APPLY_STEPS[APPLY_STEPS.indexOf(current) + 1] as ApplyStep;
    save(next);
    go(next);
  };

  const onVerified = ({ ticket: value }: { ticket: string }) => {
    const t = { value, mobile: normalizeMobile(getValues('mobile')) };
    setTicket(t);
    save(afterOtp, t);
    go(afterOtp);
  };

  const onResumed = (app: UnfinishedApplication, t: { value: string; mobile: string }) => {
    reset({ ...EMPTY, ...app.data, mobile: app.data.mobile || t.mobile } as ApplicationFormInput);
    setTicket(t);
    setResuming(false);
    setResumedNotice(true);
    go(app.step);
  };

  const submit = handleSubmit(
    async (values) => {
      if (!confirmedMobile) {
        setAfterOtp('review');
        go('otp');
        return;
      }
      setSubmitError(undefined);
      const r = await createApplication({ ...values, ticket: confirmedMobile.value });
      if ('data' in r && r.data) {
        setDone(r.data);
        return;
      }
      const e = r.error;
      const shown = applyServerErrors(form, e);
      if (shown.fields.length) {
        go(stepOfField(shown.fields[0]));
        return;
      }
      if (isFetchError(e) && e.status === 409) {
        setDuplicate(true);
        go('personal');
        return;
      }
      if (shown.others['ticket'] || (isFetchError(e) && (e.status === 401 || e.status === 403))) {
        reconfirm(EXPIRED_TEXT, 'review');
        return;
      }
      setSubmitError(errorMessage(e, 'We could not send your application. Please try again.'));
    },
    (errs) => go(stepOfField(Object.keys(errs)[0] ?? 'nrc')),
  );

  if (done) {
    return (
      <BorrowerLayout>
        <MessagePage title="Thank you. We have received your application.">
          <p>
            Your reference code is{' '}
            <strong className="font-mono text-lg" data-testid="reference-code">
              {done.reference_code}
            </strong>
            . Please keep it: quote it whenever you contact us.
          </p>
          <p>We will look at your application and contact you on {maskMobile(getValues('mobile'))}.</p>
        </MessagePage>
        <h2 ref={heading} tabIndex={-1} className="sr-only">
          Application sent
        </h2>
      </BorrowerLayout>
    );
  }

  const index = APPLY_STEPS.indexOf(step);
  const v = getValues();
  const busy = checking.isLoading || submitting.isLoading || creatingClient.isLoading;

  return (
    <BorrowerLayout>
      <div className="mx-auto max-w-xl space-y-6">
        <div>
          <h1 className="text-2xl font-semibold">Apply for a loan</h1>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">It takes about five minutes. Have your NRC and your phone with you.</p>
        </div>

        <ol className="flex gap-1" aria-label="Progress">
          {APPLY_STEPS.map((s, i) => (
            <li
              key={s}
              aria-current={s === step ? 'step' : undefined}
              className={`h-2 flex-1 rounded-full ${i <= index ? 'bg-yellow-600' : 'bg-slate-200 dark:bg-slate-700'}`}
            >
              <span className="sr-only">
                {STEP_TITLES[s]}
                {i < index ? ' (done)' : ''}
              </span>
            </li>
          ))}
        </ol>

        {step === 'personal' && !resuming && (
          <p className="text-sm">
            Started an application before?{' '}
            <Button variant="link" onClick={() => setResuming(true)}>
              Continue it
            </Button>
          </p>
        )}
        {resuming && <ResumePanel onResumed={onResumed} onCancel={() => setResuming(false)} />}
        {resumedNotice && (
          <Notice tone="success" title="Welcome back">
            We brought back the answers you saved. Check them and carry on.
          </Notice>
        )}

        {!resuming && (
          <form
            onSubmit={(e) => {
              // Enter in a field moves on, like the main button of the step.
              e.preventDefault();
              if (busy) return;
              if (step === 'review') void submit();
              else if (step === 'otp') {
                if (confirmedMobile) go(afterOtp);
              } else void nextFrom(step);
            }}
            noValidate className="space-y-5 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900">
            <div>
              <p className="text-sm text-slate-600 dark:text-slate-400">
                Step {index + 1} of {APPLY_STEPS.length}
              </p>
              <h2 ref={heading} tabIndex={-1} className="text-xl font-semibold focus:outline-none">
                {STEP_TITLES[step]}
              </h2>
            </div>

            {step === 'personal' && (
              <>
                <Field label="NRC number" hint="As on your card, for example 123456/78/9" error={errors.nrc?.message}>
                  <input type="text" autoComplete="off" {...register('nrc', { onChange: () => setDuplicate(false) })} />
                </Field>
                <Field label="Full name" hint="As on your NRC" error={errors.full_name?.message}>
                  <input type="text" autoComplete="name" {...register('full_name')} />
                </Field>
                <Field label="Mobile number" hint="We will send a code to this number. For example 0971234567" error={errors.mobile?.message}>
                  <input type="tel" autoComplete="tel" {...register('mobile')} />
                </Field>
                {duplicate && (
                  <Notice tone="warning" title="You already have an open application">
                    {DUPLICATE_TEXT}
                  </Notice>
                )}
              </>
            )}

            {step === 'employment' && (
              <>
                <Field label="Employer" hint="The organisation that pays your salary" error={errors.employer?.message}>
                  <input type="text" autoComplete="organization" {...register('employer')} />
                </Field>
                <Field label="Branch" hint="The branch nearest to you" error={errors.branch?.message}>
                  <select {...register('branch')}>
                    <option value="">Choose a branch</option>
                    {BRANCHES.map((b) => (
                      <option key={b} value={b}>
                        {b}
                      </option>
                    ))}
                  </select>
                </Field>
              </>
            )}

            {step === 'loan' && (
              <>
                <Field label="Amount (ZMW)" hint="From 500 to 500,000 kwacha" error={errors.amount?.message}>
                  <input type="text" inputMode="decimal" {...register('amount')} />
                </Field>
                <Field label="Months to repay" error={errors.tenure?.message}>
                  <select {...register('tenure', { setValueAs: (x) => (x === '' ? undefined : Number(x)) })}>
                    {TENURES.map((n) => (
                      <option key={n} value={n}>
                        {n} {n === 1 ? 'month' : 'months'}
                      </option>
                    ))}
                  </select>
                </Field>
                <Field label="What is the loan for?" error={errors.purpose?.message}>
                  <input type="text" {...register('purpose')} />
                </Field>
                <Calculator amount={watch('amount')} tenure={watch('tenure')} mobile={mobile} onResult={setCalc} />
              </>
            )}

            {step === 'otp' &&
              (confirmedMobile ? (
                <Notice tone="success" title="Your mobile number is confirmed">
                  {maskMobile(confirmedMobile.mobile)} is confirmed. From now on we keep your answers as you go.
                </Notice>
              ) : (
                <OtpConfirm mobile={normalizeMobile(v.mobile)} onVerified={onVerified} />
              ))}

            {step === 'review' && (
              <dl className="divide-y divide-slate-100 dark:divide-slate-800">
                {(
                  [
                    ['NRC number', v.nrc, 'personal'],
                    ['Full name', v.full_name, 'personal'],
                    ['Mobile number', v.mobile, 'personal'],
                    ['Employer', v.employer, 'employment'],
                    ['Branch', v.branch, 'employment'],
                    ['Amount', formatMoney(v.amount), 'loan'],
                    ['Months to repay', String(v.tenure), 'loan'],
                    ['Purpose', v.purpose, 'loan'],
                  ] as const
                ).map(([label, value, s]) => (
                  <div key={label} className="flex items-start justify-between gap-3 py-2">
                    <div>
                      <dt className="text-sm text-slate-600 dark:text-slate-400">{label}</dt>
                      <dd className="text-base font-medium break-all">{value}</dd>
                    </div>
                    <Button variant="link" onClick={() => go(s)} aria-label={`Change ${label.toLowerCase()}`}>
                      Change
                    </Button>
                  </div>
                ))}
                {calc && calc.tenure === v.tenure && Number(calc.amount) === Number(v.amount) && (
                  <div className="py-2">
                    <dt className="text-sm text-slate-600 dark:text-slate-400">Monthly instalment</dt>
                    <dd className="text-base font-medium">
                      {formatMoney(calc.monthly_instalment)} for {calc.tenure} months (total {formatMoney(calc.total_due)})
                    </dd>
                  </div>
                )}
              </dl>
            )}

            {submitError && <Notice tone="error">{submitError}</Notice>}

            <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-between">
              {index > 0 ? (
                <Button variant="secondary" onClick={() => go(APPLY_STEPS[index - 1] as ApplyStep)}>
                  Back
                </Button>
              ) : (
                <span />
              )}
              {step === 'review' ? (
                <Button type="submit" disabled={busy}>
                  {submitting.isLoading ? 'Sending…' : 'Send my application'}
                </Button>
              ) : step === 'otp' ? (
                confirmedMobile ? (
                  <Button type="submit">Continue</Button>
                ) : null
              ) : (
                <Button type="submit" disabled={busy || (step === 'personal' && duplicate)}>
                  {checking.isLoading ? 'Checking…' : 'Continue'}
                </Button>
              )}
            </div>
          </form>
        )}
      </div>
    </BorrowerLayout>
  );
}
