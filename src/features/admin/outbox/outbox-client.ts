/** The outbox area's calls on the portal's one API client (docs/decisions/0052-portal-screen-contract.md). */
import { adminGet, adminPost, queryString } from "~/features/admin/shell/admin-api";
import { failingMail } from "./failing-mail-count";
import {
  OUTBOX_PAGE_SIZE,
  type OutboxMailJson,
  type OutboxPage,
  type OutboxView,
} from "./outbox-admin";

export function fetchOutboxPage(view: OutboxView, signal?: AbortSignal): Promise<OutboxPage> {
  return adminGet<OutboxPage>(
    `/v2/admin/outbox${queryString({
      state: view.state || undefined,
      limit: OUTBOX_PAGE_SIZE,
      offset: view.page * OUTBOX_PAGE_SIZE,
    })}`,
    { signal },
  );
}

/** Resends one mail and refreshes the navigation's count of failing mails. */
export async function resendOutboxMail(id: string): Promise<OutboxMailJson> {
  const mail = await adminPost<OutboxMailJson>(`/v2/admin/outbox/${encodeURIComponent(id)}/resend`);
  void failingMail.refresh();
  return mail;
}
