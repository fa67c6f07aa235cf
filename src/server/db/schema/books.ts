/**
 * The studio's books (docs/decisions/0082-invoice-tables.md): every document issued for a payment or
 * a refund, and the counters that number them. An issued document is never updated: what it says
 * (seller, buyer, lines, tax) is stored as issued, with its PDF's checksum.
 */
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/**
 * One counter per series and financial year (April-March, India time): the next number is taken
 * with `update ... returning` inside the paying transaction, so concurrent payments on several app
 * servers queue on the row and a rolled-back payment gives its number back (no gaps, no repeats).
 */
export const documentSeries = pgTable(
  "document_series",
  {
    /** `invoice`, `credit-note`, ... */
    series: text("series").notNull(),
    /** `25-26` for April 2025 - March 2026. */
    financialYear: text("financial_year").notNull(),
    lastNumber: integer("last_number").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.series, t.financialYear] })],
);

/**
 * A tax invoice, bill of supply, receipt or credit note. Seller and buyer are stored as they were
 * at issue (JSON in the shape of `src/features/books` types), so later edits never change it.
 */
export const invoices = pgTable(
  "invoices",
  {
    id: text("id").primaryKey(),
    /**
     * `tax-invoice` | `bill-of-supply` | `receipt` | `credit-note` | `refund-voucher` (rule 51) |
     * `delivery-challan` (rule 55: a free replacement's goods, no supply; decision 0271)
     */
    kind: text("kind").notNull(),
    /** At most 16 characters of letters, digits, '-' and '/': `RT/25-26/000123`. */
    number: text("number").notNull(),
    series: text("series").notNull(),
    financialYear: text("financial_year").notNull(),
    sequence: integer("sequence").notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull(),
    orderId: text("order_id").notNull(),
    /** The payment (payments.id) an invoice is for; one invoice per payment. */
    paymentId: text("payment_id"),
    /** A credit note's refund (refunds.id) and the invoice it corrects. */
    refundId: text("refund_id"),
    creditsInvoiceId: text("credits_invoice_id"),
    seller: jsonb("seller").notNull(),
    buyer: jsonb("buyer").notNull(),
    buyerGstin: text("buyer_gstin"),
    /** Place of supply: the delivery state's GST code ("29") and name. */
    placeOfSupplyCode: text("place_of_supply_code").notNull(),
    placeOfSupplyName: text("place_of_supply_name").notNull(),
    /** CGST + SGST when the place of supply is the seller's state; IGST otherwise. */
    intraState: boolean("intra_state").notNull(),
    taxablePaise: integer("taxable_paise").notNull(),
    cgstPaise: integer("cgst_paise").notNull().default(0),
    sgstPaise: integer("sgst_paise").notNull().default(0),
    igstPaise: integer("igst_paise").notNull().default(0),
    /** Equal to what was paid (or refunded, for a credit note). */
    totalPaise: integer("total_paise").notNull(),
    /** What the document is for, printed under the place of supply (a delivery challan's reason). */
    note: text("note"),
    /** sha256 of the PDF as issued (hex). */
    pdfSha256: text("pdf_sha256"),
  },
  (t) => [
    uniqueIndex("invoices_number_key").on(t.number),
    uniqueIndex("invoices_series_sequence_key").on(t.series, t.financialYear, t.sequence),
    /** Never two invoices for one payment, never two credit notes for one refund. */
    uniqueIndex("invoices_payment_key").on(t.paymentId).where(sql`${t.kind} <> 'credit-note'`),
    uniqueIndex("invoices_refund_key").on(t.refundId),
    /** One delivery challan per (replacement) order, whatever retries or double clicks do. */
    uniqueIndex("invoices_challan_key").on(t.orderId).where(sql`${t.kind} = 'delivery-challan'`),
    index("invoices_order_idx").on(t.orderId),
    index("invoices_issued_idx").on(t.issuedAt),
    check(
      "invoices_kind_check",
      sql`${t.kind} in ('tax-invoice', 'bill-of-supply', 'receipt', 'credit-note', 'refund-voucher', 'delivery-challan')`,
    ),
    check(
      "invoices_money_check",
      sql`${t.taxablePaise} >= 0 and ${t.cgstPaise} >= 0 and ${t.sgstPaise} >= 0 and ${t.igstPaise} >= 0 and ${t.totalPaise} >= 0`,
    ),
  ],
);

/** A document's lines as issued: goods lines and a shipping line, each with its own tax. */
export const invoiceLines = pgTable(
  "invoice_lines",
  {
    invoiceId: text("invoice_id")
      .notNull()
      .references(() => invoices.id),
    lineNo: integer("line_no").notNull(),
    /** `goods` | `shipping` */
    kind: text("kind").notNull(),
    /** With the variant and the personalisation note. */
    description: text("description").notNull(),
    hsn: text("hsn").notNull(),
    quantity: integer("quantity").notNull(),
    /** Unit quantity code: `NOS` for pieces. */
    unit: text("unit").notNull().default("NOS"),
    /** GST rate in percent, one of the dated table's (src/features/books/gst-rates.ts). */
    gstRate: numeric("gst_rate", { precision: 5, scale: 2, mode: "number" }).notNull(),
    unitPricePaise: integer("unit_price_paise").notNull(),
    discountPaise: integer("discount_paise").notNull().default(0),
    taxablePaise: integer("taxable_paise").notNull(),
    cgstPaise: integer("cgst_paise").notNull().default(0),
    sgstPaise: integer("sgst_paise").notNull().default(0),
    igstPaise: integer("igst_paise").notNull().default(0),
    totalPaise: integer("total_paise").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.invoiceId, t.lineNo] }),
    check("invoice_lines_kind_check", sql`${t.kind} in ('goods', 'shipping')`),
    check("invoice_lines_rate_check", sql`${t.gstRate} in (0, 0.25, 1.5, 3, 5, 12, 18, 28, 40)`),
  ],
);

/**
 * A document's PDF as first made (docs/decisions/0086-invoice-pdf.md): made from the stored,
 * never-changing document at its first download and kept, so every later download is the same
 * bytes, whose sha256 is the invoice's `pdf_sha256`. Base64 text, so backups and moves carry it
 * like any other column.
 */
export const invoicePdfs = pgTable("invoice_pdfs", {
  invoiceId: text("invoice_id")
    .primaryKey()
    .references(() => invoices.id),
  sha256: text("sha256").notNull(),
  pdfBase64: text("pdf_base64").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
