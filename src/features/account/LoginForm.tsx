/**
 * Login (SPEC §2, §4, §5): email and password required, 'Logging in...' while busy; after login,
 * the requested page (?redirect=, from the guards) or /.
 *
 * A visitor already signed in is sent on by the server (the middleware), never by this form: the
 * cookies alone do not prove a session (when Firebase or the database cannot be asked, the server
 * treats the visitor as anonymous but keeps the cookies, and a client redirect on the cookies would
 * bounce between a guarded page and /login forever). A page restored from the back/forward cache
 * is reloaded instead, so the server decides again.
 */
import { useEffect, useState, type SubmitEvent } from "react";
import { showToast } from "../../components/ui/toast-store";
import { LIMITS, validateLogin, type FieldErrors, type LoginValues } from "./account";
import { loginWithEmail, preloadAuth } from "./auth-flows";
import { AuthAlternatives, useGoogleSignIn, PasswordField, TextField, fieldValue, primaryButton, useHydrated } from "./form-ui";
import { flashToast } from "../../components/ui/flash-toasts";
import { initSession } from "./session-store";

interface Props {
  /** Where to go after login (already made safe by the page). */
  redirect?: string;
}

export default function LoginForm({ redirect = "/" }: Props) {
  const hydrated = useHydrated();
  const [errors, setErrors] = useState<FieldErrors<keyof LoginValues>>({});
  const [busy, setBusy] = useState(false);
  const google = useGoogleSignIn(redirect, busy);

  useEffect(() => {
    initSession();
    // Restored from the back/forward cache (e.g. Back after logging in): ask the server again.
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) location.reload();
    };
    window.addEventListener("pageshow", onShow);
    return () => window.removeEventListener("pageshow", onShow);
  }, []);

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


  return (
    <form noValidate method="post" onSubmit={onSubmit} onFocus={preloadAuth} className="space-y-5" aria-busy={busy}>
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
      <AuthAlternatives onGoogle={google.signIn} disabled={busy || google.busy || !hydrated} />
    </form>
  );
}
