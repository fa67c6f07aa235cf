/**
 * "Forgot password?" under the login form (docs/product.md §2 Login): a small dialog asks for the
 * email and Firebase sends its reset link. The toast reads the same whether or not the address has
 * an account, so the form never tells who shops here. The new password is chosen on Firebase's
 * page the mail links to; then the shopper logs in as usual.
 */
import { useRef, useState, type SubmitEvent } from "react";
import { TextField, primaryButton, secondaryButton } from "~/components/ui/form-fields";
import { showToast } from "~/components/ui/toast-store";
import { useModal } from "~/components/ui/use-modal";
import { emailField } from "~/lib/fields";
import { LIMITS } from "./account";
import { preloadAuth, sendPasswordReset } from "./auth-flows";

export const RESET_TEXTS = {
  open: "Forgot password?",
  title: "Reset your password",
  body: "Enter the email you log in with. We will send a link to choose a new password.",
  send: "Send reset link",
  sending: "Sending...",
  cancel: "Cancel",
  sentTitle: "Check your email",
  sentMessage:
    "If an account uses that address, a link to reset its password is on its way. It may take a few minutes.",
  failedTitle: "The reset link could not be sent",
  failedMessage: "Please try again in a moment.",
} as const;

const email = emailField({ required: "Email required", max: LIMITS.email });

export default function ForgotPassword() {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const inputRef = useRef<HTMLInputElement>(null);
  const { dialogRef, requestClose } = useModal(open, () => setOpen(false), {
    onOpen: () => inputRef.current?.focus(),
  });

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = email.safeParse(inputRef.current?.value ?? "");
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setBusy(true);
    try {
      await sendPasswordReset(parsed.data);
      showToast({
        type: "success",
        title: RESET_TEXTS.sentTitle,
        message: RESET_TEXTS.sentMessage,
      });
      requestClose();
    } catch (failure) {
      console.error("[login] the password reset mail could not be sent", failure);
      showToast({
        type: "error",
        title: RESET_TEXTS.failedTitle,
        message: RESET_TEXTS.failedMessage,
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <p className="mt-4 text-center text-sm">
        <button
          type="button"
          className="font-medium text-ink-700 underline decoration-gold-500 underline-offset-4 hover:text-ink-900"
          onClick={() => {
            preloadAuth();
            setError(undefined);
            setOpen(true);
          }}
        >
          {RESET_TEXTS.open}
        </button>
      </p>
      <dialog
        ref={dialogRef}
        aria-labelledby="reset-password-title"
        className="w-[min(28rem,calc(100vw-2rem))] rounded-2xl bg-cream-50 p-6 text-ink-900 shadow-2xl"
        onClose={() => requestClose()}
      >
        {/* Rendered only while open: the login form's own "Email" stays the page's only one. */}
        {open && (
          <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
            <h2 id="reset-password-title" className="text-2xl">
              {RESET_TEXTS.title}
            </h2>
            <p className="text-sm text-ink-700">{RESET_TEXTS.body}</p>
            <TextField
              ref={inputRef}
              label="Email"
              required
              type="email"
              autoComplete="email"
              inputMode="email"
              maxLength={LIMITS.email}
              error={error}
              disabled={busy}
              onChange={() => setError(undefined)}
            />
            <div className="flex flex-col-reverse gap-3 sm:flex-row">
              <button
                type="button"
                className={secondaryButton}
                onClick={() => requestClose()}
                disabled={busy}
              >
                {RESET_TEXTS.cancel}
              </button>
              <button type="submit" className={primaryButton} disabled={busy}>
                {busy ? RESET_TEXTS.sending : RESET_TEXTS.send}
              </button>
            </div>
          </form>
        )}
      </dialog>
    </>
  );
}
