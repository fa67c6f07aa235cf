/**
 * The reports area's calls (docs/decisions/0052-portal-screen-contract.md), on the portal's one API
 * client: the sales report, the GST summary, and CSV downloads. A download is asked with the
 * owner's token like every call, then handed to the browser as a file.
 */
import { ApiError, API_TEXTS } from "~/lib/api-client";
import { downloadRefused, saveAsFile } from "~/lib/download";
import type { GstSummary, SalesReport } from "~/features/reports/reports";
import { adminGet, sessionToken } from "~/features/admin/shell/admin-api";
import { csvName, gstPath, salesPath, type ReportsView } from "./reports-view";
import type { DayRange } from "~/features/reports/report-range";

export function fetchSalesReport(view: ReportsView, signal?: AbortSignal): Promise<SalesReport> {
  return adminGet<SalesReport>(salesPath(view), { signal, timeoutMs: 60_000 });
}

export function fetchGstSummary(range: DayRange, signal?: AbortSignal): Promise<GstSummary> {
  return adminGet<GstSummary>(gstPath(range), { signal, timeoutMs: 60_000 });
}

/** Asks for a CSV and saves it under the server's file name. Throws ApiError with the server's sentence. */
export async function downloadCsv(path: string, fallbackName: string): Promise<string> {
  const token = await sessionToken();
  let response: Response;
  try {
    response = await fetch(path, {
      headers: { authorization: `Bearer ${token}`, accept: "text/csv" },
      credentials: "same-origin",
      signal: AbortSignal.timeout(300_000),
    });
  } catch {
    throw new ApiError(0, API_TEXTS.unreachable);
  }
  if (!response.ok) throw await downloadRefused(response, API_TEXTS.failed(response.status));
  const name = csvName(response.headers.get("content-disposition"), fallbackName);
  await saveAsFile(response, name);
  return name;
}
