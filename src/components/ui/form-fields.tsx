/**
 * The form pieces every island uses: a labelled field with its error underneath (wired for
 * react-hook-form's `register`, whose ref React 19 passes as a prop), a password input with
 * show/hide, the form-level error line, and the buttons' looks. How to write a form:
 * docs/decisions/0017-forms.md.
 */
import { useId, useState, type ComponentProps, type ReactNode } from "react";

export const inputClass =
  "block w-full rounded-xl border border-cream-300 bg-white px-3.5 py-2.5 text-sm text-ink-900 shadow-xs placeholder:text-ink-300 transition focus:border-gold-500 focus:outline-none focus:ring-2 focus:ring-gold-300/60 aria-[invalid=true]:border-red-400 aria-[invalid=true]:ring-red-200 aria-[readonly=true]:bg-cream-100 aria-[readonly=true]:text-ink-500 disabled:opacity-60";

export const primaryButton =
  "inline-flex w-full items-center justify-center gap-2 rounded-full bg-ink-900 px-5 py-3 text-sm font-semibold text-cream-50 shadow-sm transition hover:bg-ink-700 disabled:cursor-not-allowed disabled:opacity-60";

export const secondaryButton =
  "inline-flex w-full items-center justify-center gap-2 rounded-full border border-ink-900/15 bg-white px-5 py-3 text-sm font-medium text-ink-900 transition hover:bg-cream-100 disabled:cursor-not-allowed disabled:opacity-60";

interface FieldProps {
  label: string;
  required?: boolean | undefined;
  error?: string | undefined;
  children: (ids: { inputId: string; errorId: string; invalid: boolean }) => ReactNode;
  className?: string | undefined;
}

/** A label, the control (render prop gets the ids), and the error line under it. */
export function Field({ label, required, error, children, className = "" }: FieldProps) {
  const inputId = useId();
  const errorId = `${inputId}-error`;
  return (
    <div className={className}>
      <div className="mb-1.5 flex items-baseline gap-1 text-sm font-medium text-ink-700">
        <label htmlFor={inputId}>{label}</label>
        {/* Outside the label, so the field's accessible name is the label alone. */}
        {required && (
          <span aria-hidden="true" className="text-red-600">
            *
          </span>
        )}
      </div>
      {children({ inputId, errorId, invalid: Boolean(error) })}
      {error && (
        <p id={errorId} className="mt-1.5 text-sm text-red-600" data-field-error>
          {error}
        </p>
      )}
    </div>
  );
}

type InputProps = Omit<ComponentProps<"input">, "id"> & {
  label: string;
  error?: string | undefined;
  required?: boolean;
};

export function TextField({ label, error, required, className, ...input }: InputProps) {
  return (
    <Field label={label} required={required} error={error} className={className}>
      {({ inputId, errorId, invalid }) => (
        <input
          id={inputId}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? errorId : undefined}
          className={inputClass}
          {...input}
        />
      )}
    </Field>
  );
}

/** A password input with a Show/Hide toggle. */
export function PasswordField({ label, error, required, className, ...input }: InputProps) {
  const [shown, setShown] = useState(false);
  return (
    <Field label={label} required={required} error={error} className={className}>
      {({ inputId, errorId, invalid }) => (
        <div className="relative">
          <input
            id={inputId}
            type={shown ? "text" : "password"}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? errorId : undefined}
            className={`${inputClass} pr-16`}
            {...input}
          />
          <button
            type="button"
            onClick={() => setShown((s) => !s)}
            aria-pressed={shown}
            aria-label={shown ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
            className="absolute inset-y-0 right-0 flex items-center rounded-r-xl px-3 text-xs font-semibold tracking-wide text-ink-500 uppercase hover:text-ink-900"
          >
            {shown ? "Hide" : "Show"}
          </button>
        </div>
      )}
    </Field>
  );
}

type SelectProps = Omit<ComponentProps<"select">, "id"> & {
  label: string;
  error?: string | undefined;
  required?: boolean;
  options: readonly { value: string; label: string }[];
  placeholder?: string;
};

export function SelectField({
  label,
  error,
  required,
  className,
  options,
  placeholder,
  ...select
}: SelectProps) {
  return (
    <Field label={label} required={required} error={error} className={className}>
      {({ inputId, errorId, invalid }) => (
        <select
          id={inputId}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? errorId : undefined}
          className={inputClass}
          {...select}
        >
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/**
 * A field's error under it, for a compact form that lays out its own inputs (the order screen's
 * panels, the product's lists); `id` is what the input's aria-describedby names.
 */
export function FieldError({ id, message }: { id?: string; message?: string | undefined }) {
  if (!message) return null;
  return (
    <span id={id} className="mt-1 block text-sm text-red-600" data-field-error>
      {message}
    </span>
  );
}

/** The form-level message (the server's 400 that names no field of the form), above the buttons. */
export function FormError({ message }: { message?: string | undefined }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      className="rounded-xl bg-red-50 px-3.5 py-2.5 text-sm text-red-700"
      data-form-error
    >
      {message}
    </p>
  );
}
