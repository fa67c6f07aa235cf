/** Sales per point (docs/product.md Admin reports): orders, gross, discounts, shipping, refunds, net. */
import { formatInr } from "~/lib/money";
import type { SalesFigures, SalesPoint } from "~/features/reports/reports";
import { pointLabel, signedInr } from "./SalesChart";

const COLUMNS: ReadonlyArray<{ key: keyof SalesFigures; label: string }> = [
  { key: "gross", label: "Gross" },
  { key: "discount", label: "Discounts" },
  { key: "shipping", label: "Shipping" },
  { key: "refunded", label: "Refunds" },
  { key: "net", label: "Net" },
];

export default function SalesTable({
  points,
  totals,
  by,
}: {
  points: readonly SalesPoint[];
  totals: SalesFigures;
  by: "day" | "week" | "month";
}) {
  const cell = "px-3 py-2 text-right tabular-nums";
  return (
    <section
      className="overflow-x-auto rounded-2xl border border-cream-200 bg-white/85"
      aria-label={`Sales per ${by}`}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region takes focus so a keyboard can scroll it
      tabIndex={0}
    >
      <table className="w-full text-sm" data-sales-table>
        <caption className="sr-only">Sales per {by}</caption>
        <thead className="bg-cream-50 text-ink-500">
          <tr>
            <th scope="col" className="px-3 py-2 text-left">
              {by === "day" ? "Day" : by === "week" ? "Week from" : "Month"}
            </th>
            <th scope="col" className={cell}>
              Orders
            </th>
            {COLUMNS.map((c) => (
              <th key={c.key} scope="col" className={cell}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {points.map((p) => (
            <tr key={p.start} className="border-t border-cream-100">
              <th scope="row" className="px-3 py-2 text-left font-normal">
                {pointLabel(p.start, by)}
              </th>
              <td className={cell}>{p.orders}</td>
              {COLUMNS.map((c) => (
                <td key={c.key} className={cell}>
                  {c.key === "net" ? signedInr(p.net) : formatInr(p[c.key])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        <tfoot className="border-t-2 border-cream-200 font-semibold">
          <tr>
            <th scope="row" className="px-3 py-2 text-left">
              Total
            </th>
            <td className={cell}>{totals.orders}</td>
            {COLUMNS.map((c) => (
              <td key={c.key} className={cell}>
                {c.key === "net" ? signedInr(totals.net) : formatInr(totals[c.key])}
              </td>
            ))}
          </tr>
        </tfoot>
      </table>
    </section>
  );
}
