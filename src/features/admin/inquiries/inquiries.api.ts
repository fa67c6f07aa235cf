/**
 * Handlers of the inquiries inbox API (docs/product.md §7 Admin). Each starts with requireAdmin (401 without a
 * token, 403 for a shopper) before it reads anything else.
 */
import type { APIContext } from "astro";
import { z } from "zod";
import { requireAdmin } from "~/server/auth/auth.server";
import { auditActor } from "~/features/audit/audit.server";
import { getDb } from "~/server/db/client";
import { json, parseWith, queryInt, readQuery } from "~/server/http";
import { idParam } from "~/lib/fields";
import { INQUIRY_STATUSES, MANUAL_INQUIRY_STATUSES } from "./inquiries-admin";
import { countInquiries, listInquiries, setInquiryStatus } from "./inquiries-admin.server";

const anyStatus = z
  .enum(INQUIRY_STATUSES, { error: `status must be ${INQUIRY_STATUSES.join(", ")}` })
  .optional();

const listQuery = z.object({
  status: anyStatus,
  limit: queryInt("limit", { min: 0, max: 100_000, default: 0 }),
  offset: queryInt("offset", { min: 0, default: 0 }),
});

const setQuery = z.object({
  status: z.enum(MANUAL_INQUIRY_STATUSES, {
    error: "status must be new, contacted or closed (quoted and paid are set by a quote)",
  }),
});

/** GET /v2/admin/inquiries[?status=&limit=&offset=]: newest first. */
export async function getInquiries(context: APIContext): Promise<Response> {
  await requireAdmin(context);
  const query = readQuery(context.url, listQuery);
  return json(await listInquiries(await getDb(), query));
}

/** GET /v2/admin/inquiries/count[?status=new] -> { count } */
export async function getInquiryCount(context: APIContext): Promise<Response> {
  await requireAdmin(context);
  const { status } = readQuery(context.url, z.object({ status: anyStatus }));
  return json({ count: await countInquiries(await getDb(), status) });
}

/** PATCH /v2/admin/inquiries/{id}?status=new|contacted|closed -> the inquiry */
export async function patchInquiryStatus(context: APIContext): Promise<Response> {
  const actor = auditActor(context, await requireAdmin(context));
  const id = parseWith(idParam(), context.params.id);
  const { status } = readQuery(context.url, setQuery);
  return json(await setInquiryStatus(await getDb(), actor, id, status));
}
