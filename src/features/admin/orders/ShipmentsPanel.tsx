/**
 * The order screen's "Shipments" panel (docs/shipping.md): each parcel with its courier, AWB,
 * label, status and scans; a parcel that is coming back (RTO) or lost stands out; the form for a
 * new parcel (NewShipmentForm.tsx). Loaded like a screen (decision 0052): found, missing, or
 * failed with Try again.
 */
import { useId } from "react";
import { showToast } from "~/components/ui/toast-store";
import { indiaDateTime } from "~/lib/dates";
import { formatInr } from "~/lib/money";
import ScreenState from "../shell/ScreenState";
import { useScreenData } from "../shell/use-screen-data";
import NewShipmentForm from "./NewShipmentForm";
import type { AdminOrderJson } from "./orders-admin";
import { bookShipment, fetchShipments, markShipment, type ShipmentJson } from "./shipments-client";

function Parcel({ s, onChanged }: { s: ShipmentJson; onChanged: () => void }) {
  const trouble = s.status === "rto" || s.status === "lost";
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
        {s.cost ? ` · costs ${formatInr(s.cost)}` : ""}
      </p>
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

function Shipments({ orderId }: { orderId: string }) {
  const data = useScreenData((signal) => fetchShipments(orderId, signal), [orderId]);
  const id = useId();
  return (
    <section
      className="space-y-3 rounded-2xl border border-cream-200 p-4"
      aria-labelledby={`${id}-title`}
      data-shipments-panel={orderId}
    >
      <h2 id={`${id}-title`} className="text-xl text-ink-900">
        Shipments
      </h2>
      <ScreenState
        data={data}
        loading="Loading the shipments"
        failed="The shipments could not be loaded."
      >
        {(answer) => (
          <>
            {answer.courierCharges.cost > 0 && (
              <p className="text-sm text-ink-700">
                Couriers charge {formatInr(answer.courierCharges.cost)} for this order.
              </p>
            )}
            {answer.shipments.length > 0 && (
              <ul className="space-y-2 text-sm" aria-label="Parcels">
                {answer.shipments.map((s) => (
                  <Parcel key={s.id} s={s} onChanged={data.retry} />
                ))}
              </ul>
            )}
            <NewShipmentForm orderId={orderId} answer={answer} onBooked={data.retry} />
          </>
        )}
      </ScreenState>
    </section>
  );
}

/** Shown once the order is paid and being made, or later. */
export default function ShipmentsPanel({
  order,
}: {
  order: Pick<AdminOrderJson, "id" | "status">;
}) {
  if (!["processing", "shipped", "delivered"].includes(order.status)) return null;
  return <Shipments orderId={order.id} />;
}
