/**
 * /admin/reports (docs/product.md Admin reports): sales per day, week or month for a period (India
 * time) with the net drawn as a chart, totals and the average order, top products and collections,
 * custom work against catalogue orders, late dispatches, damage claims per month of the period (for
 * the roles the permission table lets read them, decision 0270), and the CSV exports. The view lives in the
 * address (reports-view.ts); the figures come from one call (docs/decisions/0090-reports-read-model.md).
 */
import { useStore } from "@nanostores/react";
import { formatInr } from "~/lib/money";
import type { ScreenProps } from "~/features/admin/shell/AdminApp";
import { $adminSearch, navigate, setSearch } from "~/features/admin/shell/admin-router";
import ScreenState from "~/features/admin/shell/ScreenState";
import { useScreenData } from "~/features/admin/shell/use-screen-data";
import ExportList from "./ExportList";
import StockReport from "~/features/admin/stock/StockReport";
import ClaimsReport from "~/features/admin/claims/ClaimsReport";
import { useMay } from "~/features/admin/shell/use-may";
import PeriodPicker from "./PeriodPicker";
import SalesBreakdown from "./SalesBreakdown";
import SalesChart, { signedInr } from "./SalesChart";
import SalesTable from "./SalesTable";
import { fetchSalesReport } from "./reports-client";
import TotalsGrid from "./TotalsGrid";
import {
  REPORTS_TEXTS,
  readReportsView,
  reportsSearch,
  monthsOf,
  salesPath,
  type ReportsView,
} from "./reports-view";

export default function ReportsScreen(_props: ScreenProps) {
  const search = useStore($adminSearch);
  const view = readReportsView(search);
  const data = useScreenData((signal) => fetchSalesReport(view, signal), [salesPath(view)]);
  const go = (next: ReportsView) => setSearch(reportsSearch(next), { push: true });
  const may = useMay();

  return (
    <section className="space-y-6" aria-labelledby="reports-title" data-reports-screen={data.state}>
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h1 id="reports-title" className="text-3xl text-ink-900">
          Reports
        </h1>
        <a
          href={`/admin/reports/gst${reportsSearch({ ...view, by: null })}`}
          onClick={(event) => {
            event.preventDefault();
            navigate(`/admin/reports/gst${reportsSearch({ ...view, by: null })}`);
          }}
          className="text-sm font-medium text-ink-700 underline"
        >
          GST summary
        </a>
      </div>
      <PeriodPicker view={view} onChange={go} showBuckets />
      <ScreenState data={data} loading={REPORTS_TEXTS.loading} failed={REPORTS_TEXTS.failed}>
        {(report) => (
          <div className="space-y-6" aria-busy={data.refreshing}>
            <TotalsGrid
              label="Totals"
              items={[
                ["Orders", String(report.totals.orders)],
                ["Gross", formatInr(report.totals.gross)],
                ["Net", signedInr(report.totals.net)],
                ["Average order", formatInr(report.totals.averageOrder)],
              ]}
            />
            <SalesChart points={report.points} by={report.by} />
            <SalesTable points={report.points} totals={report.totals} by={report.by} />
            <SalesBreakdown
              topProducts={report.topProducts}
              topCollections={report.topCollections}
              kinds={report.kinds}
              late={report.lateDispatches}
            />
          </div>
        )}
      </ScreenState>
      {may("GET", "/v2/admin/reports/claims") && <ClaimsReport months={monthsOf(view.range)} />}
      <ExportList range={view.range} />
      <StockReport />
    </section>
  );
}
