/**
 * Issuing the shop's documents (docs/decisions/0082, 0084, 0085): a sale's document in the
 * transaction that marks its payment paid (credit notes: credit-note.server.ts). Each is numbered
 * from its series (the prefix) for the financial year, stored as issued (seller, buyer, lines, tax)
 * and never changed; unique keys make a second one for the same payment or refund impossible.
 */
import { describePersonalised } from "~/features/personalisation/personalisation";
import { randomBytes } from "node:crypto";
import { and, desc, eq, notInArray } from "drizzle-orm";
import type { DbOrTx, Tx } from "~/server/db/client";
import { invoiceLines, invoices } from "~/server/db/schema";
import { productTaxCodes } from "~/features/catalogue/tax-codes.server";
import { amountAsked, depositRole } from "~/features/made-to-order/deposits.server";
import {
  loadOrderRow,
  orderItemRows,
  paidOrderOfQuote,
} from "~/features/orders/order-records.server";
import type { StoredOrder } from "~/features/orders/store-order.server";
import type { DocumentDraft } from "./books";
import type { BusinessSettings } from "./business-settings.schema";
import { readBusinessSettings } from "./business-settings.server";
import { type SaleLine, buildSaleDocument, sellerCopy } from "./document";
import { isSlabOn } from "./gst-rates";
import { documentNumber, financialYearOf } from "./numbering";
import { nextSequence } from "./series.server";
import type { GstRate, TaxedLine } from "./tax";

export function newDocumentId(now: Date): string {
  return `doc_${now.getTime().toString(36)}_${randomBytes(5).toString("hex")}`;
}

/** Numbers and stores a document with its lines; answers its id and number. */
export async function storeDocument(
  tx: Tx,
  draft: DocumentDraft,
  links: {
    orderId: string;
    paymentId?: string;
    refundId?: string;
    creditsInvoiceId?: string;
    note?: string;
  },
  prefix: string,
  now: Date,
): Promise<{ id: string; number: string }> {
  const financialYear = financialYearOf(now);
  const sequence = await nextSequence(tx, prefix, financialYear);
  const number = documentNumber(prefix, financialYear, sequence);
  const id = newDocumentId(now);
  await tx.insert(invoices).values({
    id,
    kind: draft.kind,
    number,
    series: prefix,
    financialYear,
    sequence,
    issuedAt: now,
    orderId: links.orderId,
    paymentId: links.paymentId ?? null,
    refundId: links.refundId ?? null,
    creditsInvoiceId: links.creditsInvoiceId ?? null,
    note: links.note ?? null,
    seller: draft.seller,
    buyer: draft.buyer,
    buyerGstin: draft.buyer.gstin || null,
    placeOfSupplyCode: draft.placeOfSupplyCode,
    placeOfSupplyName: draft.placeOfSupplyName,
    intraState: draft.intraState,
    ...draft.totals,
  });
  await tx
    .insert(invoiceLines)
    .values(draft.lines.map((line, i) => ({ invoiceId: id, lineNo: i + 1, ...line })));
  return { id, number };
}

/**
 * The series of advance receipt vouchers (CGST Rules, rule 50): fixed, so "ADV/25-26/000001" fits
 * the 16 characters and never shares a counter with the invoices (decision 0124).
 */
export const ADVANCE_RECEIPT_PREFIX = "ADV";

/**
 * The series of refund vouchers (rule 51): an advance refunded before any supply is made gets a
 * refund voucher against its receipt voucher, never a credit note (decision 0182).
 */
export const REFUND_VOUCHER_PREFIX = "RFV";

/**
 * The sale document an order's lines make. `fullPricePaise`: the supply's whole price on its one
 * line (a deposit's tax invoice at the balance); `advancePaise`: a receipt voucher for the advance
 * (no tax, its one line "Advance against order ..." at the advance paid: the order itself is the
 * piece at its price, decision 0212).
 */
