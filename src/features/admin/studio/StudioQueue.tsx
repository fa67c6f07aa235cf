/**
 * The studio's queue week by week (docs/decisions/0122-capacity-and-needed-by.md): each week's
 * capacity, the pieces planned in it and the orders they belong to, full weeks marked.
 */
import { indiaDate } from "~/lib/dates";
import { LoadFailed } from "~/features/admin/shell/ScreenState";
import { useScreenData } from "~/features/admin/shell/use-screen-data";
import { fetchStudioQueue } from "./studio-client";

/** Pieces are whole: a part week's share (8.33) reads as the nearest whole piece. */
const pieces = (n: number) => Math.round(n);

export default function StudioQueue({ refresh }: { refresh: number }) {
  const data = useScreenData((signal) => fetchStudioQueue(8, signal), [refresh]);
  if (data.state === "loading" || data.state === "missing") return null;
  if (data.state === "failed")
    return (
      <LoadFailed text="The queue could not be loaded." detail={data.error} onRetry={data.retry} />
    );
  return (
    <table className="w-full text-left text-sm" data-studio-queue>
      <thead className="text-ink-500">
        <tr>
          <th className="py-1 pr-3 font-medium">Week of</th>
          <th className="px-3 py-1 font-medium">Planned / capacity</th>
          <th className="py-1 pl-3 font-medium">Orders</th>
        </tr>
      </thead>
      <tbody>
        {data.data.weeks.map((w) => (
          <tr
            key={w.week}
            className="border-t border-cream-100 align-top"
            data-week={w.week}
            data-full={w.full ? "true" : "false"}
          >
            <td className="py-1 pr-3">{indiaDate(`${w.week}T06:30:00Z`)}</td>
            <td className={`px-3 py-1 ${w.full ? "font-semibold text-red-800" : ""}`}>
              {pieces(w.planned)} / {pieces(w.capacity)} pieces
              {w.full && " (full)"}
            </td>
            <td className="break-all py-1 pl-3 text-ink-600">
              {w.orders.map((o) => `${o.id} (${pieces(o.pieces) || "<1"})`).join(", ") || "-"}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
