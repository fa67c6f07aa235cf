/**
 * The answers of the report calls (docs/decisions/0090-reports-read-model.md), declared once for the
 * server that builds them and the portal that shows them. Amounts are paise here; on the wire they
 * are rupees (src/lib/wire-money.ts knows these field names).
 */
import type { Bucket, DayRange } from "./report-range";

/** Money of a set of paid orders: gross = items, total = gross - discount + shipping, net = total - refunded. */
export interface SalesFigures {
  orders: number;
  gross: number;
  discount: number;
  shipping: number;
  refunded: number;
  total: number;
  net: number;
}

export interface SalesPoint extends SalesFigures {
  /** The bucket's first day (`2026-04-06`: a day, a Monday, or the 1st of a month). */
  start: string;
}

export interface TopRow {
  /** The product id, or the collection's id ("" for products without one). */
  id: string;
  name: string;
  quantity: number;
  gross: number;
}

export interface KindRow {
  kind: "catalogue" | "custom" | "shipping";
  orders: number;
  total: number;
}

export interface LateOrder {
  id: string;
  promisedAt: string;
  /** When it was shipped, or null: still not dispatched. */
  shippedAt: string | null;
  daysLate: number;
}

export interface LateDispatches {
  /** Orders whose promised dispatch day falls in the period. */
  due: number;
  late: number;
  /** The latest ones first, at most 20. */
  orders: LateOrder[];
}

export interface SalesReport {
  range: DayRange;
  by: Bucket;
  totals: SalesFigures & { averageOrder: number };
  points: SalesPoint[];
  topProducts: TopRow[];
  topCollections: TopRow[];
  kinds: KindRow[];
  lateDispatches: LateDispatches;
}

/** Taxable value and tax of a group of invoice lines. */
export interface TaxFigures {
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
  total: number;
}

export interface RatePlaceRow extends TaxFigures {
  rate: number;
  placeCode: string;
  placeName: string;
}

export interface BuyerRow extends TaxFigures {
  gstin: string;
  documents: number;
}

export interface HsnRow extends TaxFigures {
  hsn: string;
  rate: number;
  quantity: number;
}

export interface CreditNoteRow extends TaxFigures {
  /** The buyer's GSTIN, or "" for B2C. */
  gstin: string;
  rate: number;
  placeCode: string;
  placeName: string;
}

export interface GstSummary {
  range: DayRange;
  /** Tax invoices without a buyer GSTIN, per rate and place of supply. */
  b2c: RatePlaceRow[];
  /** Tax invoices to a registered buyer, per GSTIN. */
  b2b: BuyerRow[];
  creditNotes: CreditNoteRow[];
  /** Tax invoice lines per HSN code and rate. */
  hsn: HsnRow[];
  /**
   * Bills of supply and receipts: no tax shown on them; `credits`/`credited`: the credit notes and
   * refund vouchers against them (never among the taxable credit notes).
   */
  untaxed: { documents: number; total: number; credits: number; credited: number };
  invoices: TaxFigures & { documents: number };
  credits: TaxFigures & { documents: number };
}

/** The CSV exports, by the name in /v2/admin/exports/{name}. */
export const EXPORTS = [
  { name: "orders", label: "Orders" },
  { name: "order-lines", label: "Order lines" },
  { name: "invoices", label: "Invoices and credit notes" },
  { name: "payments", label: "Payments and refunds" },
  { name: "customers", label: "Customers" },
  // Pieces on the shelf now, valued at cost (docs/decisions/0218).
  { name: "stock", label: "Stock at cost" },
] as const;
export type ExportName = (typeof EXPORTS)[number]["name"];

/** Shown beside the customers export (docs/decisions/0092-csv-exports.md). */
export const CUSTOMERS_NOTE =
  "The customers file holds personal data: names, email addresses and phone numbers. Keep it only as long as you need it, share it only with your accountant, and delete it afterwards.";
