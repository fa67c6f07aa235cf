/** The data requests screen's kinds and view (docs/decisions/0101-data-rights.md). Browser-safe. */
import type { DataRequestKind } from "~/features/privacy/privacy";

export { DATA_REQUEST_LABELS, DATA_REQUESTS_PAGE_SIZE } from "~/features/privacy/privacy";
export type { DataRequestJson, DataRequestKind } from "~/features/privacy/privacy";

export const DATA_REQUEST_KINDS = [
  "export",
  "consent-withdrawal",
  "deletion",
  "grievance",
] as const;

export interface DataRequestsView {
  kind: DataRequestKind | "";
  page: number;
}

export function readDataRequestsView(search: string): DataRequestsView {
  const params = new URLSearchParams(search);
  const kind = params.get("kind") ?? "";
  const page = Number(params.get("page") ?? "1");
  return {
    kind: (DATA_REQUEST_KINDS as readonly string[]).includes(kind) ? (kind as DataRequestKind) : "",
    page: Number.isInteger(page) && page > 1 ? page - 1 : 0,
  };
}

export function dataRequestsSearch(view: DataRequestsView): string {
  const params = new URLSearchParams();
  if (view.kind) params.set("kind", view.kind);
  if (view.page > 0) params.set("page", String(view.page + 1));
  const text = params.toString();
  return text ? `?${text}` : "";
}
