/**
 * GET /v2/admin/order/{id}/documents (docs/decisions/0086): the order's documents for the portal's
 * order screen, each with its download address (/admin/documents/{id}, read with the session).
 */
import type { APIContext } from "astro";
import { idParam } from "~/lib/fields";
import { requireAdmin } from "~/server/auth/auth.server";
import { getDb } from "~/server/db/client";
import { json, parseWith } from "~/server/http";
import { orderDocuments } from "./documents.server";

export async function getOrderDocuments(context: APIContext): Promise<Response> {
  await requireAdmin(context);
  const orderId = parseWith(idParam(), context.params.id ?? "");
  return json({ documents: await orderDocuments(await getDb(), orderId, "/admin/documents/") });
}
