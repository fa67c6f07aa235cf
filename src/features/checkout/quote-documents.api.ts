/**
 * GET /quote/{token}/documents/{document} (docs/decisions/0086): a paid quote's invoice for whoever
 * holds the quote's link (the link is the key, as for the quote's page; no account needed). Any
 * other document, or a quote not paid, is a 404. Here in checkout, which imports both custom work
 * (the quote) and the books (decision 0062).
 */
import type { APIContext } from "astro";
import { getDb } from "~/server/db/client";
import { documentPdf, loadDocumentRow, pdfResponse } from "~/features/books/documents.server";
import { loadQuotePage } from "~/features/custom/quote-page.server";

export async function getQuoteDocument(context: APIContext): Promise<Response> {
  const db = await getDb();
  const page = await loadQuotePage(db, context.params.token);
  const row = await loadDocumentRow(db, String(context.params.document ?? ""));
  if (page?.state !== "paid" || !row || page.order?.id !== row.orderId)
    return new Response(JSON.stringify({ error: "Document not found" }), {
      status: 404,
      headers: { "content-type": "application/json" },
    });
  return pdfResponse(row.number, await documentPdf(db, row));
}
