import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  APPLY_STEPS,
  normalizeMobile,
  type ApplicationForm,
  type ApplicationFormInput,
  type ApplyStep,
  type CreateApplicationResponse,
  type LoanLimits,
  type UnfinishedApplication,
} from '@loan/shared-contract';
import { formatMoney } from '@loan/shared-util-format';
import { applyServerErrors, errorMessage, fieldErrors, isFetchError, useDeferredDispatch, usePlainLoanLimits } from '@loan/shared-data-access-api';
import { preloadBorrowerCalls, recordVisit, useBorrowerMutation } from '@loan/public-borrower-data-access';
import { EMPTY_APPLICATION, EXPIRED_TEXT, STEP_FIELDS, draftData, nextStep, stepOfField } from './apply-steps';
import { lazyResolver } from './lazy-validation';

// The form's checks load after the page shows (lazy-validation.ts): the contract's zod schema,
// then the loan product's limits (amount, months) as the api checks them, once they are known
// (the form's context).
const resolver = lazyResolver((v) => v.withinLoanProduct(v.applicationResolver, formatMoney));

/**
 * The form kept in this tab's sessionStorage, so a reload does not wipe it (issue 12): the
 * answers and the step, never the OTP ticket (a reload confirms the number again before
 * saving or sending). Cleared once the application is sent.
 */
export const APPLY_STORAGE_KEY = 'apply-form';

interface Stored {
  step: ApplyStep;
  values: Partial<ApplicationFormInput>;
}

function readStored(): Stored | null {
  try {
    const raw = sessionStorage.getItem(APPLY_STORAGE_KEY);
    if (!raw) return null;
    const s = JSON.parse(raw) as Stored;
    return (APPLY_STEPS as readonly string[]).includes(s.step) && s.values && typeof s.values === 'object' ? s : null;
  } catch {
    return null;
  }
}

function writeStored(s: Stored | null) {
  try {
    if (s) sessionStorage.setItem(APPLY_STORAGE_KEY, JSON.stringify(s));
    else sessionStorage.removeItem(APPLY_STORAGE_KEY);
  } catch {
    // Storage full or off (private mode): the form still works, it only forgets on reload.
  }
}

/** Proof that a mobile number was confirmed by OTP. */
export type MobileTicket = { value: string; mobile: string };

/**
 * The state of /apply: the form, the current step, the OTP ticket, the draft saving and the
 * calls made on moving on and on sending (spec §1, NOTES.md 'Borrower side').
 */
export function useApplyFlow() {
  // After a reload: back to the step the borrower was on (a step past the OTP confirms again first).
  const [stored] = useState(readStored);
  const [step, setStep] = useState<ApplyStep>(() => {
    if (!stored) return 'personal';
    return APPLY_STEPS.indexOf(stored.step) > APPLY_STEPS.indexOf('otp') ? 'otp' : stored.step;
  });
  const [ticket, setTicket] = useState<MobileTicket | null>(null);
  // Where a confirmed code leads: on, or back to "check and send" when a confirmation ran out there.
  const [afterOtp, setAfterOtp] = useState<ApplyStep>(() =>
    stored && APPLY_STEPS.indexOf(stored.step) > APPLY_STEPS.indexOf('otp') ? stored.step : nextStep('otp'),
  );
  const [duplicate, setDuplicate] = useState(false);
  const [resuming, setResuming] = useState(false);
  const [resumedNotice, setResumedNotice] = useState(false);
  const [done, setDone] = useState<CreateApplicationResponse | null>(null);
  const [submitError, setSubmitError] = useState<string>();

  // The calls (RTK Query, and the borrower app's store) load when step 1 is sent, or ahead of
  // it on the first answer typed (`preload`): the page shows, records the visit and reads the
  // loan limits without them (plainCall; issue 33: 26 KB less for a phone that only looks).
  const [checkRecord, checking] = useBorrowerMutation('checkRecord');
  const [saveUnfinished] = useBorrowerMutation('saveUnfinished');
  const [newClient, creatingClient] = useBorrowerMutation('newClient');
  const [createApplication, submitting] = useBorrowerMutation('createApplication');

  const getDispatch = useDeferredDispatch();
  const preloaded = useRef(false);
  /** Starts downloading the store and RTK Query with the endpoints (once): the borrower has begun. */
  const preload = () => {
    if (preloaded.current) return;
    preloaded.current = true;
    getDispatch().catch(() => undefined);
    preloadBorrowerCalls();
  };

  // The loan product's limits, asked as the page opens: the loan step's hints and choices,
  // and the resolver's context (read at each check).
  const limits = usePlainLoanLimits();
  const form = useForm<ApplicationFormInput, LoanLimits | undefined, ApplicationForm>({
    resolver,
    context: limits,
    mode: 'onTouched',
    defaultValues: { ...EMPTY_APPLICATION, ...(stored?.values ?? {}) },
  });
  const { trigger, getValues, watch, reset, handleSubmit, getFieldState } = form;
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

  // Every change of an answer or of the step is kept for a reload; sending clears it.
  useEffect(() => {
    if (done) {
      writeStored(null);
      return undefined;
    }
    writeStored({ step, values: getValues() });
    const sub = watch((values) => writeStored({ step, values: values as Partial<ApplicationFormInput> }));
    return () => sub.unsubscribe();
  }, [step, done, watch, getValues]);

  const visitRecorded = useRef(false);
  useEffect(() => {
    if (visitRecorded.current) return;
    visitRecorded.current = true;
    void recordVisit();
  }, []);

  const mobile = watch('mobile');
  const confirmedMobile = ticket && ticket.mobile === normalizeMobile(mobile ?? '') ? ticket : null;

  /**
   * Saves the answers so far under the confirmed mobile. Only with its ticket (the server
   * refuses anyone else's draft), so nothing is saved before the code is confirmed.
   */
  const save = (next: ApplyStep, proof = confirmedMobile) => {
    if (!proof) return;
    // Saving is a convenience: a failure must not stop the borrower.
    void saveUnfinished({ mobile: proof.mobile, step: next, data: draftData(getValues()), ticket: proof.value });
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
    const next = nextStep(current);
    save(next);
    go(next);
  };

  const onVerified = ({ ticket: value }: { ticket: string }) => {
    const t = { value, mobile: normalizeMobile(getValues('mobile')) };
    setTicket(t);
    save(afterOtp, t);
    go(afterOtp);
  };

  const onResumed = (app: UnfinishedApplication, t: MobileTicket) => {
    reset({ ...EMPTY_APPLICATION, ...app.data, mobile: app.data.mobile || t.mobile } as ApplicationFormInput);
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

  /** The main button of a step, also run by Enter in a field. */
  const advance = () => {
    if (step === 'review') void submit();
    else if (step === 'otp') {
      if (confirmedMobile) go(afterOtp);
    } else void nextFrom(step);
  };

  return {
    form,
    register,
    limits,
    preload,
    step,
    index: APPLY_STEPS.indexOf(step),
    go,
    back: () => go(APPLY_STEPS[APPLY_STEPS.indexOf(step) - 1] as ApplyStep),
    advance,
    confirmedMobile,
    duplicate,
    clearDuplicate: () => setDuplicate(false),
    resuming,
    setResuming,
    resumedNotice,
    done,
    submitError,
    onVerified,
    onResumed,
    checking: checking.isLoading,
    submitting: submitting.isLoading,
    busy: checking.isLoading || submitting.isLoading || creatingClient.isLoading,
  };
}

export type ApplyFlow = ReturnType<typeof useApplyFlow>;
