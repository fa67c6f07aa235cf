/**
 * The mail outbox (/admin/outbox): every mail newest first with its state (waiting, sent, failing
 * with its last error, given up), a state filter kept in the address, pages from the server, and
 * Resend on each mail (docs/decisions/0111-outbox-in-the-portal.md).
 */
import ListScreen from "~/features/admin/shell/ListScreen";
import { useStore } from "@nanostores/react";
import { useState } from "react";
import { showToast } from "~/components/ui/toast-store";
import { indiaDateTime } from "~/lib/dates";
import type { ScreenProps } from "~/features/admin/shell/AdminApp";
import { $adminSearch, setSearch } from "~/features/admin/shell/admin-router";
import { showPortalError } from "~/features/admin/shell/portal-errors";
import { useScreenData } from "~/features/admin/shell/use-screen-data";
import { MailOffBanner } from "~/features/admin/setup/SetupGuide";
import {
  MAIL_STATE_LABELS,
  MAIL_STATES,
  OUTBOX_PAGE_SIZE,
  outboxSearch,
  readOutboxView,
  type MailState,
  type OutboxMailJson,
} from "./outbox-admin";
import { fetchOutboxPage, resendOutboxMail } from "./outbox-client";

const STATE_STYLES: Record<MailState, string> = {
  waiting: "bg-cream-100 text-ink-700",
  sent: "bg-green-100 text-green-800",
  failing: "bg-amber-100 text-amber-900",
  "given-up": "bg-red-100 text-red-800",
};

function MailRow({
  mail,
  busy,
  onResend,
}: {
  mail: OutboxMailJson;
  busy: boolean;
  onResend(mail: OutboxMailJson): void;
}) {
  return (
    <li
      className="rounded-2xl border border-cream-200 bg-white p-4 text-sm"
      data-mail-state={mail.state}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-medium text-ink-900">{mail.subject}</p>
          <p className="text-ink-500">
            {mail.channel === "whatsapp" ? "WhatsApp to +" : "To "}
            {mail.to} · {indiaDateTime(mail.createdAt)}
            {mail.sentAt && ` · sent ${indiaDateTime(mail.sentAt)}`}
            {mail.attempts > 0 && ` · ${mail.attempts} attempt${mail.attempts === 1 ? "" : "s"}`}
          </p>
        </div>
        <div className="flex items-center gap-2">
          <span
            className={`rounded-full px-3 py-0.5 text-xs font-semibold ${STATE_STYLES[mail.state]}`}
          >
            {MAIL_STATE_LABELS[mail.state]}
          </span>
          <button
            type="button"
            disabled={busy}
            onClick={() => onResend(mail)}
            className="rounded-full border border-cream-300 px-3 py-1 text-xs font-medium text-ink-700 hover:bg-cream-100 disabled:opacity-50"
          >
            Resend
          </button>
        </div>
      </div>
      {mail.error && (
        <p className="mt-2 break-words text-red-800" data-mail-error>
          Last error: {mail.error}
        </p>
      )}
      <details className="mt-2">
        <summary className="cursor-pointer text-ink-500">Message</summary>
        <pre className="mt-2 whitespace-pre-wrap break-words font-sans text-ink-700">
          {mail.body}
        </pre>
      </details>
    </li>
  );
}

export default function OutboxScreen(_props: ScreenProps) {
  const view = readOutboxView(useStore($adminSearch));
  const data = useScreenData((signal) => fetchOutboxPage(view, signal), [outboxSearch(view)]);
  const [busy, setBusy] = useState<string | null>(null);

  const resend = async (mail: OutboxMailJson) => {
    if (busy) return;
    setBusy(mail.id);
    try {
      await resendOutboxMail(mail.id);
      showToast({ type: "success", title: "Mail queued to send again" });
      data.retry();
    } catch (error) {
      showPortalError(error, "Mail not resent");
    } finally {
      setBusy(null);
    }
  };

  return (
    <ListScreen
      title="Outbox"
      filters={<MailOffBanner />}
      filter={{
        value: view.state,
        options: [["", "All"], ...MAIL_STATES.map((s) => [s, MAIL_STATE_LABELS[s]] as const)],
        onChange: (state) =>
          setSearch(outboxSearch({ state: state as MailState | "", page: 0 }), { push: true }),
      }}
      data={data}
      loading="Loading the outbox"
      failed="The outbox could not be loaded."
      count={({ mails, count }) => ({ rows: mails.length, total: count })}
      empty="No mail here."
      page={view.page}
      pageSize={OUTBOX_PAGE_SIZE}
      pagerLabel="Pages of the outbox"
      onPage={(page) => setSearch(outboxSearch({ ...view, page }), { push: true })}
    >
      {({ mails }) => (
        <ul className="flex flex-col gap-3" aria-label="Mails">
          {mails.map((mail) => (
            <MailRow
              key={mail.id}
              mail={mail}
              busy={busy === mail.id}
              onResend={(m) => void resend(m)}
            />
          ))}
        </ul>
      )}
    </ListScreen>
  );
}
