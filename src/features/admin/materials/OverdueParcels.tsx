/**
 * Parcels not received 10 days after payment (docs/decisions/0123-customer-materials.md), on the
 * orders dashboard: the order, its reference, since when, and what the customer said about sending
 * it. Nothing shows while none is overdue. Usage: <OverdueParcels />.
 */
import { indiaDate } from "~/lib/dates";
import { LoadFailed } from "~/features/admin/shell/ScreenState";
import { useScreenData } from "~/features/admin/shell/use-screen-data";
import { fetchOverdueParcels } from "./materials-client";

export default function OverdueParcels() {
  const data = useScreenData((signal) => fetchOverdueParcels(signal), []);
  if (data.state === "loading" || data.state === "missing") return null;
  if (data.state === "failed")
    return (
      <LoadFailed
        text="The overdue parcels could not be loaded."
        detail={data.error}
        onRetry={data.retry}
      />
    );
  if (data.data.length === 0) return null;
  return (
    <section
      className="rounded-3xl border border-amber-200 bg-amber-50 p-5"
      aria-labelledby="overdue-parcels-title"
      data-overdue-parcels
    >
      <h2 id="overdue-parcels-title" className="mb-2 text-xl text-ink-900">
        Parcels not received after 10 days
      </h2>
      <ul className="space-y-1 text-sm">
        {data.data.map((p) => (
          <li key={p.orderId} className="break-all" data-overdue-parcel={p.orderId}>
            <a href={`/admin/order/${encodeURIComponent(p.orderId)}`} className="underline">
              {p.orderId}
            </a>{" "}
            · {p.reference} · paid {indiaDate(p.expectedSince)}
            {p.tracking ? ` · sent with ${p.courier}, ${p.tracking}` : " · not sent yet"}
          </li>
        ))}
      </ul>
    </section>
  );
}
