/**
 * The outbox screen's shapes and view (docs/decisions/0111-outbox-in-the-portal.md): a mail's state,
 * one row as GET /v2/admin/outbox answers it, the filter kept in the address. Browser-safe: shared
 * by the screen and the server.
 */

/**
 * waiting: not sent, no failure yet (no SMTP_URL, or its first attempt is due);
 * sent: delivered; failing: the last attempt failed and another is due;
 * given-up: failed MAX_MAIL_ATTEMPTS times, kept with its last error until the owner resends it.
 */
export const MAIL_STATES = ["waiting", "sent", "failing", "given-up"] as const;
export type MailState = (typeof MAIL_STATES)[number];

export const MAIL_STATE_LABELS: Record<MailState, string> = {
  waiting: "Waiting",
  sent: "Sent",
  failing: "Failing",
  "given-up": "Given up",
};

export interface OutboxMailJson {
  id: string;
  /** mail, or whatsapp (docs/decisions/0237-whatsapp-channel.md: `to` is then the number). */
  channel: "mail" | "whatsapp";
  to: string;
  subject: string;
  body: string;
  state: MailState;
  attempts: number;
  /** The last attempt's error (failing, given up). */
  error: string | null;
  createdAt: string;
  sentAt: string | null;
  /** When the sender tries next (waiting, failing). */
  nextAttemptAt: string | null;
}

export interface OutboxPage {
  mails: OutboxMailJson[];
  /** How many mails the filter keeps in all. */
  count: number;
}

export const OUTBOX_PAGE_SIZE = 50;

export interface OutboxView {
  state: MailState | "";
  page: number;
}

export function readOutboxView(search: string): OutboxView {
  const params = new URLSearchParams(search);
  const state = params.get("state") ?? "";
  const page = Number(params.get("page") ?? "1");
  return {
    state: (MAIL_STATES as readonly string[]).includes(state) ? (state as MailState) : "",
    page: Number.isInteger(page) && page > 1 ? page - 1 : 0,
  };
}

export function outboxSearch(view: OutboxView): string {
  const params = new URLSearchParams();
  if (view.state) params.set("state", view.state);
  if (view.page > 0) params.set("page", String(view.page + 1));
  const text = params.toString();
  return text ? `?${text}` : "";
}
