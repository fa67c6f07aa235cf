/**
 * Reading issued documents (docs/decisions/0086-invoice-pdf.md): an order's list, one document as
 * issued, and its PDF: made at the first download from the stored document and kept (with its
 * sha256 on the invoice), so every download after is the same bytes, whatever changed since.
 */
import { createHash } from "node:crypto";
import { and, asc, eq, isNull, lte } from "drizzle-orm";
import type { Db, DbOrTx } from "~/server/db/client";
import { invoicePdfs, invoices } from "~/server/db/schema";
import {
  type BuyerCopy,
  DOCUMENT_TITLES,
  type DocumentLink,
  type IssuedDocument,
  type SellerCopy,
} from "./books";
import { ADVANCE_RECEIPT_PREFIX, documentLines } from "./issue.server";
import { logoImage } from "./invoice-logo.server";
import { renderDocumentPdf } from "./invoice-pdf.server";
import type { DocumentKind } from "./tax";

type InvoiceRow = typeof invoices.$inferSelect;

/** The order's documents, oldest first, with the address each downloads from (`base` + id). */
export async function orderDocuments(
  db: DbOrTx,
  orderId: string,
  base: string,
): Promise<DocumentLink[]> {
  const rows = await db
    .select({
      id: invoices.id,
      kind: invoices.kind,
      number: invoices.number,
      issuedAt: invoices.issuedAt,
    })
    .from(invoices)
    .where(eq(invoices.orderId, orderId))
    .orderBy(asc(invoices.issuedAt), asc(invoices.number));
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind as DocumentKind,
    title: DOCUMENT_TITLES[r.kind as DocumentKind],
    number: r.number,
    issuedAt: r.issuedAt.toISOString(),
    href: `${base}${encodeURIComponent(r.id)}`,
  }));
}

export async function loadDocumentRow(db: DbOrTx, id: string): Promise<InvoiceRow | null> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id));
  return row ?? null;
}

/**
 * The advance receipt vouchers issued on a supply's order before its invoice (decision 0124), for
 * the final tax invoice or bill of supply of a deposit's piece; undefined for any other document.
 */
async function advanceOf(db: DbOrTx, row: InvoiceRow): Promise<IssuedDocument["advance"]> {
  if (row.kind !== "tax-invoice" && row.kind !== "bill-of-supply") return undefined;
  const receipts = await db
    .select({ number: invoices.number, paise: invoices.totalPaise })
    .from(invoices)
    .where(
      and(
        eq(invoices.orderId, row.orderId),
        eq(invoices.kind, "receipt"),
        eq(invoices.series, ADVANCE_RECEIPT_PREFIX),
        lte(invoices.issuedAt, row.issuedAt),
      ),
    )
    .orderBy(asc(invoices.issuedAt), asc(invoices.number));
  if (receipts.length === 0) return undefined;
  return {
    numbers: receipts.map((r) => r.number),
    paise: receipts.reduce((sum, r) => sum + r.paise, 0),
  };
}

export async function issuedDocument(db: DbOrTx, row: InvoiceRow): Promise<IssuedDocument> {
  const credited = row.creditsInvoiceId ? await loadDocumentRow(db, row.creditsInvoiceId) : null;
  const advance = await advanceOf(db, row);
  return {
    ...(advance ? { advance } : {}),
    ...(row.note ? { note: row.note } : {}),
    id: row.id,
    kind: row.kind as DocumentKind,
    number: row.number,
    issuedAt: row.issuedAt,
    orderId: row.orderId,
    creditsNumber: credited?.number ?? null,
    creditsDate: credited?.issuedAt ?? null,
    seller: row.seller as SellerCopy,
    buyer: row.buyer as BuyerCopy,
    placeOfSupplyCode: row.placeOfSupplyCode,
    placeOfSupplyName: row.placeOfSupplyName,
    intraState: row.intraState,
    lines: await documentLines(db, row.id),
    totals: {
      taxablePaise: row.taxablePaise,
      cgstPaise: row.cgstPaise,
      sgstPaise: row.sgstPaise,
      igstPaise: row.igstPaise,
      totalPaise: row.totalPaise,
    },
  };
}

export const sha256Hex = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** The document's PDF as first made (made and kept now if this is its first download). */
export async function documentPdf(db: Db, row: InvoiceRow): Promise<Uint8Array> {
  const stored = await storedPdf(db, row.id);
  if (stored) return stored;
  const doc = await issuedDocument(db, row);
  const bytes = await renderDocumentPdf(
    doc,
    await logoImage(doc.seller.logoUrl),
    await logoImage(doc.seller.signatory?.signatureUrl),
  );
  const sha256 = sha256Hex(bytes);
  await db.transaction(async (tx) => {
    const kept = await tx
      .insert(invoicePdfs)
      .values({ invoiceId: row.id, sha256, pdfBase64: Buffer.from(bytes).toString("base64") })
      .onConflictDoNothing()
      .returning({ id: invoicePdfs.invoiceId });
    if (kept.length)
      await tx
        .update(invoices)
        .set({ pdfSha256: sha256 })
        .where(and(eq(invoices.id, row.id), isNull(invoices.pdfSha256)));
  });
  // Two first downloads at once: both answer the one that was kept.
  return (await storedPdf(db, row.id)) ?? bytes;
}

async function storedPdf(db: DbOrTx, id: string): Promise<Uint8Array | null> {
  const [row] = await db
    .select({ pdf: invoicePdfs.pdfBase64, sha256: invoicePdfs.sha256 })
    .from(invoicePdfs)
    .where(eq(invoicePdfs.invoiceId, id));
  if (!row) return null;
  const bytes = new Uint8Array(Buffer.from(row.pdf, "base64"));
  if (sha256Hex(bytes) !== row.sha256)
    throw new Error(`the stored PDF of document ${id} does not match its checksum`);
  return bytes;
}

/** The PDF as a download: `RT-25-26-000123.pdf`. */
export function pdfResponse(number: string, bytes: Uint8Array): Response {
  const name = `${number.replace(/[^A-Za-z0-9-]+/g, "-")}.pdf`;
  return new Response(bytes as unknown as BodyInit, {
    headers: {
      "content-type": "application/pdf",
      "content-disposition": `attachment; filename="${name}"`,
      "cache-control": "private, no-store",
    },
  });
}
