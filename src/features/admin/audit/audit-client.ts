/** The audit area's call on the portal's one API client (docs/decisions/0052-portal-screen-contract.md). */
import { adminGet, queryString } from "~/features/admin/shell/admin-api";
import { AUDIT_PAGE_SIZE, type AuditPage, type AuditView } from "./audit-admin";

export function fetchAuditPage(view: AuditView, signal?: AbortSignal): Promise<AuditPage> {
  return adminGet<AuditPage>(
    `/v2/admin/audit${queryString({
      who: view.who || undefined,
      entity: view.entity || undefined,
      action: view.action || undefined,
      from: view.from || undefined,
      to: view.to || undefined,
      limit: AUDIT_PAGE_SIZE,
      offset: view.page * AUDIT_PAGE_SIZE,
    })}`,
    { signal },
  );
}
