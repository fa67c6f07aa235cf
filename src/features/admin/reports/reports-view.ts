/**
 * The Reports and GST summary screens' view (docs/product.md Admin reports), pure so it is tested
 * without a browser: the period (a preset, or from/to India days) and the points (per day, week or
 * month) read from and written to the address, so a reload or a shared link shows the same report.
 */
import {
  PRESETS,
  defaultBucket,
  presetRange,
  rangeProblem,
  type Bucket,
  type DayRange,
  type Preset,
} from "~/features/reports/report-range";

export const REPORTS_TEXTS = {
  loading: "Loading reports",
  failed: "Failed to load reports",
  gstLoading: "Loading the GST summary",
  gstFailed: "Failed to load the GST summary",
  downloaded: "Download ready",
  notDownloaded: "Download failed",
} as const;

export interface ReportsView {
  /** A preset, or "custom" with its own from/to. */
  period: Preset | "custom";
  range: DayRange;
  /** Chosen points, or null: the default for the period's length. */
  by: Bucket | null;
}

const BUCKET_VALUES = new Set<string>(["day", "week", "month"]);
const PRESET_VALUES = new Set<string>(PRESETS.map((p) => p.value));

/** `?period=last-month&by=week` or `?from=2026-04-01&to=2026-04-30`; anything odd falls back to this month. */
export function readReportsView(search: string, now: Date = new Date()): ReportsView {
  const params = new URLSearchParams(search);
  const byText = params.get("by") ?? "";
  const by = BUCKET_VALUES.has(byText) ? (byText as Bucket) : null;
  const from = params.get("from") ?? "";
  const to = params.get("to") ?? "";
  if (from && to && rangeProblem({ from, to }) === null)
    return { period: "custom", range: { from, to }, by: fits({ from, to }, by) };
  const named = params.get("period") ?? "";
  const period = PRESET_VALUES.has(named) ? (named as Preset) : "this-month";
  const range = presetRange(period, now);
  return { period, range, by: fits(range, by) };
}

/** A per-day choice that the period is too long for is dropped (the default applies). */
function fits(range: DayRange, by: Bucket | null): Bucket | null {
  return by && rangeProblem(range, by) === null ? by : null;
}

export function reportsSearch(view: ReportsView): string {
  const params = new URLSearchParams();
  if (view.period === "custom") {
    params.set("from", view.range.from);
    params.set("to", view.range.to);
  } else if (view.period !== "this-month") params.set("period", view.period);
  if (view.by) params.set("by", view.by);
  const text = params.toString();
  return text ? `?${text}` : "";
}

export function bucketOfView(view: ReportsView): Bucket {
  return view.by ?? defaultBucket(view.range);
}

/** The period as the API reads it. */
export function periodQuery(range: DayRange): string {
  return `from=${range.from}&to=${range.to}`;
}

/** The India months (YYYY-MM) the period touches, as the claims report reads them (decision 0270). */
export function monthsOf(range: DayRange): { from: string; to: string } {
  return { from: range.from.slice(0, 7), to: range.to.slice(0, 7) };
}

export function salesPath(view: ReportsView): string {
  return `/v2/admin/reports/sales?${periodQuery(view.range)}&by=${bucketOfView(view)}`;
}

export function gstPath(range: DayRange): string {
  return `/v2/admin/reports/gst?${periodQuery(range)}`;
}

export function gstCsvPath(range: DayRange): string {
  return `/v2/admin/reports/gst.csv?${periodQuery(range)}`;
}

export function exportPath(name: string, range: DayRange): string {
  return `/v2/admin/exports/${name}?${periodQuery(range)}`;
}

/** The file name a download is saved as: the server's, from Content-Disposition, or the given one. */
export function csvName(disposition: string | null, fallback: string): string {
  const match = /filename="([^"]+)"/.exec(disposition ?? "");
  return match?.[1] ?? fallback;
}
