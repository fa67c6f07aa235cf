/**
 * The order screen's "Shipments" panel (docs/shipping.md): each parcel with its courier, AWB,
 * label, status and scans; a parcel that is coming back (RTO) or lost stands out; the form for a
 * new parcel (NewShipmentForm.tsx). Loaded like a screen (decision 0052): found, missing, or
 * failed with Try again.
 */
import { useId } from "react";
import { formatInr } from "~/lib/money";
import ScreenState from "~/features/admin/shell/ScreenState";
import { useScreenData } from "~/features/admin/shell/use-screen-data";
import NewShipmentForm from "./NewShipmentForm";
import ParcelCard from "./ParcelCard";
import type { AdminOrderJson } from "./orders-admin";
import { fetchShipments } from "./shipments-client";

function Shipments({ orderId, onOrderChanged }: { orderId: string; onOrderChanged?: () => void }) {
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
                  <ParcelCard
                    key={s.id}
                    s={s}
                    onChanged={() => {
                      data.retry();
                      onOrderChanged?.();
                    }}
                  />
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
  onOrderChanged,
}: {
  order: Pick<AdminOrderJson, "id" | "status">;
  /** The order screen reads the order again (a parcel's move changes its status). */
  onOrderChanged?: () => void;
}) {
  if (!["processing", "shipped", "delivered"].includes(order.status)) return null;
  return <Shipments orderId={order.id} onOrderChanged={onOrderChanged} />;
}
