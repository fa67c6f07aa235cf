/**
 * Needed-by dates on the orders dashboard (docs/decisions/0122-capacity-and-needed-by.md): the
 * orders whose customer needs them by a date, closest promise first, with when each should arrive;
 * a paid order that would arrive after its date (or is late to dispatch) stands out. Nothing shows
 * while no open order has a date. Usage: <NeededByPanel />.
 */
import { indiaDate } from "~/lib/dates";
import { LoadFailed } from "~/features/admin/shell/ScreenState";
import { useScreenData } from "~/features/admin/shell/use-screen-data";
import { fetchNeededBy } from "./studio-client";

const day = (d: string) => indiaDate(`${d}T06:30:00Z`);

export default function NeededByPanel() {
  const data = useScreenData((signal) => fetchNeededBy(signal), []);
  if (data.state === "loading" || data.state === "missing") return null;
  if (data.state === "failed")
    return (
      <LoadFailed
        text="The needed-by dates could not be loaded."
        detail={data.error}
        onRetry={data.retry}
      />
    );
  if (data.data.length === 0) return null;
  return (
    <section
      className="rounded-3xl border border-cream-200 bg-white/85 p-5"
      aria-labelledby="needed-by-title"
      data-needed-by-panel
    >
      <h2 id="needed-by-title" className="mb-2 text-xl text-ink-900">
        Needed by
      </h2>
      <table className="w-full text-left text-sm">
        <thead className="text-ink-500">
          <tr>
            <th className="py-1 pr-3 font-medium">Order</th>
            <th className="px-3 py-1 font-medium">Needed by</th>
            <th className="px-3 py-1 font-medium">Promised dispatch</th>
            <th className="py-1 pl-3 font-medium">Arrives around</th>
          </tr>
        </thead>
        <tbody>
          {data.data.map((r) => (
            <tr
              key={r.orderId}
              className={`border-t border-cream-100 ${r.atRisk ? "bg-red-50 font-semibold text-red-900" : ""}`}
              data-needed-by-row={r.orderId}
              data-at-risk={r.atRisk ? "true" : "false"}
            >
              <td className="break-all py-1 pr-3">
                <a href={`/admin/order/${encodeURIComponent(r.orderId)}`} className="underline">
                  {r.orderId}
                </a>
                {r.atRisk && (
                  <span className="ml-2 rounded-full bg-red-200 px-2 text-xs">Late risk</span>
                )}
              </td>
              <td className="px-3 py-1">{day(r.neededBy)}</td>
              <td className="px-3 py-1">
                {r.promisedDispatchAt ? indiaDate(r.promisedDispatchAt) : "Not paid"}
              </td>
              <td className="py-1 pl-3">{r.arrivesBy ? day(r.arrivesBy) : "-"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
