/**
 * The CSV exports for the accountant (docs/decisions/0092-csv-exports.md), for the period shown;
 * the customers file (every account) says what personal data it holds; it is the owner's alone
 * (the accountant's exports: docs/decisions/0254-accountant-sees-no-contact-details.md).
 */
import { useStore } from "@nanostores/react";
import { $user } from "~/features/account/session-store";
import { isAdmin } from "~/lib/roles";
import type { DayRange } from "~/features/reports/report-range";
import { CUSTOMERS_NOTE, EXPORTS } from "~/features/reports/reports";
import DownloadButton from "./DownloadButton";
import { exportPath } from "./reports-view";

export default function ExportList({ range }: { range: DayRange }) {
  const owner = isAdmin(useStore($user));
  const shown = EXPORTS.filter((e) => owner || e.name !== "customers");
  return (
    <section
      className="rounded-2xl border border-cream-200 bg-white/85 p-4"
      aria-labelledby="exports-title"
    >
      <h2 id="exports-title" className="text-lg text-ink-900">
        Exports (CSV)
      </h2>
      <p className="mb-3 text-sm text-ink-500">
        Orders, lines and payments of the orders placed from {range.from} to {range.to}; invoices
        and credit notes issued in it; customers: every account.
      </p>
      <div className="flex flex-wrap gap-2">
        {shown.map((e) => (
          <DownloadButton
            key={e.name}
            label={e.label}
            path={exportPath(e.name, range)}
            filename={`${e.name}.csv`}
          />
        ))}
      </div>
      {owner && (
        <p className="mt-3 text-sm text-ink-700" data-personal-data-note>
          {CUSTOMERS_NOTE}
        </p>
      )}
    </section>
  );
}
