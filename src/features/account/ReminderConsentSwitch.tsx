/**
 * The profile's reminder consent (docs/decisions/0097; the consent itself is features/reminders'): the shopper's current choice (read by the
 * page on the server), changed at once with PUT /v2/reminders/consent; a refusal puts it back
 * with a toast.
 */
import { useState } from "react";
import { showToast } from "~/components/ui/toast-store";
import { api } from "~/lib/api-client";
import { CONSENT_LABEL } from "~/features/reminders/reminders.schema";
import { freshToken } from "./session-store";

export default function ReminderConsentSwitch({ initial }: { initial: boolean }) {
  const [on, setOn] = useState(initial);
  const [busy, setBusy] = useState(false);

  async function change(next: boolean) {
    setOn(next);
    setBusy(true);
    try {
      const token = await freshToken();
      await api.put("/v2/reminders/consent", { consented: next }, { token });
      showToast({
        type: "success",
        title: "Saved",
        message: next ? "We will remind you about a forgotten cart." : "No reminder mails.",
      });
    } catch (error) {
      setOn(!next);
      showToast({
        type: "error",
        title: "Not saved",
        message: error instanceof Error ? error.message : "Please try again.",
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section
      className="mt-8 rounded-3xl border border-cream-200 bg-white/85 p-6 shadow-xs sm:p-8"
      aria-labelledby="reminders-title"
    >
      <h2 id="reminders-title" className="text-2xl text-ink-900">
        Reminder mail
      </h2>
      <label className="mt-4 flex items-start gap-3 text-sm text-ink-700">
        <input
          type="checkbox"
          checked={on}
          disabled={busy}
          onChange={(e) => void change(e.currentTarget.checked)}
          className="mt-0.5 size-4 shrink-0 rounded border-cream-300 accent-ink-900"
          data-reminder-consent
        />
        <span>{CONSENT_LABEL}</span>
      </label>
    </section>
  );
}
