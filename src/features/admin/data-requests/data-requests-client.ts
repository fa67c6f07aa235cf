/** The data requests area's one call (docs/decisions/0101-data-rights.md), on the portal's API client. */
import { adminGet, queryString } from "~/features/admin/shell/admin-api";
import {
  DATA_REQUESTS_PAGE_SIZE,
  type DataRequestJson,
  type DataRequestsView,
} from "./data-requests-admin";

export function fetchDataRequests(
  view: DataRequestsView,
  signal?: AbortSignal,
): Promise<{ requests: DataRequestJson[]; count: number }> {
  return adminGet(
    `/v2/admin/data-requests${queryString({
      kind: view.kind || undefined,
      limit: DATA_REQUESTS_PAGE_SIZE,
      offset: view.page * DATA_REQUESTS_PAGE_SIZE,
    })}`,
    { signal },
  );
}
