/**
 * Sign-up (/join-{product}, docs/product.md §2, §4, §5): every field's message under it (signUpSchema),
 * cleared when that field is edited; 'Creating...' while busy; verification email; then the form
 * is cleared and the visitor goes to / whether the attempt succeeded or failed.
 */
import { useEffect, useRef } from "react";
import { flashToast } from "~/components/ui/flash-toasts";
import { PasswordField, SelectField, TextField, primaryButton } from "~/components/ui/form-fields";
import { takeEarlySubmit } from "~/components/ui/early-submit";
import { useSchemaForm } from "~/components/ui/use-schema-form";
import { GENDER_OPTIONS, LIMITS, todayIso } from "./account";
import { signUpSchema, type SignUpInput } from "./account.schema";
import { preloadAuth } from "./auth-flows";
import { signUpWithEmail } from "./sign-up-flow";
import { AuthAlternatives, useGoogleSignIn } from "./google-sign-in";
import ReminderConsentCheckbox from "~/features/reminders/ReminderConsentCheckbox";

interface Props {
  /** Where a successful sign-up (and "Continue with Google") lands: a same-site path, made safe by the page. */
  redirect?: string;
}

export default function SignUpForm({ redirect = "/" }: Props) {
  // Submit works from the first paint: one sent before hydration is held and sent now (decision 0077).
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => takeEarlySubmit(formRef.current), []);
  // It hydrates when she first touches the form (decision 0225), often on the focus that would
  // have started the SDK's download: start it now (decision 0290).
  useEffect(preloadAuth, []);
  // No defaultValues: the server rendered the inputs, and what was typed before hydration is kept.
  const { register, handleSubmit, reset, formState } = useSchemaForm(signUpSchema);
  const { errors, isSubmitting: busy } = formState;
  const google = useGoogleSignIn(redirect, busy);

  async function onValid(values: SignUpInput) {
    // docs/decisions/0197-return-after-sign-in.md: a sign-up lands where the shopper came from.
    let landing = "/";
    try {
      await signUpWithEmail(values);
      landing = redirect;
      flashToast({
        type: "success",
        title: "Success!",
        message: "Verification email sent to your registered email.",
      });
    } catch (error) {
      console.error("[sign-up] failed", error);
      flashToast({
        type: "error",
        title: "Error!",
        message: "Something went wrong. Please try again.",
      });
    }
    // docs/product.md §4: cleared, then home (after a success: where she came from, decision 0197).
    reset();
    location.assign(landing);
  }

  const field = (name: keyof SignUpInput) => ({
    ...register(name),
    error: errors[name]?.message,
    disabled: busy,
  });

  return (
    <form
      noValidate
      method="post"
      ref={formRef}
      data-early-submit
      // The Firebase SDK starts loading while she fills the form in, not after Sign Up (decision 0224).
      onFocus={preloadAuth}
      onSubmit={handleSubmit(onValid)}
      className="space-y-5"
      aria-busy={busy}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="First name"
          required
          autoComplete="given-name"
          maxLength={LIMITS.name}
          {...field("firstName")}
        />
        <TextField
          label="Last name"
          required
          autoComplete="family-name"
          maxLength={LIMITS.name}
          {...field("lastName")}
        />
      </div>
      <TextField
        label="Email"
        required
        type="email"
        autoComplete="email"
        inputMode="email"
        maxLength={LIMITS.email}
        {...field("email")}
      />
      <TextField
        label="Phone number"
        required
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        maxLength={LIMITS.phone}
        placeholder="98XXXXXXXX"
        {...field("phone")}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <PasswordField
          label="Password"
          required
          autoComplete="new-password"
          maxLength={LIMITS.password}
          {...field("password")}
        />
        <PasswordField
          label="Confirm password"
          required
          autoComplete="new-password"
          maxLength={LIMITS.password}
          {...field("confirmPassword")}
        />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="Date of birth"
          required
          type="date"
          max={todayIso()}
          min="1900-01-01"
          {...field("dateOfBirth")}
        />
        <SelectField
          label="Gender"
          required
          options={GENDER_OPTIONS}
          placeholder="Select gender"
          defaultValue=""
          {...field("gender")}
        />
      </div>
      <div>
        <label className="flex items-start gap-3 text-sm text-ink-700">
          <input
            type="checkbox"
            {...register("agree")}
            disabled={busy}
            aria-invalid={errors.agree ? true : undefined}
            aria-describedby={errors.agree ? "agree-error" : undefined}
            className="mt-0.5 size-4 shrink-0 rounded border-cream-300 accent-ink-900"
          />
          <span>I agree to the Terms &amp; Conditions and Privacy Policy.</span>
        </label>
        {errors.agree && (
          <p id="agree-error" className="mt-1.5 text-sm text-red-600" data-field-error>
            {errors.agree.message}
          </p>
        )}
      </div>
      <ReminderConsentCheckbox disabled={busy} {...register("reminders")} />
      <button type="submit" className={primaryButton} disabled={busy}>
        {busy ? "Creating..." : "Sign Up"}
      </button>
      <AuthAlternatives onGoogle={google.signIn} disabled={busy || google.busy} />
    </form>
  );
}
