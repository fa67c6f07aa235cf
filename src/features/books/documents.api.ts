/**
 * Document downloads (docs/decisions/0086): the shopper's own from /my-orders/{id} (anyone else's
 * is a 404, as if it did not exist), and the owner's from the portal. Both are plain links read with
 * the session cookie (the middleware guards /my-orders/** and /admin/**), so the browser saves
 * the file itself.
 */
import type { APIContext } from "astro";
import { mayRequest } from "~/lib/permissions";
import { getDb } from "~/server/db/client";
import { loadOrderRow } from "~/features/orders/order-records.server";
import { documentPdf, loadDocumentRow, pdfResponse } from "./documents.server";

const notFound = () =>
  new Response(JSON.stringify({ error: "Document not found" }), {
    status: 404,
    headers: { "content-type": "application/json" },
  });

/** GET /my-orders/{orderId}/documents/{documentId}: the signed-in buyer's own document. */
export async function getMyDocument(context: APIContext): Promise<Response> {
  const user = context.locals.user;
  if (!user) return new Response(null, { status: 401 });
  const db = await getDb();
  const row = await loadDocumentRow(db, String(context.params.document ?? ""));
  if (!row || row.orderId !== context.params.id) return notFound();
  const order = await loadOrderRow(db, row.orderId);
  const email = user.emailVerified ? (user.email ?? "").toLowerCase() : "";
  const own =
    order && (order.userId === user.uid || (order.claimEmail !== "" && order.claimEmail === email));
  if (!own) return notFound();
  return pdfResponse(row.number, await documentPdf(db, row));
}

/**
 * GET /admin/documents/{documentId}: any document, for the owner and the roles the permission
 * table names (the accountant; src/lib/permissions.ts). The session's role is read afresh on
 * every page request (session-middleware.server.ts).
 */
export async function getAdminDocument(context: APIContext): Promise<Response> {
  const user = context.locals.user;
  if (!user || !mayRequest(user.role, "GET", context.url.pathname)) return notFound();
  const db = await getDb();
  const row = await loadDocumentRow(db, String(context.params.document ?? ""));
  if (!row) return notFound();
  return pdfResponse(row.number, await documentPdf(db, row));
}
