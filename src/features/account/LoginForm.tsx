/**
 * Login (docs/product.md §2, §4, §5): email and password required, 'Logging in...' while busy; after login,
 * the requested page (?redirect=, from the guards) or /.
 *
 * A visitor already signed in is sent on by the server (the middleware), never by this form: the
 * cookies alone do not prove a session (when Firebase or the database cannot be asked, the server
 * treats the visitor as anonymous but keeps the cookies, and a client redirect on the cookies would
 * bounce between a guarded page and /login forever). A page restored from the back/forward cache
 * is reloaded instead, so the server decides again.
 */
import { useEffect, useRef } from "react";
import { flashToast } from "~/components/ui/flash-toasts";
import { PasswordField, TextField, primaryButton } from "~/components/ui/form-fields";
import { showToast } from "~/components/ui/toast-store";
import { takeEarlySubmit } from "~/components/ui/early-submit";
import { useSchemaForm } from "~/components/ui/use-schema-form";
import { LIMITS } from "./account";
import { loginSchema, type LoginInput } from "./account.schema";
import { loginWithEmail, preloadAuth } from "./auth-flows";
import { AuthAlternatives, useGoogleSignIn } from "./google-sign-in";
import { initSession } from "./session-store";

interface Props {
  /** Where to go after login (already made safe by the page). */
  redirect?: string;
}

export default function LoginForm({ redirect = "/" }: Props) {
  // Submit works from the first paint: one sent before hydration is held and sent now (decision 0077).
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => takeEarlySubmit(formRef.current), []);
  // It hydrates when she first touches the form (decision 0225), often on the focus that would
  // have started the SDK's download: start it now (decision 0290).
  useEffect(preloadAuth, []);
  // No defaultValues: the server rendered the inputs, and what was typed before hydration is kept.
  const { register, handleSubmit, formState } = useSchemaForm(loginSchema);
  const { errors, isSubmitting: busy } = formState;
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

  async function onValid(values: LoginInput) {
    try {
      await loginWithEmail(values.email, values.password);
      flashToast({ type: "success", title: "Logged in! Welcome back!" });
      location.assign(redirect);
    } catch (error) {
      console.error("[login] failed", error);
      showToast({ type: "error", title: "Invalid credentials or user not found." });
    }
  }

  return (
    <form
      noValidate
      method="post"
      ref={formRef}
      data-early-submit
      onSubmit={handleSubmit(onValid)}
      onFocus={preloadAuth}
      className="space-y-5"
      aria-busy={busy}
    >
      <TextField
        label="Email"
        required
        type="email"
        autoComplete="email"
        inputMode="email"
        maxLength={LIMITS.email}
        error={errors.email?.message}
        disabled={busy}
        {...register("email")}
      />
      <PasswordField
        label="Password"
        required
        autoComplete="current-password"
        maxLength={LIMITS.password}
        error={errors.password?.message}
        disabled={busy}
        {...register("password")}
      />
      <button type="submit" className={primaryButton} disabled={busy}>
        {busy ? "Logging in..." : "Login"}
      </button>
      <AuthAlternatives onGoogle={google.signIn} disabled={busy || google.busy} />
    </form>
  );
}
