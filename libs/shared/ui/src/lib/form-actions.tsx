import type { ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import { Button } from './button';
import { SubmitButton, type FormControl, type SubmitButtonProps } from './submit-button';

export interface FormActionsProps<TFieldValues extends FieldValues, TTransformedValues = TFieldValues>
  extends Pick<SubmitButtonProps<TFieldValues, TTransformedValues>, 'busy' | 'disabled' | 'variant'> {
  /** The form's `control`: the submit button follows its submitting state. */
  control: FormControl<TFieldValues, TTransformedValues>;
  /** The submit button's label. */
  children: ReactNode;
  /** Closes the form without saving. */
  onCancel: () => void;
  cancelLabel?: string;
  /** What went wrong with the whole form (e.g. `applyServerErrors(...).message`), shown above the buttons. */
  failure?: string | null;
}

/**
 * The foot of every form in a dialog or card: the form-wide failure (announced), then
 * Cancel and the form's SubmitButton, right-aligned and wrapping at 360 px.
 */
export function FormActions<TFieldValues extends FieldValues, TTransformedValues = TFieldValues>({
  control,
  children,
  onCancel,
  cancelLabel = 'Cancel',
  failure,
  ...submit
}: FormActionsProps<TFieldValues, TTransformedValues>) {
  return (
    <>
      {failure && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {failure}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          {cancelLabel}
        </Button>
        <SubmitButton control={control} {...submit}>
          {children}
        </SubmitButton>
      </div>
    </>
  );
}
