/**
 * The count of failing mails beside 'Outbox' in the admin navigation
 * (docs/decisions/0111-outbox-in-the-portal.md): GET /v2/admin/outbox/count answering `{ count }`.
 * Refreshed when the owner moves between screens and after a resend; a failure shows no badge.
 */
import { atom } from "nanostores";
import { adminGet } from "~/features/admin/shell/admin-api";
import { readCount } from "~/features/admin/shell/inquiry-count";

export const FAILING_MAIL_PATH = "/v2/admin/outbox/count";

export const $failingMail = atom<number | null>(null);

let inFlight: Promise<void> | null = null;

export function refreshFailingMail(): Promise<void> {
  inFlight ??= adminGet<unknown>(FAILING_MAIL_PATH)
    .then((answer) => $failingMail.set(readCount(answer)))
    .catch((error: unknown) => {
      console.warn("[admin] the failing mail count could not be read", error);
      $failingMail.set(null);
    })
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}
