/**
 * Credit notes (docs/decisions/0085, 0182) and refund vouchers (rule 51: an advance refunded before
 * its supply, against the advance's receipt voucher): a succeeded refund's, in the transaction that records it, and
 * a cancelled order's, in the transaction of the owner's status change. Each references the order's
 * sale document, reverses part of its lines in the invoice's split (CGST + SGST or IGST) and is
 * numbered from the credit note series. The invoice's row is locked while its credits are summed,
 * so a refund and a cancel at once queue, and together the notes never credit more than it.
 */
import { and, eq, inArray, notInArray } from "drizzle-orm";
import type { Tx } from "~/server/db/client";
import { invoices, payments } from "~/server/db/schema";
import type { BuyerCopy, DocumentDraft, SellerCopy } from "./books";
import { readBusinessSettings } from "./business-settings.server";
import {
  ADVANCE_RECEIPT_PREFIX,
  CORRECTING_KINDS,
  REFUND_VOUCHER_PREFIX,
  documentLines,
  saleDocumentOf,
  storeDocument,
} from "./issue.server";
import { type TaxedLine, creditLines, remainingLines, sumLines } from "./tax";

interface CreditRequest {
  orderId: string;
  /** The succeeded refund; absent for a cancellation. */
  refundId?: string;
  /** Absent: everything not yet credited (a cancelled supply). */
  amountPaise?: number;
}

/**
 * A succeeded refund's credit note, once per refund. Nothing when the order has no document (paid
 * before the books existed), or everything was already credited (a cancel credits the whole rest).
 * Like the sale's document, a failure is logged inside a savepoint and the refund is still recorded.
 */
export async function issueCreditNote(
  tx: Tx,
  refund: { id: string; orderId: string; amountPaise: number },
  now = new Date(),
): Promise<string | null> {
  try {
    return await tx.transaction((sp) =>
      creditNoteIn(
        sp,
        { orderId: refund.orderId, refundId: refund.id, amountPaise: refund.amountPaise },
        now,
      ),
    );
  } catch (error) {
    console.error(
      `[books] NO CREDIT NOTE ISSUED for refund ${refund.id} of order ${refund.orderId}; the refund is recorded:`,
      error,
    );
    return null;
  }
}

/**
 * A cancelled order's credit note for whatever of its sale document is not yet credited (after a
 * partial refund, only the rest; after a full one, nothing), answering its number or null. Called
 * by the owner's status change in its transaction: a failure fails the cancel, so a cancelled
 * supply is never left invoiced (the owner tries again; no shopper's payment waits on it).
 */
export async function creditCancelledOrder(
  tx: Tx,
  orderId: string,
  now = new Date(),
): Promise<string | null> {
  const id = await creditNoteIn(tx, { orderId }, now);
  if (!id) return null;
  const [note] = await tx
    .select({ number: invoices.number })
    .from(invoices)
    .where(eq(invoices.id, id));
  return note?.number ?? null;
}

/** The sale document a payment of this (link's) order made, wherever it was filed. */
async function paidDocumentOf(tx: Tx, orderId: string) {
  const paid = tx
    .select({ id: payments.providerPaymentId })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, "SUCCESS")));
  const [row] = await tx
    .select()
    .from(invoices)
    .where(and(inArray(invoices.paymentId, paid), notInArray(invoices.kind, CORRECTING_KINDS)))
    .limit(1);
  return row ?? null;
}

async function creditNoteIn(tx: Tx, request: CreditRequest, now: Date): Promise<string | null> {
  if (request.refundId) {
    const [existing] = await tx
      .select({ id: invoices.id })
      .from(invoices)
      .where(eq(invoices.refundId, request.refundId));
    if (existing) return existing.id;
  }
  // A deposit's balance is invoiced on its piece's order (decision 0124), paid through the link's
  // row: a refund taken from that row (decision 0212) credits the invoice its payment made.
  const found =
    (await saleDocumentOf(tx, request.orderId)) ?? (await paidDocumentOf(tx, request.orderId));
  if (!found) return null;
  // An advance's receipt voucher (decision 0124) records no supply: refunding it issues a refund
  // voucher (rule 51), and a cancel alone reverses nothing (decision 0182).
  const advance = found.kind === "receipt" && found.series === ADVANCE_RECEIPT_PREFIX;
  if (advance && !request.refundId) return null;
  // The invoice's row lock: credits of one invoice are summed and issued one after the other.
  const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, found.id)).for("update");
  if (!invoice) return null;
  const earlier = await tx
    .select({ id: invoices.id, totalPaise: invoices.totalPaise })
    .from(invoices)
    .where(eq(invoices.creditsInvoiceId, invoice.id));
  const left = invoice.totalPaise - earlier.reduce((sum, n) => sum + n.totalPaise, 0);
  const amount = Math.min(request.amountPaise ?? left, left);
  if (amount <= 0) return null;
  const lines = await noteLines(tx, invoice, earlier, amount, left);
  const { value: settings } = await readBusinessSettings(tx);
  const draft: DocumentDraft = {
    kind: advance ? "refund-voucher" : "credit-note",
    // The same seller as the invoice it corrects.
    seller: invoice.seller as SellerCopy,
    buyer: invoice.buyer as BuyerCopy,
    placeOfSupplyCode: invoice.placeOfSupplyCode,
    placeOfSupplyName: invoice.placeOfSupplyName,
    intraState: invoice.intraState,
    lines,
    totals: sumLines(lines),
  };
  const stored = await storeDocument(
    tx,
    draft,
    { orderId: invoice.orderId, refundId: request.refundId, creditsInvoiceId: invoice.id },
    advance ? REFUND_VOUCHER_PREFIX : settings.creditNotePrefix,
    now,
  );
  return stored.id;
}

/**
 * The note's lines: a part shared over the invoice's lines; the whole rest after earlier notes is
 * each line less what they credited, so all the notes together reverse the invoice exactly.
 */
async function noteLines(
  tx: Tx,
  invoice: { id: string; intraState: boolean },
  earlier: readonly { id: string }[],
  amount: number,
  left: number,
): Promise<TaxedLine[]> {
  const invoiced = await documentLines(tx, invoice.id);
  if (amount === left && earlier.length > 0) {
    const credited: TaxedLine[] = [];
    for (const note of earlier) credited.push(...(await documentLines(tx, note.id)));
    const rest = remainingLines(invoiced, credited);
    if (rest && sumLines(rest).totalPaise === amount) return rest;
  }
  return creditLines(invoiced, amount, invoice.intraState);
}
