/**
 * The CSV exports (docs/decisions/0092-csv-exports.md): each is a keyset walk over an indexed order
 * (orders by placed time, documents by issue time, customers by id), a page of 1,000 rows per
 * statement, streamed by csv-stream.server.ts. Read-only queries of the reports read model
 * (docs/decisions/0090-reports-read-model.md). Orders, lines and payments cover the orders placed in
 * the period; invoices the documents issued in it; customers are every account.
 */
import type { DbOrTx } from "~/server/db/client";
import type { CsvFile } from "./csv-stream.server";
import { EXPORT_PAGE } from "./exports/keyset";
import { customersExport } from "./exports/customers.server";
import { invoicesExport } from "./exports/documents.server";
import { orderLinesExport, ordersExport } from "./exports/orders.server";
import { paymentsExport } from "./exports/payments.server";
import { stockExport } from "./exports/stock.server";
import type { DayRange } from "./report-range";
import type { ExportName } from "./reports";

/** The named export over the period (customers: every account), ready for csvResponse. */
export function exportFile(
  db: DbOrTx,
  name: ExportName,
  range: DayRange,
  pageSize = EXPORT_PAGE,
): CsvFile {
  const period = `${range.from}-to-${range.to}`;
  const file =
    name === "orders"
      ? ordersExport(db, range, pageSize)
      : name === "order-lines"
        ? orderLinesExport(db, range, pageSize)
        : name === "invoices"
          ? invoicesExport(db, range, pageSize)
          : name === "payments"
            ? paymentsExport(db, range, pageSize)
            : name === "stock"
              ? stockExport(db, pageSize)
              : customersExport(db, pageSize);
  // Customers and stock are as they are now, not a period's.
  const now = name === "customers" || name === "stock";
  return { ...file, filename: now ? `${name}.csv` : `${name}-${period}.csv` };
}
