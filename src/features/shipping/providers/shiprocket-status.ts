/**
 * Shiprocket's shipment status codes in the shop's words. Source: Shiprocket's "Shipment Status
 * Codes" table of its API documentation (apidocs.shiprocket.in), as reproduced in public code that
 * reads the webhook (docs/shipping.md names them); every code of that table is here. Each code has
 * its published name, the parcel stage it moves the shipment to (null: it moves nothing, the event
 * is only kept) and whether the owner must hear of it at once (decision 0185): a failed delivery
 * attempt (NDR), a return to origin (RTO), a loss. A code not in the table is kept as an event
 * too, moves nothing and is flagged to the owner.
 */
import { fromIndiaClock } from "~/lib/dates";
import type { ParcelAlert, ShipmentStatus } from "./provider";

export interface ShiprocketCode {
  name: string;
  stage: ShipmentStatus | null;
  alert: ParcelAlert | null;
}

const B = "booked";
const T = "in_transit";
type Row = [number, string, ShipmentStatus | null, ParcelAlert?];

const ROWS: Row[] = [
  [1, "AWB Assigned", B],
  [2, "Label Generated", B],
  [3, "Pickup Scheduled/Generated", B],
  [4, "Pickup Queued", B],
  [5, "Manifest Generated", B],
  [6, "Shipped", "picked_up"],
  [7, "Delivered", "delivered"],
  [8, "Cancelled", "cancelled"],
  [9, "RTO Initiated", "rto", "rto"],
  [10, "RTO Delivered", "rto", "rto"],
  [11, "Pending", B],
  [12, "Lost", "lost", "lost"],
  [13, "Pickup Error", B, "pickup"],
  [14, "RTO Acknowledged", "rto", "rto"],
  [15, "Pickup Rescheduled", B],
  // A request, not a cancellation: the parcel stays where it was until 8 or 45 comes.
  [16, "Cancellation Requested", null],
  [17, "Out For Delivery", "out_for_delivery"],
  [18, "In Transit", T],
  [19, "Out For Pickup", B],
  [20, "Pickup Exception", B, "pickup"],
  [21, "Undelivered", null, "ndr"],
  [22, "Delayed", T],
  [23, "Partial Delivered", null, "ndr"],
  [24, "Destroyed", "lost", "lost"],
  [25, "Damaged", "lost", "lost"],
  [26, "Fulfilled", "delivered"],
  [27, "Pickup Booked", B],
  [38, "Reached at Destination Hub", T],
  [39, "Misrouted", T],
  [40, "RTO NDR", "rto", "rto"],
  [41, "RTO OFD", "rto", "rto"],
  [42, "Picked Up", "picked_up"],
  [43, "Self Fulfilled", "delivered"],
  [44, "Disposed Off", "lost", "lost"],
  [45, "Cancelled Before Dispatched", "cancelled"],
  [46, "RTO In Transit", "rto", "rto"],
  [47, "QC Failed", null, "pickup"],
  [48, "Reached Warehouse", T],
  [49, "Custom Cleared", T],
  [50, "In Flight", T],
  [51, "Handover to Courier", "picked_up"],
  [52, "Shipment Booked", B],
  [54, "In Transit Overseas", T],
  [55, "Connection Aligned", T],
  [56, "Reached Overseas Warehouse", T],
  [57, "Custom Cleared Overseas", T],
  [59, "Box Packing", B],
  [60, "FC Allocated", B],
  [61, "Picklist Generated", B],
  [62, "Ready to Pack", B],
  [63, "Packed", B],
  [67, "FC Manifest Generated", B],
  [68, "Processed at Warehouse", T],
  [71, "Handover Exception", B, "pickup"],
  [72, "Packed Exception", B, "pickup"],
  [75, "RTO Lock", "rto", "rto"],
  [76, "Untraceable", "lost", "lost"],
  [77, "Issue Related to the Recipient", null, "ndr"],
  [78, "Reached Back at Seller City", "rto", "rto"],
];

export const SHIPROCKET_CODES: ReadonlyMap<number, ShiprocketCode> = new Map(
  ROWS.map(([code, name, stage, alert]) => [code, { name, stage, alert: alert ?? null }]),
);

/**
 * A status code (shipment_status_id, else current_status_id) in the shop's words; a code not in the
 * table moves nothing and is flagged ("unknown"), whatever its words say.
 */
export function shiprocketCode(code: number | null, words = ""): ShiprocketCode {
  if (code !== null && Number.isFinite(code)) {
    const known = SHIPROCKET_CODES.get(code);
    if (known) return known;
    return { name: words.trim() || `Code ${code}`, stage: null, alert: "unknown" };
  }
  return { name: words.trim() || "No status", stage: null, alert: "unknown" };
}

/** "23 05 2023 11:43:52" (webhook) or "2023-05-19 11:59:16" (scans), India time, to a Date. */
export function shiprocketTime(text: string): Date | null {
  const t = text.trim();
  let m = /^(\d{2}) (\d{2}) (\d{4}) (\d{2}):(\d{2}):(\d{2})$/.exec(t);
  if (m) return fromIndiaClock(`${m[3]}-${m[2]}-${m[1]}T${m[4]}:${m[5]}:${m[6]}`);
  m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(t);
  if (m) return fromIndiaClock(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6] ?? "00"}`);
  return null;
}
