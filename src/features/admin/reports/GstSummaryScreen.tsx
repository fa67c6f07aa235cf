/**
 * /admin/reports/gst (docs/product.md Admin reports): the GST summary of a period in the shape the
 * accountant files, read from the documents as issued (docs/decisions/0093-gst-summary-shape.md),
 * with its CSV. The period lives in the address, shared with the Reports screen.
 */
import { useStore } from "@nanostores/react";
import { formatInr } from "~/lib/money";
import type { ScreenProps } from "~/features/admin/shell/AdminApp";
import { $adminSearch, navigate, setSearch } from "~/features/admin/shell/admin-router";
import ScreenState from "~/features/admin/shell/ScreenState";
import { useScreenData } from "~/features/admin/shell/use-screen-data";
import DownloadButton from "./DownloadButton";
import GstTables from "./GstTables";
import PeriodPicker from "./PeriodPicker";
import { fetchGstSummary } from "./reports-client";
import TotalsGrid from "./TotalsGrid";
import {
  REPORTS_TEXTS,
  gstCsvPath,
  gstPath,
  readReportsView,
  reportsSearch,
  type ReportsView,
} from "./reports-view";

export default function GstSummaryScreen(_props: ScreenProps) {
  const search = useStore($adminSearch);
  const view = readReportsView(search);
  const data = useScreenData(
    (signal) => fetchGstSummary(view.range, signal),
    [gstPath(view.range)],
  );
  const go = (next: ReportsView) => setSearch(reportsSearch({ ...next, by: null }), { push: true });
  const back = `/admin/reports${reportsSearch(view)}`;

  return (
    <section className="space-y-6" aria-labelledby="gst-title" data-gst-screen={data.state}>
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h1 id="gst-title" className="text-3xl text-ink-900">
          GST summary
        </h1>
        <a
          href={back}
          onClick={(event) => {
            event.preventDefault();
            navigate(back);
          }}
          className="text-sm font-medium text-ink-700 underline"
        >
          Reports
        </a>
      </div>
      <PeriodPicker view={view} onChange={go} />
      <ScreenState data={data} loading={REPORTS_TEXTS.gstLoading} failed={REPORTS_TEXTS.gstFailed}>
        {(summary) => (
          <div className="space-y-4" aria-busy={data.refreshing}>
            <TotalsGrid
              label="GST totals"
              items={[
                ["Tax invoices", String(summary.invoices.documents)],
                ["Taxable value", formatInr(summary.invoices.taxable)],
                [
                  "Tax",
                  formatInr(summary.invoices.cgst + summary.invoices.sgst + summary.invoices.igst),
                ],
                ["Credit notes", String(summary.credits.documents)],
              ]}
            />
            <DownloadButton
              label="Download the GST summary (CSV)"
              path={gstCsvPath(view.range)}
              filename="gst-summary.csv"
            />
            <GstTables summary={summary} />
          </div>
        )}
      </ScreenState>
    </section>
  );
}
