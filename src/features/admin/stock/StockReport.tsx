/**
 * Stock at cost on the Reports screen (docs/decisions/0218-stock-owner-tools.md): the counted
 * products under a filter (in stock, low, sold out, made to order), on hand, held and left, the
 * stock on hand valued at cost price, and the bulk upload of the stock CSV (all rows or none).
 */
import { useState } from "react";
import { showToast } from "~/components/ui/toast-store";
import { formatInr } from "~/lib/money";
import { navigate } from "~/features/admin/shell/admin-router";
import { useMay } from "~/features/admin/shell/use-may";
import { useScreenData } from "~/features/admin/shell/use-screen-data";
import { STOCK_FILTER_LABELS, STOCK_FILTERS, STOCK_MODE_LABELS } from "~/features/stock/stock";
import { fetchStockList, uploadStock } from "./stock-client";

const FILTERS = [
  ["all", "All products"],
  ...STOCK_FILTERS.map((filter) => [filter, STOCK_FILTER_LABELS[filter]] as const),
] as const;

export default function StockReport() {
  const [filter, setFilter] = useState<string>("low");
  const [problem, setProblem] = useState("");
  const may = useMay();
  const data = useScreenData((signal) => fetchStockList(filter, signal), [filter]);
  const upload = async (file: File | undefined) => {
    if (!file) return;
    setProblem("");
    try {
      const { products } = await uploadStock(await file.text());
      showToast({ type: "success", title: `Stock set for ${products} products` });
      data.retry();
    } catch (e) {
      setProblem(e instanceof Error ? e.message : "The file was not taken");
    }
  };
  return (
    <section aria-labelledby="stock-report-title" className="space-y-3" data-stock-report>
      <h2 id="stock-report-title" className="text-xl text-ink-900">
        Stock at cost
      </h2>
      <div className="flex flex-wrap items-end gap-3 text-sm">
        <label className="flex flex-col gap-1">
          Show
          <select
            className="rounded-lg border border-cream-300 bg-white px-2 py-1"
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
          >
            {FILTERS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        {may("POST", "/v2/admin/stock/upload") && (
          <label className="flex flex-col gap-1">
            Set stock from a CSV (the "Stock at cost" export's columns)
            <input
              type="file"
              accept=".csv,text/csv"
              onChange={(e) => upload(e.target.files?.[0])}
            />
          </label>
        )}
      </div>
      {problem && (
        <p role="alert" className="whitespace-pre-line text-sm text-red-700">
          {problem}
        </p>
      )}
      {data.state === "found" && (
        <>
          <p className="text-sm text-ink-700">
            {data.data.totals.products} counted products, {data.data.totals.onHand} pieces on the
            shelf worth {formatInr(data.data.totals.cost)} at cost; {data.data.totals.low} low,{" "}
            {data.data.totals.soldOut} sold out.
          </p>
          <section
            className="overflow-x-auto"
            aria-label="Stock at cost"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region takes focus so a keyboard can scroll it
            tabIndex={0}
          >
            <table className="w-full text-left text-sm">
              <thead>
                <tr>
                  <th scope="col">Product</th>
                  <th scope="col">Stock</th>
                  <th scope="col">On hand</th>
                  <th scope="col">Held</th>
                  <th scope="col">Left</th>
                  <th scope="col">Value at cost</th>
                </tr>
              </thead>
              <tbody>
                {data.data.rows.map((r) => (
                  <tr key={r.id}>
                    <td>
                      <a
                        className="underline"
                        href={`/admin/product/${encodeURIComponent(r.id)}`}
                        onClick={(event) => {
                          event.preventDefault();
                          navigate(`/admin/product/${encodeURIComponent(r.id)}`);
                        }}
                      >
                        {r.name}
                      </a>
                    </td>
                    <td>{STOCK_MODE_LABELS[r.mode]}</td>
                    <td>{r.onHand ?? "-"}</td>
                    <td>{r.held}</td>
                    <td>{r.left ?? "-"}</td>
                    <td>{r.onHand === null ? "-" : formatInr(r.cost)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        </>
      )}
    </section>
  );
}
