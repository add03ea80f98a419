import { useRef, type MouseEvent } from 'react';
import { useFormState, type Control, type FieldValues } from 'react-hook-form';
import { Button, type ButtonProps } from './button';

/**
 * The `control` of any form, also one whose resolver transforms the values on submit
 * (`useForm<z.input<S>, unknown, z.output<S>>`): the button only reads the form's state,
 * so the submitted (output) type does not matter to it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the form's context type: the button never reads it
export type FormControl<TFieldValues extends FieldValues, TTransformedValues = TFieldValues> = Control<TFieldValues, any, TTransformedValues>;

export interface SubmitButtonProps<TFieldValues extends FieldValues, TTransformedValues = TFieldValues>
  extends Omit<ButtonProps, 'type' | 'loading'> {
  /** The form's `control` (from useForm): the button follows its submitting state. */
  control: FormControl<TFieldValues, TTransformedValues>;
  /** Also busy while this is true (a mutation still running after the form settled). */
  busy?: boolean;
}

/**
 * The submit button of every form: shows progress while the form submits and cannot
 * submit twice. react-hook-form marks the form submitting synchronously in the first
 * click's handler; the guard also drops a second click that arrives before React re-renders.
 */
export function SubmitButton<TFieldValues extends FieldValues, TTransformedValues = TFieldValues>({
  control,
  busy,
  onClick,
  children,
  ...rest
}: SubmitButtonProps<TFieldValues, TTransformedValues>) {
  const { isSubmitting } = useFormState({ control });
  const working = isSubmitting || Boolean(busy);
  // Held from a click until the next task, by when React has rendered the disabled state.
  const locked = useRef(false);
  const guard = (e: MouseEvent<HTMLButtonElement>) => {
    if (working || locked.current) {
      e.preventDefault();
      return;
    }
    locked.current = true;
    setTimeout(() => (locked.current = false), 0);
    onClick?.(e);
  };
  return (
    <Button type="submit" loading={working} onClick={guard} {...rest}>
      {children}
    </Button>
  );
}
