/**
 * The register of invoices, credit notes and refund vouchers issued in the period (decision 0082's
 * tables), by issue time; a correcting document names the number and date of the one it corrects.
 */
import { sql } from "drizzle-orm";
import type { DbOrTx } from "~/server/db/client";
import { money } from "~/features/reports/csv";
import { keysetPages } from "~/features/reports/csv-stream.server";
import { rangeInstants, type DayRange } from "~/features/reports/report-range";
import {
  EXPORT_PAGE,
  afterKey,
  cells,
  indiaText,
  pageRows,
  type ExportBody,
  type Keyed,
} from "./keyset";

interface DocumentRow extends Keyed {
  number: string;
  kind: string;
  issued: string;
  financial_year: string;
  order_id: string;
  credits_number: string | null;
  credits_kind: string | null;
  credits_issued: string | null;
  buyer_name: string | null;
  buyer_gstin: string | null;
  place_of_supply_code: string;
  place_of_supply_name: string;
  intra_state: boolean;
  taxable_paise: number;
  cgst_paise: number;
  sgst_paise: number;
  igst_paise: number;
  total_paise: number;
}

export function invoicesExport(db: DbOrTx, range: DayRange, size = EXPORT_PAGE): ExportBody {
  const { start, end } = rangeInstants(range);
  const read = (after: Keyed | undefined, size: number) =>
    pageRows<DocumentRow>(
      db,
      sql`select d.issued_at::text as k_at, d.id as k_id, d.number, d.kind, ${indiaText(sql`d.issued_at`)} as issued,
        d.financial_year, d.order_id, c.number as credits_number, c.kind as credits_kind,
        ${indiaText(sql`c.issued_at`)} as credits_issued, d.buyer->>'name' as buyer_name,
        d.buyer_gstin, d.place_of_supply_code, d.place_of_supply_name, d.intra_state,
        d.taxable_paise, d.cgst_paise, d.sgst_paise, d.igst_paise, d.total_paise
        from invoices d left join invoices c on c.id = d.credits_invoice_id
        where d.issued_at >= ${start} and d.issued_at < ${end}
        ${afterKey(after, sql`d.issued_at`, sql`d.id`)}
        order by d.issued_at, d.id limit ${size}`,
    );
  return {
    header: [
      "Number",
      "Kind",
      "Issued (India time)",
      "Financial year",
      "Order id",
      "Credits invoice",
      "Credited document's date (India time)",
      "Buyer",
      "Buyer GSTIN",
      "Place of supply code",
      "Place of supply",
      "Tax split",
      "Taxable value",
      "CGST",
      "SGST",
      "IGST",
      "Total",
    ],
    pages: cells(
      keysetPages(read, (row) => row, size),
      (d) => [
        d.number,
        d.kind,
        d.issued,
        d.financial_year,
        d.order_id,
        d.credits_number ?? "",
        d.credits_number ? (d.credits_issued ?? "") : "",
        d.buyer_name ?? "",
        d.buyer_gstin ?? "",
        d.place_of_supply_code,
        d.place_of_supply_name,
        // A credit note of a bill of supply or receipt shows no tax (decision 0182).
        d.kind === "tax-invoice" || (d.kind === "credit-note" && d.credits_kind === "tax-invoice")
          ? d.intra_state
            ? "CGST+SGST"
            : "IGST"
          : "",
        money(d.taxable_paise),
        money(d.cgst_paise),
        money(d.sgst_paise),
        money(d.igst_paise),
        money(d.total_paise),
      ],
    ),
  };
}
