/**
 * The lines table of a document's PDF (invoice-pdf.server.ts): description (wrapped), HSN,
 * quantity and unit, rate, discount, taxable value, GST rate and tax (CGST + SGST or IGST), total.
 * A line that does not fit starts a new page with the header again.
 */
import { rgb } from "pdf-lib";
import { formatInr } from "~/lib/money";
import type { IssuedDocument } from "./books";
import type { Writer } from "./invoice-pdf.server";

const RULE = rgb(0.8, 0.77, 0.72);

interface Layout {
  left: number;
  right: number;
  taxed: boolean;
  intraState: boolean;
}

export function pdfTable(w: Writer, doc: IssuedDocument, layout: Layout): void {
  const { left, right, taxed, intraState } = layout;
  // Right edges of the numeric columns, from the right margin.
  const cols = taxed
    ? {
        total: right,
        tax: right - 62,
        rate: right - 118,
        taxable: right - 150,
        discount: right - 212,
        price: right - 262,
        qty: right - 318,
        hsn: right - 352,
      }
    : {
        total: right,
        tax: 0,
        rate: 0,
        taxable: right - 70,
        discount: right - 140,
        price: right - 200,
        qty: right - 260,
        hsn: right - 300,
      };
  // The HSN code (at most 8 digits, about 41 points at size 8) starts at hsnX; the description
  // wraps short of it (decision 0183).
  const hsnX = cols.hsn - 44;
  const descWidth = hsnX - 8 - (left + 16);
  const header = () => {
    w.ensure(30);
    const taxLabel = intraState ? "CGST+SGST" : "IGST";
    w.text("#", left, { bold: true, size: 8 });
    w.text("Description", left + 16, { bold: true, size: 8 });
    w.text("HSN", hsnX, { bold: true, size: 8 });
    w.text("Qty", 0, { right: cols.qty, bold: true, size: 8 });
    w.text("Rate", 0, { right: cols.price, bold: true, size: 8 });
    w.text("Discount", 0, { right: cols.discount, bold: true, size: 8 });
    w.text("Taxable", 0, { right: cols.taxable, bold: true, size: 8 });
    if (taxed) {
      w.text("GST %", 0, { right: cols.rate, bold: true, size: 8 });
      w.text(taxLabel, 0, { right: cols.tax, bold: true, size: 8 });
    }
    w.text("Total", 0, { right: cols.total, bold: true, size: 8 });
    w.y -= 6;
    w.page.drawLine({
      start: { x: left, y: w.y },
      end: { x: right, y: w.y },
      thickness: 0.5,
      color: RULE,
    });
    w.y -= 12;
  };
  header();
  doc.lines.forEach((line, i) => {
    const parts = w.wrap(line.description, left + 16, descWidth, 8);
    const split = taxed ? taxSplitText(line, intraState) : "";
    const height = (parts.length + (split ? 1 : 0)) * 11 + 6;
    if (w.y - height < 40) {
      w.ensure(1000);
      header();
    }
    const tax = line.cgstPaise + line.sgstPaise + line.igstPaise;
    w.text(String(i + 1), left, { size: 8 });
    w.text(line.hsn, hsnX, { size: 8 });
    w.text(`${line.quantity} ${line.unit}`, 0, { right: cols.qty, size: 8 });
    w.text(formatInr(line.unitPricePaise), 0, { right: cols.price, size: 8 });
    w.text(formatInr(line.discountPaise), 0, { right: cols.discount, size: 8 });
    w.text(formatInr(line.taxablePaise), 0, { right: cols.taxable, size: 8 });
    if (taxed) {
      w.text(`${line.gstRate}%`, 0, { right: cols.rate, size: 8 });
      w.text(formatInr(tax), 0, { right: cols.tax, size: 8 });
    }
    w.text(formatInr(line.totalPaise), 0, { right: cols.total, size: 8 });
    for (const part of parts) {
      w.text(part, left + 16, { size: 8 });
      w.y -= 11;
    }
    if (split) {
      w.text(split, left + 16, { size: 7, muted: true });
      w.y -= 11;
    }
    w.y -= 6;
  });
  w.page.drawLine({
    start: { x: left, y: w.y + 6 },
    end: { x: right, y: w.y + 6 },
    thickness: 0.5,
    color: RULE,
  });
}

/** A line's tax split with rates: "CGST 9% ₹228.66 · SGST 9% ₹228.66" or "IGST 18% ₹457.32". */
export function taxSplitText(
  line: { gstRate: number; cgstPaise: number; sgstPaise: number; igstPaise: number },
  intraState: boolean,
): string {
  const half = `${line.gstRate / 2}%`;
  return intraState
    ? `CGST ${half} ${formatInr(line.cgstPaise)} · SGST ${half} ${formatInr(line.sgstPaise)}`
    : `IGST ${line.gstRate}% ${formatInr(line.igstPaise)}`;
}