async function saleDraft(
  sp: Tx,
  order: StoredOrder,
  settings: BusinessSettings,
  options: { fullPricePaise?: number; advancePaise?: number },
  now: Date,
): Promise<DocumentDraft> {
  const items = await orderItemRows(sp, order.id);
  const codes = await productTaxCodes(
    sp,
    items.flatMap((i) => (i.productId ? [i.productId] : [])),
  );
  const one = items.length === 1 && items[0]!.quantity === 1;
  const full = options.fullPricePaise !== undefined && one;
  const advance = options.advancePaise !== undefined;
  const advanceOnly = advance && one;
  const lines: SaleLine[] = items.map((item) => {
    const code = item.productId ? codes.get(item.productId) : undefined;
    return {
      name: advance ? `Advance against order ${order.id}: ${item.productName}` : item.productName,
      // The chosen options, then the personalisation: texts and choices, photos by count (0229).
      options: [
        ...Object.values(item.variant ?? {}).map((v) => v.value),
        ...describePersonalised(item.personalisation ?? []),
      ],
      quantity: item.quantity,
      unitPricePaise: full
        ? options.fullPricePaise!
        : advanceOnly
          ? options.advancePaise!
          : item.pricePaise,
      // A discount code's share of this line, as the order stored it (decision 0095); an advance
      // is what was paid, the code already taken off it.
      discountPaise: advanceOnly ? 0 : item.discountPaise,
      hsn: code?.hsn ?? null,
      gstRate: (code?.gstRate ?? null) as GstRate | null,
      isShipping: order.kind === "shipping",
    };
  });
  const linesPaise = items.reduce((sum, i) => sum + i.quantity * i.pricePaise - i.discountPaise, 0);
  const shippingPaise = advanceOnly ? 0 : order.shippingPaise;
  const orderDiscountPaise = advanceOnly
    ? 0
    : Math.max(0, linesPaise + shippingPaise - order.totalPaise);
  const name = `${order.shippingName.firstName} ${order.shippingName.lastName}`.trim();
  const draft = buildSaleDocument({
    // An advance collects no tax: built as a receipt, shown with the seller's real details.
    settings: advance ? { ...settings, registration: "unregistered" } : settings,
    buyer: {
      name,
      email: order.shippingName.email,
      phone: order.shippingName.phone,
      address: order.shippingAddress,
      gstin: order.buyerGstin,
    },
    lines,
    orderDiscountPaise,
    shippingPaise,
  });
  if (advance) draft.seller = sellerCopy(settings);
  // A rate that is no longer a slab is issued as the owner set it, and said (decision 0180); the
  // portal warns on the product, collection and Settings screens.
  for (const line of draft.lines)
    if (!isSlabOn(line.gstRate, now))
      console.warn(
        `[books] order ${order.id}: "${line.description}" is taxed at ${line.gstRate} %, which is no longer a GST slab; change the product's rate in the portal`,
      );
  const expected = full
    ? order.totalPaise - items[0]!.pricePaise + options.fullPricePaise!
    : advanceOnly
      ? options.advancePaise!
      : order.totalPaise;
  if (draft.totals.totalPaise !== expected)
    console.error(
      `[books] order ${order.id}: the document's total ${draft.totals.totalPaise} is not the expected ${expected} paise`,
    );
  return draft;
}

/**
 * The paid order's document (tax invoice, bill of supply or receipt by the registration saved at
 * this moment), once per payment. Called by recordPayment in its transaction, after the order was
 * marked paid. A failure is logged and leaves the payment recorded (a savepoint takes back only
 * the document and its number): a shopper's payment is never refused for its paperwork.
 */
export async function issueSaleDocument(
  tx: Tx,
  orderId: string,
  paymentId: string,
  now = new Date(),
): Promise<string | null> {
  const [existing] = await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.paymentId, paymentId), notInArray(invoices.kind, CORRECTING_KINDS)));
  if (existing) return existing.id;
  try {
    return await tx.transaction(async (sp) => {
      const order = await loadOrderRow(sp, orderId);
      if (!order) return null;
      const { value: settings } = await readBusinessSettings(sp);
      const deposit = order.quoteId ? await depositRole(sp, order.quoteId) : null;
      if (deposit?.role === "advance") {
        // A receipt voucher for the advance, its own series; no tax (decision 0124).
        const advancePaise = await amountAsked(sp, order);
        const draft = await saleDraft(sp, order, settings, { advancePaise }, now);
        const stored = await storeDocument(
          sp,
          draft,
          { orderId, paymentId },
          ADVANCE_RECEIPT_PREFIX,
          now,
        );
        return stored.id;
      }
      if (deposit?.role === "balance") {
        // The balance completes the supply: one tax invoice for the whole piece, on its order.
        const supply = await paidOrderOfQuote(sp, deposit.deposit.quoteId);
        if (supply) {
          const full = deposit.deposit.advancePaise + deposit.deposit.balancePaise;
          const draft = await saleDraft(sp, supply, settings, { fullPricePaise: full }, now);
          const stored = await storeDocument(
            sp,
            draft,
            { orderId: supply.id, paymentId },
            settings.invoicePrefix,
            now,
          );
          return stored.id;
        }
      }
      const draft = await saleDraft(sp, order, settings, {}, now);
      const stored = await storeDocument(
        sp,
        draft,
        { orderId, paymentId },
        settings.invoicePrefix,
        now,
      );
      return stored.id;
    });
  } catch (error) {
    console.error(
      `[books] NO DOCUMENT ISSUED for order ${orderId} (payment ${paymentId}); the payment is recorded:`,
      error,
    );
    return null;
  }
}

type InvoiceRow = typeof invoices.$inferSelect;

/** The kinds that correct another document (a credit note, a refund voucher). */
export const CORRECTING_KINDS = ["credit-note", "refund-voucher"];

/** Documents that are not a sale's: the correcting kinds and a delivery challan (decision 0271). */
const NOT_SALE_KINDS = [...CORRECTING_KINDS, "delivery-challan"];

/** The order's latest sale document (not a credit note or refund voucher), or null. */
export async function saleDocumentOf(db: DbOrTx, orderId: string): Promise<InvoiceRow | null> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), notInArray(invoices.kind, NOT_SALE_KINDS)))
    .orderBy(desc(invoices.issuedAt))
    .limit(1);
  return row ?? null;
}

export async function documentLines(db: DbOrTx, invoiceId: string): Promise<TaxedLine[]> {
  const rows = await db
    .select()
    .from(invoiceLines)
    .where(eq(invoiceLines.invoiceId, invoiceId))
    .orderBy(invoiceLines.lineNo);
  return rows.map(({ invoiceId: _id, lineNo: _no, ...line }) => ({
    ...line,
    kind: line.kind as TaxedLine["kind"],
    gstRate: line.gstRate as GstRate,
  }));
}
