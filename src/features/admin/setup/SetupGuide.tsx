/**
 * The setup guide on the portal's first screen (docs/decisions/0203-setup-guide.md): each step with
 * its status from a real check and where to fix it, until every step is done; with mail not being
 * sent, the banner that says so. Usage: <SetupGuide /> (it reads GET /v2/admin/setup itself).
 */
import { navigate } from "~/features/admin/shell/admin-router";
import { LoadFailed } from "~/features/admin/shell/ScreenState";
import { useScreenData } from "~/features/admin/shell/use-screen-data";
import { fetchSetupGuide } from "./setup-client";
import { SETUP_TEXTS, type SetupStatus } from "./setup-guide";

const PILL: Record<SetupStatus, { text: string; className: string }> = {
  done: { text: "Done", className: "bg-emerald-100 text-emerald-800" },
  todo: { text: "To do", className: "bg-cream-200 text-ink-800" },
  failed: { text: "Failed", className: "bg-red-100 text-red-800" },
};

/** The banner of mail not being sent (the dashboard's and the Outbox's). */
export function MailOffNotice() {
  return (
    <p
      className="rounded-2xl bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200"
      role="status"
      data-mail-off
    >
      {SETUP_TEXTS.mailOff}
    </p>
  );
}

/** The Outbox's banner: only while mail is not being sent. */
export function MailOffBanner() {
  const data = useScreenData((signal) => fetchSetupGuide(signal), []);
  return data.state === "found" && data.data.mailOff ? <MailOffNotice /> : null;
}

export default function SetupGuide() {
  const data = useScreenData((signal) => fetchSetupGuide(signal), []);
  if (data.state === "loading" || data.state === "missing") return null;
  if (data.state === "failed")
    return (
      <LoadFailed
        text="The setup guide could not be loaded."
        detail={data.error}
        onRetry={data.retry}
      />
    );
  const guide = data.data;
  if (guide.done) return null;
  const left = guide.steps.filter((s) => s.status !== "done").length;
  return (
    <section
      className="space-y-3 rounded-3xl border border-cream-200 bg-white/85 p-5"
      aria-labelledby="setup-guide-title"
      data-setup-guide
    >
      {guide.mailOff && <MailOffNotice />}
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="setup-guide-title" className="text-xl text-ink-900">
          {SETUP_TEXTS.heading}
        </h2>
        <p className="text-sm text-ink-600">
          {left} of {guide.steps.length} steps left
        </p>
      </div>
      <ol className="divide-y divide-cream-200">
        {guide.steps.map((step) => (
          <li
            key={step.key}
            className="flex flex-wrap items-start gap-x-3 gap-y-1 py-2 text-sm"
            data-setup-step={step.key}
            data-setup-status={step.status}
          >
            <span
              className={`rounded-full px-2 py-0.5 text-xs font-semibold ${PILL[step.status].className}`}
            >
              {PILL[step.status].text}
            </span>
            <span className="min-w-0 flex-1">
              <span className="block font-medium text-ink-900">{step.title}</span>
              <span className="block break-words text-ink-600">{step.detail}</span>
            </span>
            {step.status !== "done" &&
              (step.href ? (
                <a
                  href={step.href}
                  onClick={(event) => {
                    event.preventDefault();
                    navigate(step.href!);
                  }}
                  className="text-sm font-semibold text-gold-700 underline"
                >
                  Fix
                </a>
              ) : (
                step.doc && <span className="text-xs text-ink-500">See {step.doc}</span>
              ))}
          </li>
        ))}
      </ol>
    </section>
  );
}
