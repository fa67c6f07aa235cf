/**
 * Small form pieces shared by the account islands: a labelled field with its error underneath,
 * a password input with show/hide, the buttons' looks, and what sits under the sign-in forms.
 */
import { useId, useState, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from "react";
import { showToast } from "../../components/ui/toast-store";
import { continueWithGoogle } from "./auth-flows";
import { flashToast } from "../../components/ui/flash-toasts";

export { useHydrated } from "../../components/ui/use-hydrated";

/** The text value of a named field of a form (uncontrolled inputs keep what was typed before hydration). */
export function fieldValue(form: HTMLFormElement, name: string): string {
  const value = new FormData(form).get(name);
  return typeof value === "string" ? value : "";
}

export const inputClass =
  "block w-full rounded-xl border border-cream-300 bg-white px-3.5 py-2.5 text-sm text-ink-900 shadow-xs placeholder:text-ink-300 transition focus:border-gold-500 focus:outline-none focus:ring-2 focus:ring-gold-300/60 aria-[invalid=true]:border-red-400 aria-[invalid=true]:ring-red-200 aria-[readonly=true]:bg-cream-100 aria-[readonly=true]:text-ink-500 disabled:opacity-60";

export const primaryButton =
  "inline-flex w-full items-center justify-center gap-2 rounded-full bg-ink-900 px-5 py-3 text-sm font-semibold text-cream-50 shadow-sm transition hover:bg-ink-700 disabled:cursor-not-allowed disabled:opacity-60";

export const secondaryButton =
  "inline-flex w-full items-center justify-center gap-2 rounded-full border border-ink-900/15 bg-white px-5 py-3 text-sm font-medium text-ink-900 transition hover:bg-cream-100 disabled:cursor-not-allowed disabled:opacity-60";

export const linkButton = "text-sm font-medium text-ink-700 underline decoration-gold-500 underline-offset-4 hover:text-ink-900";

interface FieldProps {
  label: string;
  required?: boolean;
  error?: string | undefined;
  children: (ids: { inputId: string; errorId: string; invalid: boolean }) => ReactNode;
  className?: string;
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
        {required && <span aria-hidden="true" className="text-red-600">*</span>}
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

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "id"> & {
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

type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, "id"> & {
  label: string;
  error?: string | undefined;
  required?: boolean;
  options: readonly { value: string; label: string }[];
  placeholder?: string;
};

export function SelectField({ label, error, required, className, options, placeholder, ...select }: SelectProps) {
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

export const GENDER_OPTIONS = [
  { value: "male", label: "Male" },
  { value: "female", label: "Female" },
  { value: "other", label: "Other" },
] as const;

/** The Google "G", drawn inline (no external image). */
export function GoogleMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 48 48" className="size-5">
      <path fill="#FFC107" d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z" />
      <path fill="#FF3D00" d="M6.3 14.7l6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z" />
      <path fill="#4CAF50" d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z" />
      <path fill="#1976D2" d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z" />
    </svg>
  );
}

/** Under a sign-in form: an "or" divider, "Continue with Google", and a way back to the home page. */
export function AuthAlternatives({ onGoogle, disabled }: { onGoogle: () => void; disabled: boolean }) {
  return (
    <>
      <div className="flex items-center gap-3 text-xs tracking-widest text-ink-300 uppercase" aria-hidden="true">
        <span className="h-px flex-1 bg-cream-300" />
        or
        <span className="h-px flex-1 bg-cream-300" />
      </div>
      <button type="button" className={secondaryButton} onClick={onGoogle} disabled={disabled}>
        <GoogleMark />
        Continue with Google
      </button>
      <a href="/" className={`${secondaryButton} border-transparent bg-transparent`}>
        Go to Home
      </a>
    </>
  );
}

/**
 * "Continue with Google" for the login and sign-up forms: the spec's toasts, then `redirect`.
 * `otherBusy` is the form's own request, which blocks a second one.
 */
export function useGoogleSignIn(redirect: string, otherBusy: boolean): { busy: boolean; signIn: () => Promise<void> } {
  const [busy, setBusy] = useState(false);
  async function signIn() {
    if (busy || otherBusy) return;
    setBusy(true);
    try {
      await continueWithGoogle();
      flashToast({ type: "success", title: "Welcome! You're now logged in." });
      location.assign(redirect);
    } catch (error) {
      console.error("[google] sign-in failed", error);
      showToast({ type: "error", title: "Google sign-in failed." });
      setBusy(false);
    }
  }
  return { busy, signIn };
}
