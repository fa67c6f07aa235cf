/**
 * The owner's report calls (docs/decisions/0090-reports-read-model.md), owner only (requireAdmin:
 * 401 without a token, 403 for a shopper). The period is `from`/`to` (India days, inclusive;
 * default: this month so far).
 *   GET /v2/admin/reports/sales?from=&to=&by=day|week|month  -> SalesReport
 *   GET /v2/admin/reports/gst?from=&to=                      -> GstSummary
 *   GET /v2/admin/reports/gst.csv?from=&to=                  -> the GST summary as CSV
 *   GET /v2/admin/exports/{name}?from=&to=                   -> a streamed CSV (decision 0092)
 * An export is recorded in the audit trail (who took which file, for which period): the customers
 * file holds personal data.
 */
import type { APIContext } from "astro";
import { z } from "zod";
import { auditActor, recordAudit } from "~/features/audit/audit.server";
import { requireAdmin } from "~/server/auth/auth.server";
import { getDb } from "~/server/db/client";
import { HttpError, json, readQuery } from "~/server/http";
import { csvResponse } from "./csv-stream.server";
import { exportFile } from "./exports.server";
import { GST_CSV_HEADER, gstCsvRows } from "./gst-csv";
import { gstSummary } from "./gst-summary.server";
import {
  defaultBucket,
  presetRange,
  rangeProblem,
  type Bucket,
  type DayRange,
} from "./report-range";
import { EXPORTS, type ExportName } from "./reports";
import { salesReport } from "./sales.server";

const periodQuery = z.object({
  from: z.string().max(10, { error: "from must be a date written as YYYY-MM-DD" }).optional(),
  to: z.string().max(10, { error: "to must be a date written as YYYY-MM-DD" }).optional(),
  by: z.enum(["day", "week", "month"], { error: "by must be day, week or month" }).optional(),
});

/** The period asked for (this month so far when neither end is given); 400 with the reason otherwise. */
function readPeriod(url: URL): { range: DayRange; by: Bucket } {
  const query = readQuery(url, periodQuery);
  if ((query.from === undefined) !== (query.to === undefined))
    throw new HttpError(400, "Give both from and to, or neither (this month so far)");
  const range =
    query.from !== undefined && query.to !== undefined
      ? { from: query.from, to: query.to }
      : presetRange("this-month");
  const problem = rangeProblem(range, query.by);
  if (problem) throw new HttpError(400, problem);
  return { range, by: query.by ?? defaultBucket(range) };
}

export async function getSalesReport(context: APIContext): Promise<Response> {
  await requireAdmin(context);
  const { range, by } = readPeriod(context.url);
  return json(await salesReport(await getDb(), range, by));
}

export async function getGstSummary(context: APIContext): Promise<Response> {
  await requireAdmin(context);
  const { range } = readPeriod(context.url);
  return json(await gstSummary(await getDb(), range));
}

export async function getGstCsv(context: APIContext): Promise<Response> {
  const user = await requireAdmin(context);
  const { range } = readPeriod(context.url);
  const db = await getDb();
  const summary = await gstSummary(db, range);
  await recordAudit(db, auditActor(context, user), {
    action: "export.gst-summary",
    entity: "export",
    entityId: "gst-summary",
    after: range,
  });
  return csvResponse({
    filename: `gst-summary-${range.from}-to-${range.to}.csv`,
    header: GST_CSV_HEADER,
    pages: (async function* () {
      yield gstCsvRows(summary);
    })(),
  });
}

const EXPORT_NAMES = new Set<string>(EXPORTS.map((e) => e.name));

export async function getExport(context: APIContext): Promise<Response> {
  const user = await requireAdmin(context);
  const name = context.params.name ?? "";
  if (!EXPORT_NAMES.has(name))
    throw new HttpError(
      404,
      `There is no export called ${JSON.stringify(name.slice(0, 40))}; choose ${EXPORTS.map((e) => e.name).join(", ")}`,
    );
  // The customers' list is contact details: not the accountant's (docs/decisions/0254).
  if (name === "customers" && user.role === "accountant")
    throw new HttpError(
      403,
      "The customers export holds contact details; only the shop's owner can download it.",
    );
  const { range } = readPeriod(context.url);
  const db = await getDb();
  await recordAudit(db, auditActor(context, user), {
    action: `export.${name}`,
    entity: "export",
    entityId: name,
    after: name === "customers" || name === "stock" ? {} : range,
  });
  return csvResponse(exportFile(db, name as ExportName, range));
}
