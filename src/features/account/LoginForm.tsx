/**
 * Login (SPEC §2, §4, §5): email and password required, 'Logging in...' while busy; a visitor
 * already signed in is sent back to where they came from (or /); after login, the requested
 * page (?redirect=, from the guards) or /.
 */
import { useEffect, useState, type SubmitEvent } from "react";
import { showToast } from "../../components/ui/toast-store";
import { LIMITS, validateLogin, type FieldErrors, type LoginValues } from "./account";
import { continueWithGoogle, loginWithEmail } from "./auth-flows";
import { AuthAlternatives, PasswordField, TextField, fieldValue, primaryButton, useHydrated } from "./form-ui";
import { $isAuthenticated, flashToast, initSession } from "./session-store";

interface Props {
  /** Where to go after login (already made safe by the page). */
  redirect?: string;
}

export default function LoginForm({ redirect = "/" }: Props) {
  const hydrated = useHydrated();
  const [errors, setErrors] = useState<FieldErrors<keyof LoginValues>>({});
  const [busy, setBusy] = useState(false);
  const [googleBusy, setGoogleBusy] = useState(false);

  useEffect(() => {
    initSession();
    // The server already redirects a signed-in visitor; this covers pages served from a cache.
    if ($isAuthenticated.get()) location.replace(redirect);
  }, [redirect]);

  // The inputs are uncontrolled, so what is typed before hydration is kept; an error clears on edit.
  const clear = (key: keyof LoginValues) =>
    setErrors((e) => {
      if (!e[key]) return e;
      const next = { ...e };
      delete next[key];
      return next;
    });

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const values: LoginValues = { email: fieldValue(event.currentTarget, "email"), password: fieldValue(event.currentTarget, "password") };
    const found = validateLogin(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await loginWithEmail(values.email, values.password);
      flashToast({ type: "success", title: "Logged in! Welcome back!" });
      location.assign(redirect);
    } catch (error) {
      console.error("[login] failed", error);
      showToast({ type: "error", title: "Invalid credentials or user not found." });
      setBusy(false);
    }
  }

  async function onGoogle() {
    if (googleBusy || busy) return;
    setGoogleBusy(true);
    try {
      await continueWithGoogle();
      flashToast({ type: "success", title: "Welcome! You're now logged in." });
      location.assign(redirect);
    } catch (error) {
      console.error("[google] sign-in failed", error);
      showToast({ type: "error", title: "Google sign-in failed." });
      setGoogleBusy(false);
    }
  }

  return (
    <form noValidate method="post" onSubmit={onSubmit} className="space-y-5" aria-busy={busy}>
      <TextField
        label="Email"
        required
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        maxLength={LIMITS.email}
        onInput={() => clear("email")}
        error={errors.email}
        disabled={busy}
      />
      <PasswordField
        label="Password"
        required
        name="password"
        autoComplete="current-password"
        maxLength={LIMITS.password}
        onInput={() => clear("password")}
        error={errors.password}
        disabled={busy}
      />
      <button type="submit" className={primaryButton} disabled={busy || !hydrated}>
        {busy ? "Logging in..." : "Login"}
      </button>
      <AuthAlternatives onGoogle={onGoogle} disabled={busy || googleBusy || !hydrated} />
    </form>
  );
}
