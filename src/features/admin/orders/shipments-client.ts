/**
 * The portal's shipment calls (docs/shipping.md): sizes in grams and centimetres, amounts paise here
 * and rupees on the wire (the API client converts).
 */
import type { ShipmentJson, ShipmentsAnswer } from "~/features/shipping/shipping";
import { adminGet, adminPost } from "~/features/admin/shell/admin-api";

export type { ShipmentJson, ShipmentsAnswer };

const shipmentsPath = (orderId: string) =>
  `/v2/admin/order/${encodeURIComponent(orderId)}/shipments`;

export function fetchShipments(orderId: string, signal?: AbortSignal): Promise<ShipmentsAnswer> {
  return adminGet<ShipmentsAnswer>(shipmentsPath(orderId), { signal });
}

export function createShipment(
  orderId: string,
  body: unknown,
): Promise<{ shipment: ShipmentJson }> {
  return adminPost(shipmentsPath(orderId), body);
}

export function bookShipment(id: string): Promise<{ shipment: ShipmentJson }> {
  return adminPost(`/v2/admin/shipments/${encodeURIComponent(id)}/book`);
}

export function markShipment(id: string, status: string): Promise<{ shipment: ShipmentJson }> {
  return adminPost(`/v2/admin/shipments/${encodeURIComponent(id)}/mark`, { status });
}

export function markParcelSeen(id: string): Promise<{ shipment: ShipmentJson }> {
  return adminPost(`/v2/admin/shipments/${encodeURIComponent(id)}/seen`);
}

/** How many parcels have news the owner has not marked seen (decision 0185). */
export function fetchParcelAlerts(): Promise<unknown> {
  return adminGet<unknown>("/v2/admin/shipments/alerts");
}
