/**
 * The GST summary as one CSV table (docs/decisions/0093-gst-summary-shape.md): one row per line of
 * each section, the section named in the first column, so an accountant can filter by it.
 */
import { money, type Cell } from "./csv";
import type { GstSummary, TaxFigures } from "./reports";

export const GST_CSV_HEADER = [
  "Section",
  "Buyer GSTIN",
  "Place of supply code",
  "Place of supply",
  "HSN",
  "GST rate %",
  "Quantity",
  "Documents",
  "Taxable value",
  "CGST",
  "SGST",
  "IGST",
  "Total",
] as const;

const tax = (f: TaxFigures): Cell[] => [
  money(f.taxable),
  money(f.cgst),
  money(f.sgst),
  money(f.igst),
  money(f.total),
];

export function gstCsvRows(summary: GstSummary): Cell[][] {
  return [
    ...summary.b2c.map((r) => [
      "B2C",
      "",
      r.placeCode,
      r.placeName,
      "",
      r.rate,
      null,
      null,
      ...tax(r),
    ]),
    ...summary.b2b.map((r) => ["B2B", r.gstin, "", "", "", null, null, r.documents, ...tax(r)]),
    ...summary.creditNotes.map((r) => [
      r.gstin ? "Credit notes B2B" : "Credit notes B2C",
      r.gstin,
      r.placeCode,
      r.placeName,
      "",
      r.rate,
      null,
      null,
      ...tax(r),
    ]),
    ...summary.hsn.map((r) => ["HSN", "", "", "", r.hsn, r.rate, r.quantity, null, ...tax(r)]),
    [
      "Bills of supply and receipts",
      "",
      "",
      "",
      "",
      null,
      null,
      summary.untaxed.documents,
      null,
      null,
      null,
      null,
      money(summary.untaxed.total),
    ],
    [
      "Credit notes and refund vouchers on bills of supply and receipts",
      "",
      "",
      "",
      "",
      null,
      null,
      summary.untaxed.credits,
      null,
      null,
      null,
      null,
      money(summary.untaxed.credited),
    ],
    [
      "Tax invoices total",
      "",
      "",
      "",
      "",
      null,
      null,
      summary.invoices.documents,
      ...tax(summary.invoices),
    ],
    [
      "Credit notes total",
      "",
      "",
      "",
      "",
      null,
      null,
      summary.credits.documents,
      ...tax(summary.credits),
    ],
  ];
}
