import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { errorMessage, fieldErrors } from './errors';

export interface ServerErrorsResult {
  /** The form's fields that now show an error, in the answer's order. */
  fields: string[];
  /** Field errors of the answer that name no field of this form (a ticket, a token). */
  others: Record<string, string>;
  /** A message for the form as a whole when no field shows the error; null otherwise. */
  message: string | null;
}

export interface ApplyServerErrorsOptions<T extends FieldValues> {
  /** The form's fields; the form's current values' keys when left out. */
  fields?: readonly Path<T>[];
  /** The form-level message when the answer has none of its own. */
  fallback?: string;
}

interface FormLike<T extends FieldValues> {
  setError: UseFormSetError<T>;
  getValues?: () => T;
}

/**
 * Puts a 422 answer's field errors on the form's fields (the first one focused), and says
 * what is left for the form to show: the errors that name no field, and a message when
 * no field took the error (any other failure: 409, 500, network). The one 422 loop.
 */
export function applyServerErrors<T extends FieldValues>(
  form: FormLike<T>,
  error: unknown,
  options: ApplyServerErrorsOptions<T> = {},
): ServerErrorsResult {
  const known = new Set<string>(options.fields ?? Object.keys(form.getValues?.() ?? {}));
  const fields: string[] = [];
  const others: Record<string, string> = {};
  for (const [name, messages] of Object.entries(fieldErrors(error))) {
    const text = messages?.[0];
    if (!text) continue;
    if (known.has(name)) {
      form.setError(name as Path<T>, { type: 'server', message: text }, { shouldFocus: fields.length === 0 });
      fields.push(name);
    } else {
      others[name] = text;
    }
  }
  const message = fields.length ? null : (Object.values(others)[0] ?? errorMessage(error, options.fallback));
  return { fields, others, message };
}
