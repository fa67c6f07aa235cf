/**
 * One parcel in the order's Shipments panel (docs/shipping.md): status, courier, AWB, cost (marked
 * while it is only the quote, decision 0186), news the owner has not marked seen (an undelivered
 * attempt, a return, a loss, a pickup problem, a status the shop does not know; decision 0185),
 * label, manifest and courier's page, the retry of a failed booking, the manual marks, the scans.
 */
import { showToast } from "~/components/ui/toast-store";
import { indiaDateTime } from "~/lib/dates";
import { formatInr } from "~/lib/money";
import { bookShipment, markParcelSeen, markShipment, type ShipmentJson } from "./shipments-client";

const ATTENTION: Record<string, string> = {
  ndr: "The courier could not deliver it (NDR): contact the shopper, then tell Shiprocket to try again or return it.",
  rto: "It is coming back to you (RTO).",
  lost: "The courier reports it lost or damaged.",
  pickup: "The pickup went wrong.",
  unknown: "Shiprocket sent a status the shop does not know.",
};

export default function ParcelCard({ s, onChanged }: { s: ShipmentJson; onChanged: () => void }) {
  const trouble = s.status === "rto" || s.status === "lost" || s.attention !== "";
  const act = (run: () => Promise<unknown>, done: string) =>
    run().then(
      () => {
        showToast({ type: "success", title: done });
        onChanged();
      },
      (e: unknown) =>
        showToast({ type: "error", title: e instanceof Error ? e.message : "Failed" }),
    );
  return (
    <li
      className={`space-y-1 rounded-lg p-2 ${trouble ? "bg-red-50 ring-1 ring-red-300" : "bg-cream-100"}`}
      data-shipment-status={s.status}
    >
      <p className="font-medium">
        {s.statusLabel}
        {s.courierName ? ` · ${s.courierName}` : ""}
        {s.awb ? ` · AWB ${s.awb}` : ""}
        {s.cost
          ? ` · costs ${formatInr(s.cost)}${s.costIsQuote ? " (the quote; the courier has not billed yet)" : ""}`
          : ""}
      </p>
      {s.attention && (
        <p className="text-red-700" data-parcel-attention={s.attention}>
          {ATTENTION[s.attention] ?? ATTENTION.unknown}
          {s.providerStatus ? ` The courier's last word: ${s.providerStatus}.` : ""}{" "}
          <button
            type="button"
            className="underline"
            onClick={() => act(() => markParcelSeen(s.id), "Marked seen")}
          >
            Mark seen
          </button>
        </p>
      )}
      <p className="text-ink-500">
        {s.weightGrams} g, {s.lengthCm}×{s.breadthCm}×{s.heightCm} cm
        {s.pickupScheduledAt ? ` · pickup ${s.pickupScheduledAt}` : ""}
        {s.etd ? ` · expected ${s.etd}` : ""}
      </p>
      <p className="flex flex-wrap gap-3">
        {s.labelUrl && (
          <a className="underline" href={s.labelUrl} target="_blank" rel="noreferrer">
            Label (PDF)
          </a>
        )}
        {s.manifestUrl && (
          <a className="underline" href={s.manifestUrl} target="_blank" rel="noreferrer">
            Manifest (PDF)
          </a>
        )}
        {s.trackingUrl && (
          <a className="underline" href={s.trackingUrl} target="_blank" rel="noreferrer">
            Courier's page
          </a>
        )}
      </p>
      {s.lastError && s.status === "booking" && (
        <p className="text-red-700">
          {s.lastError}{" "}
          <button
            type="button"
            className="underline"
            onClick={() => act(() => bookShipment(s.id), "Shipment booked")}
          >
            Try booking again
          </button>
        </p>
      )}
      {s.provider === "manual" && !["delivered", "rto", "lost"].includes(s.status) && (
        <p className="flex flex-wrap gap-2">
          {s.status === "booked" && (
            <button
              type="button"
              className="underline"
              onClick={() => act(() => markShipment(s.id, "picked_up"), "Marked picked up")}
            >
              Mark picked up
            </button>
          )}
          <button
            type="button"
            className="underline"
            onClick={() => act(() => markShipment(s.id, "delivered"), "Marked delivered")}
          >
            Mark delivered
          </button>
        </p>
      )}
      {s.scans.length > 0 && (
        <ol className="text-xs text-ink-500" aria-label="Scans">
          {s.scans.map((scan) => (
            <li key={`${scan.at}${scan.activity}`}>
              {indiaDateTime(scan.at)}: {scan.activity}
              {scan.location ? `, ${scan.location}` : ""}
            </li>
          ))}
        </ol>
      )}
    </li>
  );
}
