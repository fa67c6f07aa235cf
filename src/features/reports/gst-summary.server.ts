/**
 * The GST summary of a period (docs/decisions/0093-gst-summary-shape.md), read from the documents as
 * issued (`invoices`, `invoice_lines`, decision 0082), never from the orders: what is filed is what
 * was issued. A document counts in the period of its issue day in India time.
 */
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../server/db/client";
import { rawRows } from "../../server/db/raw-rows";
import { rangeInstants, type DayRange } from "./report-range";
import type {
  BuyerRow,
  CreditNoteRow,
  GstSummary,
  HsnRow,
  RatePlaceRow,
  TaxFigures,
} from "./reports";

const SUMS = sql`sum(l.taxable_paise)::float8 as taxable, sum(l.cgst_paise)::float8 as cgst,
  sum(l.sgst_paise)::float8 as sgst, sum(l.igst_paise)::float8 as igst,
  sum(l.total_paise)::float8 as total`;

function figures<T extends TaxFigures>(row: T): T {
  return {
    ...row,
    taxable: Number(row.taxable),
    cgst: Number(row.cgst),
    sgst: Number(row.sgst),
    igst: Number(row.igst),
    total: Number(row.total),
  };
}

export async function gstSummary(db: DbOrTx, range: DayRange): Promise<GstSummary> {
  const { start, end } = rangeInstants(range);
  const issued = sql`d.issued_at >= ${start} and d.issued_at < ${end}`;
  const lines = sql`invoices d join invoice_lines l on l.invoice_id = d.id`;

  const b2c = await rawRows<RatePlaceRow>(
    db,
    sql`select l.gst_rate as rate, d.place_of_supply_code as "placeCode",
      max(d.place_of_supply_name) as "placeName", ${SUMS}
      from ${lines} where ${issued} and d.kind = 'tax-invoice' and d.buyer_gstin is null
      group by l.gst_rate, d.place_of_supply_code order by l.gst_rate, d.place_of_supply_code`,
  );
  const b2b = await rawRows<BuyerRow>(
    db,
    sql`select d.buyer_gstin as gstin, count(distinct d.id)::float8 as documents, ${SUMS}
      from ${lines} where ${issued} and d.kind = 'tax-invoice' and d.buyer_gstin is not null
      group by d.buyer_gstin order by d.buyer_gstin`,
  );
  const credits = await rawRows<CreditNoteRow>(
    db,
    sql`select coalesce(d.buyer_gstin, '') as gstin, l.gst_rate as rate,
      d.place_of_supply_code as "placeCode", max(d.place_of_supply_name) as "placeName",
      count(distinct d.id)::float8 as documents, ${SUMS}
      from ${lines} where ${issued} and d.kind = 'credit-note'
      group by coalesce(d.buyer_gstin, ''), l.gst_rate, d.place_of_supply_code
      order by 1, 2, 3`,
  );
  const hsn = await rawRows<HsnRow>(
    db,
    sql`select l.hsn, l.gst_rate as rate, sum(l.quantity)::float8 as quantity, ${SUMS}
      from ${lines} where ${issued} and d.kind = 'tax-invoice'
      group by l.hsn, l.gst_rate order by l.hsn, l.gst_rate`,
  );
  const documents = await rawRows<{
    kind: string;
    documents: number;
    taxable: number;
    cgst: number;
    sgst: number;
    igst: number;
    total: number;
  }>(
    db,
    sql`select d.kind, count(*)::float8 as documents, sum(d.taxable_paise)::float8 as taxable,
      sum(d.cgst_paise)::float8 as cgst, sum(d.sgst_paise)::float8 as sgst,
      sum(d.igst_paise)::float8 as igst, sum(d.total_paise)::float8 as total
      from invoices d where ${issued} group by d.kind`,
  );
  const kind = (name: string) => {
    const row = documents.find((r) => r.kind === name);
    return {
      documents: Number(row?.documents ?? 0),
      ...figures({
        taxable: row?.taxable ?? 0,
        cgst: row?.cgst ?? 0,
        sgst: row?.sgst ?? 0,
        igst: row?.igst ?? 0,
        total: row?.total ?? 0,
      }),
    };
  };
  const untaxed = [kind("bill-of-supply"), kind("receipt")];
  return {
    range,
    b2c: b2c.map((row) => figures({ ...row, rate: Number(row.rate) })),
    b2b: b2b.map((row) => figures({ ...row, documents: Number(row.documents) })),
    creditNotes: credits.map((row) =>
      figures({ ...row, rate: Number(row.rate), documents: Number(row.documents) }),
    ),
    hsn: hsn.map((row) =>
      figures({ ...row, rate: Number(row.rate), quantity: Number(row.quantity) }),
    ),
    untaxed: {
      documents: untaxed.reduce((n, k) => n + k.documents, 0),
      total: untaxed.reduce((n, k) => n + k.total, 0),
    },
    invoices: kind("tax-invoice"),
    credits: kind("credit-note"),
  };
}
