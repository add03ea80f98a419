import { APPLY_STEPS, type ApplyStep } from '@loan/shared-contract';
import { STEP_TITLES } from './apply-steps';

/** The progress bar of /apply: one segment per step, named for screen readers. */
export function StepProgress({ step }: { step: ApplyStep }) {
  const index = APPLY_STEPS.indexOf(step);
  return (
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
  );
}
