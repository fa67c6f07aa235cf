/**
 * The audit screen's shapes and view (docs/decisions/0110-audit-coverage-and-keeping.md): one row as
 * GET /v2/admin/audit answers it, the filters kept in the address, and the page size. Browser-safe:
 * shared by the screen and the server.
 */

/** One owner action as the portal reads it. */
export interface AuditRowJson {
  id: string;
  at: string;
  actorUid: string;
  actorEmail: string | null;
  address: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
}

export interface AuditPage {
  rows: AuditRowJson[];
  /** How many rows the filter keeps in all (`count`: `total` is a money name on the wire) (the pager's "of N"). */
  count: number;
}

/** Rows per page (docs/decisions/0053-admin-lists-on-the-server.md). */
export const AUDIT_PAGE_SIZE = 50;

/** The entities the shop audits today, for the filter's choices (the server accepts any name). */
export const AUDIT_ENTITIES = [
  "order",
  "product",
  "category",
  "quote",
  "inquiry",
  "upload",
  "outbox",
  "settings",
] as const;

/** The filters and page, kept in the address (?who=&entity=&action=&from=&to=&page=). */
export interface AuditView {
  /** Part of the owner's email or uid. */
  who: string;
  entity: string;
  /** An action (`order.status`) or its start (`order.`). */
  action: string;
  /** YYYY-MM-DD, India time, inclusive. */
  from: string;
  to: string;
  /** 0-based (1-based in the address). */
  page: number;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function readAuditView(search: string): AuditView {
  const params = new URLSearchParams(search);
  const text = (name: string) => (params.get(name) ?? "").trim().slice(0, 200);
  const day = (name: string) => (DAY.test(text(name)) ? text(name) : "");
  const page = Number(params.get("page") ?? "1");
  return {
    who: text("who"),
    entity: text("entity"),
    action: text("action"),
    from: day("from"),
    to: day("to"),
    page: Number.isInteger(page) && page > 1 ? page - 1 : 0,
  };
}

export function auditSearch(view: AuditView): string {
  const params = new URLSearchParams();
  for (const key of ["who", "entity", "action", "from", "to"] as const)
    if (view[key]) params.set(key, view[key]);
  if (view.page > 0) params.set("page", String(view.page + 1));
  const text = params.toString();
  return text ? `?${text}` : "";
}
