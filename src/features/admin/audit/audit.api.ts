/**
 * GET /v2/admin/audit[?who=&entity=&action=&from=&to=&limit=&offset=]: the audit trail, newest
 * first, one page at a time (docs/decisions/0110-audit-coverage-and-keeping.md). Owner only.
 * from/to are days (YYYY-MM-DD) in India time, both included.
 */
import type { APIContext } from "astro";
import { z } from "zod";
import { DAY_MS, indiaDay, indiaDayStart } from "~/lib/dates";
import { requireAdmin } from "~/server/auth/auth.server";
import { getDb } from "~/server/db/client";
import { HttpError, json, queryInt, readQuery } from "~/server/http";
import { AUDIT_PAGE_SIZE } from "./audit-admin";
import { listAudit } from "./audit-admin.server";

const day = (name: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: `${name} must be a day written YYYY-MM-DD` })
    .optional();

const auditQuery = z.object({
  who: z.string().trim().max(200, { error: "who must be at most 200 characters" }).optional(),
  entity: z.string().trim().max(60, { error: "entity must be at most 60 characters" }).optional(),
  action: z.string().trim().max(80, { error: "action must be at most 80 characters" }).optional(),
  from: day("from"),
  to: day("to"),
  limit: queryInt("limit", { min: 1, max: 500, default: AUDIT_PAGE_SIZE }),
  offset: queryInt("offset", { min: 0, default: 0 }),
});

/** The start of a day in India, or a 400 for a day that is not one. */
function dayStartOrRefuse(text: string, name: string): Date {
  const start = indiaDayStart(text);
  // 2026-02-30 either fails to parse or rolls over into March: both are refused.
  const back = Number.isNaN(start.getTime()) ? "" : indiaDay(start);
  if (back !== text) throw new HttpError(400, `${name} must be a real day written YYYY-MM-DD`);
  return start;
}

export async function getAudit(context: APIContext): Promise<Response> {
  await requireAdmin(context);
  const query = readQuery(context.url, auditQuery);
  const from = query.from ? dayStartOrRefuse(query.from, "from") : undefined;
  const until = query.to
    ? new Date(dayStartOrRefuse(query.to, "to").getTime() + DAY_MS)
    : undefined;
  if (from && until && from >= until) throw new HttpError(400, "from must not be after to");
  return json(
    await listAudit(await getDb(), {
      who: query.who || undefined,
      entity: query.entity || undefined,
      action: query.action || undefined,
      from,
      until,
      limit: query.limit,
      offset: query.offset,
    }),
  );
}
