/**
 * Sign-up (/join-{product}, SPEC §2, §4, §5): every field's message under it, cleared when that
 * field is edited; 'Creating...' while busy; verification email; then the form is cleared and
 * the visitor goes to / whether the attempt succeeded or failed.
 */
import { useRef, useState, type SubmitEvent } from "react";
import { showToast } from "../../components/ui/toast-store";
import { LIMITS, todayIso, validateSignUp, type FieldErrors, type SignUpField, type SignUpValues } from "./account";
import { signUpWithEmail } from "./auth-flows";
import { AuthAlternatives, useGoogleSignIn, GENDER_OPTIONS, PasswordField, SelectField, TextField, fieldValue, primaryButton, useHydrated } from "./form-ui";
import { flashToast } from "../../components/ui/flash-toasts";

interface Props {
  /** Where "Continue with Google" lands (a same-site path). */
  redirect?: string;
}

export default function SignUpForm({ redirect = "/" }: Props) {
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldErrors<SignUpField>>({});
  const [busy, setBusy] = useState(false);
  const google = useGoogleSignIn(redirect, busy);

  // The inputs are uncontrolled (what is typed before hydration is kept). An error clears when its
  // field is edited; editing the password also clears 'Passwords do not match'.
  const clear = (key: SignUpField) =>
    setErrors((e) => {
      const mismatch = key === "password" && e.confirmPassword === "Passwords do not match";
      if (!e[key] && !mismatch) return e;
      const next = { ...e };
      delete next[key];
      if (mismatch) delete next.confirmPassword;
      return next;
    });

  function read(form: HTMLFormElement): SignUpValues {
    const text = (name: SignUpField) => fieldValue(form, name);
    return {
      firstName: text("firstName"),
      lastName: text("lastName"),
      email: text("email"),
      phone: text("phone"),
      password: text("password"),
      confirmPassword: text("confirmPassword"),
      dob: text("dob"),
      gender: text("gender"),
      agree: new FormData(form).get("agree") !== null,
    };
  }

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    const values = read(form);
    const found = validateSignUp(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      const first = Object.keys(found)[0];
      form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setBusy(true);
    try {
      await signUpWithEmail(values);
      flashToast({ type: "success", title: "Success!", message: "Verification email sent to your registered email." });
    } catch (error) {
      console.error("[sign-up] failed", error);
      flashToast({ type: "error", title: "Error!", message: "Something went wrong. Please try again." });
    }
    // SPEC §4: cleared, then home, whether the attempt succeeded or failed.
    formRef.current?.reset();
    setErrors({});
    location.assign("/");
  }


  const field = (key: SignUpField) => ({
    name: key,
    onInput: () => clear(key),
    error: errors[key],
    disabled: busy,
  });

  return (
    <form ref={formRef} noValidate method="post" onSubmit={onSubmit} className="space-y-5" aria-busy={busy}>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="First name" required autoComplete="given-name" maxLength={LIMITS.name} {...field("firstName")} />
        <TextField label="Last name" required autoComplete="family-name" maxLength={LIMITS.name} {...field("lastName")} />
      </div>
      <TextField label="Email" required type="email" autoComplete="email" inputMode="email" maxLength={LIMITS.email} {...field("email")} />
      <TextField label="Phone number" required type="tel" autoComplete="tel" inputMode="tel" maxLength={LIMITS.phone} placeholder="98XXXXXXXX" {...field("phone")} />
      <div className="grid gap-5 sm:grid-cols-2">
        <PasswordField label="Password" required autoComplete="new-password" maxLength={LIMITS.password} {...field("password")} />
        <PasswordField label="Confirm password" required autoComplete="new-password" maxLength={LIMITS.password} {...field("confirmPassword")} />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="Date of birth" required type="date" max={todayIso()} min="1900-01-01" {...field("dob")} />
        <SelectField label="Gender" required options={GENDER_OPTIONS} placeholder="Select gender" defaultValue="" onChange={() => clear("gender")} {...field("gender")} />
      </div>
      <div>
        <label className="flex items-start gap-3 text-sm text-ink-700">
          <input
            name="agree"
            type="checkbox"
            onChange={() => clear("agree")}
            disabled={busy}
            aria-invalid={errors.agree ? true : undefined}
            aria-describedby={errors.agree ? "agree-error" : undefined}
            className="mt-0.5 size-4 shrink-0 rounded border-cream-300 accent-ink-900"
          />
          <span>I agree to the Terms &amp; Conditions and Privacy Policy.</span>
        </label>
        {errors.agree && (
          <p id="agree-error" className="mt-1.5 text-sm text-red-600" data-field-error>
            {errors.agree}
          </p>
        )}
      </div>
      <button type="submit" className={primaryButton} disabled={busy || !hydrated}>
        {busy ? "Creating..." : "Sign Up"}
      </button>
      <AuthAlternatives onGoogle={google.signIn} disabled={busy || google.busy || !hydrated} />
    </form>
  );
}
