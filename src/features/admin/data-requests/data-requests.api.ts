/**
 * GET /v2/admin/data-requests[?kind=&limit=&offset=] (docs/decisions/0101-data-rights.md): the
 * shoppers' downloads, withdrawals, erasures and grievances, newest first, with their dates.
 */
import type { APIContext } from "astro";
import { z } from "zod";
import { requireAdmin } from "~/server/auth/auth.server";
import { getDb } from "~/server/db/client";
import { json, queryInt, readQuery } from "~/server/http";
import { listDataRequests } from "~/features/privacy/data-requests.server";
import { DATA_REQUEST_KINDS } from "./data-requests-admin";

const listQuery = z.object({
  kind: z
    .enum(DATA_REQUEST_KINDS, { error: `kind must be ${DATA_REQUEST_KINDS.join(", ")}` })
    .optional(),
  limit: queryInt("limit", { min: 1, max: 200, default: 50 }),
  offset: queryInt("offset", { min: 0, default: 0 }),
});

export async function getDataRequests(context: APIContext): Promise<Response> {
  await requireAdmin(context);
  return json(await listDataRequests(await getDb(), readQuery(context.url, listQuery)));
}
