/**
 * The GST summary of a period (docs/decisions/0093-gst-summary-shape.md), read from the documents as
 * issued (`invoices`, `invoice_lines`, decision 0082), never from the orders: what is filed is what
 * was issued. A document counts in the period of its issue day in India time.
 *
 * Two statements whatever the size (docs/performance.md): one pass over the period's lines grouped
 * by kind, buyer GSTIN, rate, place of supply and HSN, one over its documents grouped by kind, GSTIN
 * and place; every table of the summary is rolled up from those groups here.
 */
import { sql } from "drizzle-orm";
import type { DbOrTx } from "~/server/db/client";
import { WHOLE_PERIOD, plannedRows } from "./planned.server";
import { rangeInstants, type DayRange } from "./report-range";
import type {
  BuyerRow,
  CreditNoteRow,
  GstSummary,
  HsnRow,
  RatePlaceRow,
  TaxFigures,
} from "./reports";

interface LineGroup extends TaxFigures {
  kind: string;
  gstin: string;
  rate: number;
  code: string;
  hsn: string;
  quantity: number;
}

interface DocumentGroup extends TaxFigures {
  kind: string;
  gstin: string;
  code: string;
  name: string;
  documents: number;
}

/**
 * A document's group: a credit note (or refund voucher) against a bill of supply or a receipt
 * reduces supplies on which no tax was shown, never taxable supplies at its lines' rate
 * (docs/decisions/0182-credit-notes-and-refund-vouchers.md): it is counted apart, as "untaxed-credit".
 */
const KIND = sql`case when d.kind = 'refund-voucher' or (d.kind = 'credit-note' and o.kind <> 'tax-invoice')
  then 'untaxed-credit' else d.kind end`;

const zero = (): TaxFigures => ({ taxable: 0, cgst: 0, sgst: 0, igst: 0, total: 0 });

function add(into: TaxFigures, from: TaxFigures): void {
  into.taxable += Number(from.taxable);
  into.cgst += Number(from.cgst);
  into.sgst += Number(from.sgst);
  into.igst += Number(from.igst);
  into.total += Number(from.total);
}

/** Rolls groups up by a key, creating each row once and adding the figures. */
function rollUp<G extends TaxFigures, R extends TaxFigures>(
  groups: readonly G[],
  key: (g: G) => string | null,
  create: (g: G) => R,
  more?: (row: R, g: G) => void,
): R[] {
  const rows = new Map<string, R>();
  for (const g of groups) {
    const k = key(g);
    if (k === null) continue;
    let row = rows.get(k);
    if (!row) {
      row = create(g);
      rows.set(k, row);
    }
    add(row, g);
    more?.(row, g);
  }
  return [...rows.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, r]) => r);
}

/** Rates sort as numbers (0.25 before 1.5 before 5), in hundredths of a percent. */
const sortKey = (...parts: (string | number)[]) =>
  parts
    .map((p) => (typeof p === "number" ? String(Math.round(p * 100)).padStart(6, "0") : p))
    .join("\u0000");

export async function gstSummary(db: DbOrTx, range: DayRange): Promise<GstSummary> {
  const { start, end } = rangeInstants(range);
  const issued = sql`d.issued_at >= ${start} and d.issued_at < ${end}`;
  const lines = await plannedRows<LineGroup>(
    db,
    WHOLE_PERIOD,
    sql`select d.kind, coalesce(d.buyer_gstin, '') as gstin, l.gst_rate as rate,
      d.place_of_supply_code as code, l.hsn, sum(l.quantity)::float8 as quantity,
      sum(l.taxable_paise)::float8 as taxable, sum(l.cgst_paise)::float8 as cgst,
      sum(l.sgst_paise)::float8 as sgst, sum(l.igst_paise)::float8 as igst,
      sum(l.total_paise)::float8 as total
      from invoices d join invoice_lines l on l.invoice_id = d.id
      left join invoices o on o.id = d.credits_invoice_id
      where ${issued} and (d.kind = 'tax-invoice' or (d.kind = 'credit-note' and o.kind = 'tax-invoice'))
      group by d.kind, coalesce(d.buyer_gstin, ''), l.gst_rate, d.place_of_supply_code, l.hsn`,
  );
  const documents = await plannedRows<DocumentGroup>(
    db,
    WHOLE_PERIOD,
    sql`select ${KIND} as kind, coalesce(d.buyer_gstin, '') as gstin,
      d.place_of_supply_code as code,
      max(d.place_of_supply_name) as name, count(*)::float8 as documents,
      sum(d.taxable_paise)::float8 as taxable, sum(d.cgst_paise)::float8 as cgst,
      sum(d.sgst_paise)::float8 as sgst, sum(d.igst_paise)::float8 as igst,
      sum(d.total_paise)::float8 as total
      from invoices d left join invoices o on o.id = d.credits_invoice_id where ${issued}
      group by ${KIND}, coalesce(d.buyer_gstin, ''), d.place_of_supply_code`,
  );
  const placeName = new Map(documents.map((d) => [d.code, d.name]));
  const rate = (g: LineGroup) => Number(g.rate);
  const invoiceLines = lines.filter((g) => g.kind === "tax-invoice");
  const creditLines = lines.filter((g) => g.kind === "credit-note");

  const b2c = rollUp<LineGroup, RatePlaceRow>(
    invoiceLines,
    (g) => (g.gstin ? null : sortKey(rate(g), g.code)),
    (g) => ({
      rate: rate(g),
      placeCode: g.code,
      placeName: placeName.get(g.code) ?? "",
      ...zero(),
    }),
  );
  const b2b = rollUp<DocumentGroup, BuyerRow>(
    documents.filter((d) => d.kind === "tax-invoice" && d.gstin),
    (d) => d.gstin,
    (d) => ({ gstin: d.gstin, documents: 0, ...zero() }),
    (row, d) => {
      row.documents += Number(d.documents);
    },
  );
  const creditNotes = rollUp<LineGroup, CreditNoteRow>(
    creditLines,
    (g) => sortKey(g.gstin, rate(g), g.code),
    (g) => ({
      gstin: g.gstin,
      rate: rate(g),
      placeCode: g.code,
      placeName: placeName.get(g.code) ?? "",
      ...zero(),
    }),
  );
  const hsn = rollUp<LineGroup, HsnRow>(
    invoiceLines,
    (g) => sortKey(g.hsn, rate(g)),
    (g) => ({ hsn: g.hsn, rate: rate(g), quantity: 0, ...zero() }),
    (row, g) => {
      row.quantity += Number(g.quantity);
    },
  );
  const kind = (...names: string[]) => {
    const sum = { documents: 0, ...zero() };
    for (const d of documents)
      if (names.includes(d.kind)) {
        sum.documents += Number(d.documents);
        add(sum, d);
      }
    return sum;
  };
  const untaxed = kind("bill-of-supply", "receipt");
  const untaxedCredits = kind("untaxed-credit");
  return {
    range,
    b2c,
    b2b,
    creditNotes,
    hsn,
    untaxed: {
      documents: untaxed.documents,
      total: untaxed.total,
      credits: untaxedCredits.documents,
      credited: untaxedCredits.total,
    },
    invoices: kind("tax-invoice"),
    credits: kind("credit-note"),
  };
}
