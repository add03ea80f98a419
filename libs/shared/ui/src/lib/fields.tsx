import { useCallback, useId, useLayoutEffect, useRef, type ChangeEvent, type ComponentPropsWithRef, type ReactNode, type Ref, type RefObject } from 'react';
import { cx } from './cx';

const CONTROL =
  'block w-full rounded-md border bg-white px-3 py-2 text-sm text-gray-900 shadow-sm placeholder:text-gray-400 ' +
  'focus:border-blue-500 focus:outline-none focus:ring-2 focus:ring-blue-200 disabled:opacity-60 ' +
  'dark:bg-slate-900 dark:text-gray-100 dark:placeholder:text-gray-500 dark:focus:ring-blue-900';
const BORDER_OK = 'border-gray-300 dark:border-slate-600';
const BORDER_ERR = 'border-red-500 dark:border-red-500';

interface FieldFrameProps {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  className?: string;
  children: ReactNode;
}

function FieldFrame({ id, label, error, hint, required, className, children }: FieldFrameProps) {
  return (
    <div className={cx('space-y-1', className)}>
      <label htmlFor={id} className="block text-sm font-medium text-gray-700 dark:text-gray-200">
        {label}
        {required && (
          <span className="ml-0.5 text-red-600" aria-hidden="true">
            *
          </span>
        )}
      </label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="text-xs text-gray-500 dark:text-gray-400">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-xs text-red-600 dark:text-red-400" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

function describedBy(id: string, error?: string, hint?: ReactNode) {
  if (error) return `${id}-error`;
  if (hint) return `${id}-hint`;
  return undefined;
}

export interface TextFieldProps extends Omit<ComponentPropsWithRef<'input'>, 'type'> {
  label: ReactNode;
  type?: 'text' | 'email' | 'password' | 'number' | 'tel' | 'date' | 'search' | 'month';
  error?: string;
  hint?: ReactNode;
  /** Class of the wrapper; `className` goes to the input. */
  wrapperClassName?: string;
}

/** The accessibility and styling attributes every text control of a field shares. */
function controlProps(fid: string, error: string | undefined, hint: ReactNode, className: string | undefined) {
  return {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(fid, error, hint),
    className: cx(CONTROL, error ? BORDER_ERR : BORDER_OK, className),
  } as const;
}

/** A labelled input with an inline error; spread react-hook-form's `register()` into it. */
export function TextField({ label, error, hint, id, wrapperClassName, className, type = 'text', required, ...rest }: TextFieldProps) {
  const auto = useId();
  const fid = id ?? auto;
  return (
    <FieldFrame id={fid} label={label} error={error} hint={hint} required={required} className={wrapperClassName}>
      <input
        id={fid}
        type={type}
        required={required}
        {...controlProps(fid, error, hint, className)}
        {...rest}
      />
    </FieldFrame>
  );
}

export interface TextAreaFieldProps extends ComponentPropsWithRef<'textarea'> {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  wrapperClassName?: string;
}

/** A labelled multi-line input with an inline error (comments, reasons); spread `register()` into it. */
export function TextAreaField({ label, error, hint, id, wrapperClassName, className, required, rows = 3, ...rest }: TextAreaFieldProps) {
  const auto = useId();
  const fid = id ?? auto;
  return (
    <FieldFrame id={fid} label={label} error={error} hint={hint} required={required} className={wrapperClassName}>
      <textarea
        id={fid}
        rows={rows}
        required={required}
        {...controlProps(fid, error, hint, className)}
        {...rest}
      />
    </FieldFrame>
  );
}

export interface SelectOption {
  value: string;
  label: string;
  /** Shown but not choosable (say why in the label or the field's hint). */
  disabled?: boolean;
}

export interface SelectFieldProps extends ComponentPropsWithRef<'select'> {
  label: ReactNode;
  options: readonly SelectOption[];
  /** A first, empty option (e.g. 'Choose...'). */
  placeholder?: string;
  error?: string;
  hint?: ReactNode;
  wrapperClassName?: string;
}

/**
 * The value each select was last given (by a form library writing `select.value`, e.g.
 * react-hook-form's `register`, or by the user), so it can be put back when the options it
 * names arrive later: an uncontrolled select given a value before its option exists shows
 * the first option ('Choose...') and forgets the value. The selects of SelectField get a
 * prototype whose `value` setter notes the value (an own accessor on the element would do,
 * but jsdom's elements refuse those).
 */
const wantedValues = new WeakMap<HTMLSelectElement, string>();
let rememberingSelect: HTMLSelectElement | undefined;

function rememberValues(node: HTMLSelectElement): void {
  const base = Object.getPrototypeOf(node) as object;
  if (base === rememberingSelect || base !== HTMLSelectElement.prototype) return;
  if (!rememberingSelect) {
    const own = Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value');
    if (!own?.get || !own.set) return;
    const { get, set } = own;
    rememberingSelect = Object.create(HTMLSelectElement.prototype, {
      value: {
        configurable: true,
        enumerable: true,
        get(this: HTMLSelectElement) {
          return get.call(this);
        },
        set(this: HTMLSelectElement, v: unknown) {
          wantedValues.set(this, v === null || v === undefined ? '' : String(v));
          set.call(this, v);
        },
      },
    }) as HTMLSelectElement;
  }
  Object.setPrototypeOf(node, rememberingSelect);
}

/** Hands the element to the caller's ref (a callback, e.g. react-hook-form's, or an object). */
function assignRef<T>(ref: Ref<T> | undefined, node: T | null): void | (() => void) {
  if (typeof ref === 'function') return ref(node);
  if (ref) (ref as RefObject<T | null>).current = node;
  return undefined;
}

/** For an uncontrolled select (no `value`: React keeps a controlled one in step itself). */
function useWantedValue(ref: Ref<HTMLSelectElement> | undefined, options: readonly SelectOption[], controlled: boolean) {
  const el = useRef<HTMLSelectElement | null>(null);
  const setRef = useCallback(
    (node: HTMLSelectElement | null) => {
      el.current = node;
      if (node) rememberValues(node);
      return assignRef(ref, node);
    },
    [ref],
  );
  const values = options.map((o) => o.value);
  const key = values.join('\u0000');
  useLayoutEffect(() => {
    const node = el.current;
    const want = node && !controlled ? wantedValues.get(node) : undefined;
    if (node && want !== undefined && node.value !== want && key.split('\u0000').includes(want)) node.value = want;
  }, [key, controlled]);
  const remember = (e: ChangeEvent<HTMLSelectElement>) => {
    wantedValues.set(e.currentTarget, e.currentTarget.value);
  };
  return { setRef, remember };
}

export function SelectField({
  label,
  options,
  placeholder,
  error,
  hint,
  id,
  wrapperClassName,
  className,
  required,
  ref,
  onChange,
  ...rest
}: SelectFieldProps) {
  const auto = useId();
  const fid = id ?? auto;
  const { setRef, remember } = useWantedValue(ref, options, rest.value !== undefined);
  return (
    <FieldFrame id={fid} label={label} error={error} hint={hint} required={required} className={wrapperClassName}>
      <select
        id={fid}
        required={required}
        {...controlProps(fid, error, hint, className)}
        {...rest}
        ref={setRef}
        onChange={(e) => {
          remember(e);
          onChange?.(e);
        }}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value} disabled={o.disabled}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

export interface CheckboxFieldProps extends Omit<ComponentPropsWithRef<'input'>, 'type'> {
  label: ReactNode;
  error?: string;
  wrapperClassName?: string;
}

export function CheckboxField({ label, error, id, wrapperClassName, className, ...rest }: CheckboxFieldProps) {
  const auto = useId();
  const fid = id ?? auto;
  return (
    <div className={cx('space-y-1', wrapperClassName)}>
      <div className="flex items-center gap-2">
        <input
          id={fid}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${fid}-error` : undefined}
          className={cx('h-4 w-4 rounded border-gray-300 text-blue-600 focus:ring-blue-500 dark:border-slate-600', className)}
          {...rest}
        />
        <label htmlFor={fid} className="text-sm text-gray-700 dark:text-gray-200">
          {label}
        </label>
      </div>
      {error && (
        <p id={`${fid}-error`} className="text-xs text-red-600 dark:text-red-400" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
