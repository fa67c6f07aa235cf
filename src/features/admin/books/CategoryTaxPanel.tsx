/**
 * The collections' default HSN code and GST rate (docs/decisions/0085), on the Homepage Categories
 * screen: a row per collection with Save. A product without its own codes is invoiced with its
 * collection's, else the shop's default. No rate is suggested: the owner's accountant decides.
 * Usage: <CategoryTaxPanel />.
 */
import { useState } from "react";
import { showToast } from "~/components/ui/toast-store";
import { rateOptions, staleRateWarning } from "~/features/books/gst-rates";
import { showPortalError } from "~/features/admin/shell/portal-errors";
import { LoadFailed } from "~/features/admin/shell/ScreenState";
import { useScreenData } from "~/features/admin/shell/use-screen-data";
import { fetchCategoryTax, saveCategoryTax } from "./books-client";

const field = "rounded-xl border border-cream-300 bg-white px-3 py-1.5 text-sm";

function Row({ id, hsn, gstRate }: { id: string; hsn: string | null; gstRate: number | null }) {
  const [code, setCode] = useState(hsn ?? "");
  const [rate, setRate] = useState(gstRate === null ? "" : String(gstRate));
  const [busy, setBusy] = useState(false);
  const staleRate = staleRateWarning(rate === "" ? null : Number(rate), new Date());
  async function save() {
    setBusy(true);
    try {
      await saveCategoryTax({
        categoryId: id,
        hsn: code,
        gstRate: rate === "" ? null : Number(rate),
      });
      showToast({ type: "success", title: `Tax codes of ${id} saved` });
    } catch (error) {
      showPortalError(error, "The tax codes were not saved");
    } finally {
      setBusy(false);
    }
  }
  return (
    <li className="flex flex-wrap items-center gap-2 py-2" data-category-tax={id}>
      <span className="min-w-40 flex-1 text-sm text-ink-900">{id}</span>
      <input
        aria-label={`HSN code of ${id}`}
        className={`${field} w-28`}
        inputMode="numeric"
        maxLength={8}
        placeholder="Default"
        value={code}
        onChange={(e) => setCode(e.target.value)}
      />
      <select
        aria-label={`GST rate of ${id}`}
        className={field}
        value={rate}
        onChange={(e) => setRate(e.target.value)}
      >
        <option value="">Default</option>
        {rateOptions(gstRate, new Date()).map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <button
        type="button"
        disabled={busy}
        onClick={() => void save()}
        className="rounded-full bg-ink-900 px-4 py-1.5 text-sm font-semibold text-cream-50 disabled:opacity-60"
      >
        Save
      </button>
      {staleRate && (
        <p className="w-full text-sm text-amber-800" data-stale-rate>
          {staleRate}
        </p>
      )}
    </li>
  );
}

export default function CategoryTaxPanel() {
  const data = useScreenData((signal) => fetchCategoryTax(signal), []);
  if (data.state === "loading" || data.state === "missing") return null;
  if (data.state === "failed")
    return (
      <LoadFailed
        text="The tax codes could not be loaded."
        detail={data.error}
        onRetry={data.retry}
      />
    );
  return (
    <details className="rounded-2xl bg-white p-5 ring-1 ring-cream-200" data-category-tax-panel>
      <summary className="cursor-pointer text-sm font-semibold text-ink-900">
        Tax codes by collection (HSN and GST rate for invoices)
      </summary>
      <ul className="mt-3 divide-y divide-cream-200">
        {data.data.categories.map((c) => (
          <Row key={c.id} {...c} />
        ))}
      </ul>
    </details>
  );
}
