/**
 * Issued documents written straight into the books tables (docs/decisions/0082-invoice-tables.md),
 * in exactly the shape issuing writes them: for the reports' tests, which read what was issued
 * without depending on how it is issued. Tax per line: CGST + SGST (half each, the odd paisa to
 * SGST) when intra-state, IGST otherwise; the document's sums are its lines' sums.
 */
import { sumLines } from "~/features/books/tax";
import { schema, type DbOrTx } from "~/server/db/client";

export interface TestLine {
  description?: string;
  hsn?: string;
  quantity?: number;
  gstRate: 0 | 5 | 12 | 18 | 28;
  taxablePaise: number;
  kind?: "goods" | "shipping";
}

export interface TestDocument {
  id: string;
  kind?: "tax-invoice" | "bill-of-supply" | "receipt" | "credit-note";
  number: string;
  series?: string;
  financialYear?: string;
  sequence: number;
  issuedAt: string;
  orderId: string;
  paymentId?: string | null;
  refundId?: string | null;
  creditsInvoiceId?: string | null;
  buyerName?: string;
  buyerGstin?: string | null;
  placeOfSupplyCode: string;
  placeOfSupplyName: string;
  /** The seller's state code; intra-state when it is the place of supply. Default "07" (Delhi). */
  sellerStateCode?: string;
  lines: TestLine[];
}

export function lineTax(line: TestLine, intra: boolean) {
  const tax = Math.round((line.taxablePaise * line.gstRate) / 100);
  const cgst = intra ? Math.floor(tax / 2) : 0;
  const sgst = intra ? tax - cgst : 0;
  const igst = intra ? 0 : tax;
  return { cgst, sgst, igst, total: line.taxablePaise + tax };
}

export async function insertDocument(db: DbOrTx, doc: TestDocument): Promise<void> {
  const seller = doc.sellerStateCode ?? "07";
  const intra = doc.placeOfSupplyCode === seller;
  const untaxed = doc.kind === "bill-of-supply" || doc.kind === "receipt";
  const lines = doc.lines.map((line, index) => {
    const tax = untaxed
      ? { cgst: 0, sgst: 0, igst: 0, total: line.taxablePaise }
      : lineTax(line, intra);
    const quantity = line.quantity ?? 1;
    return {
      invoiceId: doc.id,
      lineNo: index + 1,
      kind: line.kind ?? "goods",
      description: line.description ?? "Resin frame",
      hsn: line.hsn ?? "3926",
      quantity,
      unit: "NOS",
      gstRate: line.gstRate,
      unitPricePaise: Math.round(line.taxablePaise / quantity),
      discountPaise: 0,
      taxablePaise: line.taxablePaise,
      cgstPaise: tax.cgst,
      sgstPaise: tax.sgst,
      igstPaise: tax.igst,
      totalPaise: tax.total,
    };
  });
  await db.insert(schema.invoices).values({
    id: doc.id,
    kind: doc.kind ?? "tax-invoice",
    number: doc.number,
    series: doc.series ?? (doc.kind === "credit-note" ? "credit-note" : "invoice"),
    financialYear: doc.financialYear ?? "26-27",
    sequence: doc.sequence,
    issuedAt: new Date(doc.issuedAt),
    orderId: doc.orderId,
    paymentId: doc.paymentId ?? null,
    refundId: doc.refundId ?? null,
    creditsInvoiceId: doc.creditsInvoiceId ?? null,
    seller: { name: "Resin Tales", gstin: "07AAAAA0000A1Z5", stateCode: seller },
    buyer: { name: doc.buyerName ?? "Asha Verma", stateCode: doc.placeOfSupplyCode },
    buyerGstin: doc.buyerGstin ?? null,
    placeOfSupplyCode: doc.placeOfSupplyCode,
    placeOfSupplyName: doc.placeOfSupplyName,
    intraState: intra,
    ...sumLines(lines),
    pdfSha256: null,
  });
  await db.insert(schema.invoiceLines).values(lines);
}
