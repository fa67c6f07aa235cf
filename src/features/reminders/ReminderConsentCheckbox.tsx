/**
 * The sign-up's reminder consent (docs/decisions/0097): an unticked box with plain wording; the
 * form's `register("reminders")` props are spread onto it.
 */
import type { ComponentProps } from "react";
import { CONSENT_LABEL } from "./reminders.schema";

export default function ReminderConsentCheckbox(props: ComponentProps<"input">) {
  return (
    <label className="flex items-start gap-3 text-sm text-ink-700">
      <input
        type="checkbox"
        {...props}
        className="mt-0.5 size-4 shrink-0 rounded border-cream-300 accent-ink-900"
        data-reminder-consent
      />
      <span>{CONSENT_LABEL}</span>
    </label>
  );
}
