import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes } from 'react';

export const inputClass =
  'h-11 w-full rounded-md border bg-white px-3 text-base text-ink placeholder:text-stone-muted/70 ' +
  'transition-colors focus-visible:border-gold-dark focus-visible:outline-2 focus-visible:outline-offset-0 ' +
  'disabled:cursor-not-allowed disabled:bg-ivory-deep aria-[invalid=true]:border-red-700';

interface FieldShellProps {
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  className?: string;
  children: ReactNode;
}

/** Label above, error right under the control (announced through aria-describedby). */
export function FieldShell({ id, label, error, hint, className = '', children }: FieldShellProps) {
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium text-ink-soft">
        {label}
      </label>
      {children}
      {hint && !error && <p className="text-xs text-stone-muted">{hint}</p>}
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  fieldClassName?: string;
};

export function TextField({ id, label, error, hint, fieldClassName, className = '', ...rest }: InputProps) {
  return (
    <FieldShell id={id} label={label} error={error} hint={hint} className={fieldClassName}>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`${inputClass} ${error ? 'border-red-700' : 'border-stone-line'} ${className}`}
        {...rest}
      />
    </FieldShell>
  );
}

type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & {
  id: string;
  label: string;
  error?: string;
  fieldClassName?: string;
};

export function SelectField({ id, label, error, fieldClassName, children, ...rest }: SelectProps) {
  return (
    <FieldShell id={id} label={label} error={error} className={fieldClassName}>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`${inputClass} ${error ? 'border-red-700' : 'border-stone-line'} pr-8`}
        {...rest}
      >
        {children}
      </select>
    </FieldShell>
  );
}

/** After a failed submit: focus the first field marked invalid, once React has rendered the messages. */
export function focusFirstInvalid(container: HTMLElement | null): void {
  requestAnimationFrame(() => container?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}
