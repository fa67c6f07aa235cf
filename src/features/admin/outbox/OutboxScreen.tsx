/**
 * The mail outbox (/admin/outbox): every mail newest first with its state (waiting, sent, failing
 * with its last error, given up), a state filter kept in the address, pages from the server, and
 * Resend on each mail (docs/decisions/0111-outbox-in-the-portal.md).
 */
import { MailOffBanner } from "../setup/SetupGuide";
import { useStore } from "@nanostores/react";
import { useState } from "react";
import { showToast } from "../../../components/ui/toast-store";
import { indiaDateTime } from "../../../lib/dates";
import Pager from "../orders/Pager";
import type { ScreenProps } from "../shell/AdminApp";
import { $adminSearch, setSearch } from "../shell/admin-router";
import { showPortalError } from "../shell/portal-errors";
import ScreenState from "../shell/ScreenState";
import { useScreenData } from "../shell/use-screen-data";
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
            To {mail.to} · {indiaDateTime(mail.createdAt)}
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
    <section className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-3xl text-ink-900">Outbox</h1>
        <label className="flex items-center gap-2 text-sm text-ink-700">
          Show
          <select
            value={view.state}
            onChange={(event) =>
              setSearch(outboxSearch({ state: event.target.value as MailState | "", page: 0 }), {
                push: true,
              })
            }
            className="rounded-full border border-cream-300 bg-white px-3 py-1.5 text-sm"
          >
            <option value="">All</option>
            {MAIL_STATES.map((state) => (
              <option key={state} value={state}>
                {MAIL_STATE_LABELS[state]}
              </option>
            ))}
          </select>
        </label>
      </div>
      <MailOffBanner />
      <ScreenState
        data={data}
        loading="Loading the outbox"
        failed="The outbox could not be loaded."
      >
        {({ mails, count: total }) =>
          mails.length === 0 ? (
            <p className="text-ink-500">No mail here.</p>
          ) : (
            <div className={`space-y-4 ${data.refreshing ? "opacity-70" : ""}`}>
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
              <Pager
                page={view.page}
                pages={Math.max(1, Math.ceil(total / OUTBOX_PAGE_SIZE))}
                from={view.page * OUTBOX_PAGE_SIZE + 1}
                to={view.page * OUTBOX_PAGE_SIZE + mails.length}
                total={total}
                label="Pages of the outbox"
                onPage={(page) => setSearch(outboxSearch({ ...view, page }), { push: true })}
              />
            </div>
          )
        }
      </ScreenState>
    </section>
  );
}
