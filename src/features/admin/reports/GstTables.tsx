/**
 * The GST summary's tables (docs/decisions/0093-gst-summary-shape.md): B2C per rate and place of
 * supply, B2B per buyer GSTIN, credit notes, HSN-wise, and the documents that show no tax.
 */
import type { ReactNode } from "react";
import { formatInr } from "~/lib/money";
import type { GstSummary, TaxFigures } from "~/features/reports/reports";

const num = "px-3 py-2 text-right tabular-nums";
const TAX_HEADS = ["Taxable value", "CGST", "SGST", "IGST", "Total"];

function taxCells(f: TaxFigures): ReactNode[] {
  return [f.taxable, f.cgst, f.sgst, f.igst, f.total].map((paise, i) => (
    <td key={TAX_HEADS[i]} className={num}>
      {formatInr(paise)}
    </td>
  ));
}

function Table({
  title,
  heads,
  rows,
  empty,
}: {
  title: string;
  heads: readonly string[];
  rows: ReactNode[][];
  empty: string;
}) {
  return (
    <section className="rounded-2xl border border-cream-200 bg-white/85 p-4" aria-label={title}>
      <h2 className="mb-2 text-lg text-ink-900">{title}</h2>
      {rows.length === 0 ? (
        <p className="text-sm text-ink-500">{empty}</p>
      ) : (
        <div
          className="overflow-x-auto"
          role="region"
          aria-label={`${title}, table`}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region takes focus so a keyboard can scroll it
          tabIndex={0}
        >
          <table className="w-full text-sm">
            <thead className="text-ink-500">
              <tr>
                {[...heads, ...TAX_HEADS].map((head, i) => (
                  <th
                    key={head}
                    scope="col"
                    className={i < heads.length ? "px-3 py-2 text-left" : num}
                  >
                    {head}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((cells, i) => (
                <tr key={i} className="border-t border-cream-100">
                  {cells}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

const text = (value: ReactNode, key: string) => (
  <td key={key} className="px-3 py-2">
    {value}
  </td>
);

export default function GstTables({ summary }: { summary: GstSummary }) {
  const none = "No documents in this period.";
  return (
    <div className="space-y-4">
      <Table
        title="B2C: per rate and place of supply"
        heads={["Rate", "Place of supply"]}
        empty={none}
        rows={summary.b2c.map((r) => [
          text(`${r.rate}%`, "rate"),
          text(`${r.placeName} (${r.placeCode})`, "place"),
          ...taxCells(r),
        ])}
      />
      <Table
        title="B2B: per buyer GSTIN"
        heads={["Buyer GSTIN", "Invoices"]}
        empty={none}
        rows={summary.b2b.map((r) => [
          text(r.gstin, "gstin"),
          text(r.documents, "n"),
          ...taxCells(r),
        ])}
      />
      <Table
        title="Credit notes"
        heads={["Buyer GSTIN", "Rate", "Place of supply"]}
        empty="No credit notes in this period."
        rows={summary.creditNotes.map((r) => [
          text(r.gstin || "B2C", "gstin"),
          text(`${r.rate}%`, "rate"),
          text(`${r.placeName} (${r.placeCode})`, "place"),
          ...taxCells(r),
        ])}
      />
      <Table
        title="HSN-wise summary"
        heads={["HSN", "Rate", "Quantity"]}
        empty={none}
        rows={summary.hsn.map((r) => [
          text(r.hsn, "hsn"),
          text(`${r.rate}%`, "rate"),
          text(r.quantity, "q"),
          ...taxCells(r),
        ])}
      />
      <p className="text-sm text-ink-700" data-untaxed={summary.untaxed.documents}>
        Bills of supply and receipts (no tax shown): {summary.untaxed.documents}, together{" "}
        {formatInr(summary.untaxed.total)}. Credit notes and refund vouchers on them:{" "}
        {summary.untaxed.credits}, together {formatInr(summary.untaxed.credited)}.
      </p>
    </div>
  );
}
